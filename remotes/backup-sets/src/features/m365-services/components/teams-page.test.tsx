import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { paths } from '@portal/config';
import { TeamsPage } from './teams-page';

describe('TeamsPage placeholder', () => {
  it('shows its title and the route parameters', () => {
    render(
      <MemoryRouter initialEntries={[paths.teams.build({ backupSetType: 'm365', backupSetId: 42, from: 'backup' })]}>
        <Routes>
          <Route path={paths.teams.pattern} element={<TeamsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Teams' })).toBeInTheDocument();
    expect(screen.getByText('This page is not built yet.')).toBeInTheDocument();
    const params = screen.getByRole('list', { name: 'Route parameters' });
    for (const text of ['backupSetType', 'm365', 'backupSetId', '42', 'from', 'backup']) expect(params).toHaveTextContent(text);
  });
});
