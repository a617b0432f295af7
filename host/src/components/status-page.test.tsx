import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { StatusPage } from './status-page';

const renderStatus = (status: 403 | 404) => render(<StatusPage status={status} />, { wrapper: MemoryRouter });

describe('StatusPage', () => {
  it('explains a 403 and links back to the dashboard', () => {
    renderStatus(403);
    expect(screen.getByRole('heading', { level: 1, name: '403' })).toBeInTheDocument();
    expect(screen.getByText('Access denied')).toBeInTheDocument();
    expect(screen.getByText('Your role does not allow you to open this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('explains a 404', () => {
    renderStatus(404);
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });
});
