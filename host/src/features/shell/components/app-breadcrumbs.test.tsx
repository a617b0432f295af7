import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { MessageKey } from '@portal/ui';
import type { Crumb } from '../../../lib/routes/route-table';
import { BreadcrumbTrail } from './app-breadcrumbs';

const KEYS: MessageKey[] = ['route.dashboard', 'route.backup', 'route.restore', 'route.jobs', 'route.profile', 'route.alerts', 'route.teams', 'route.groups', 'route.sharepoint', 'route.operator'];
const crumbs = (n: number): Crumb[] => KEYS.slice(0, n).map((key, i) => ({ key, title: key, path: `/p${i}` }));

const renderTrail = (trail: Crumb[]) => render(<BreadcrumbTrail trail={trail} />, { wrapper: MemoryRouter });

describe('breadcrumbs', () => {
  it('shows up to 8 items in full, the last one as the current page', () => {
    renderTrail(crumbs(8));
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(nav).getAllByRole('listitem').filter((li) => !li.getAttribute('aria-hidden'))).toHaveLength(8);
    expect(within(nav).getByText('Groups')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/p0');
    expect(within(nav).queryByRole('button', { name: 'Show path' })).not.toBeInTheDocument();
  });

  it('collapses after 8 items, keeping 1 before and 1 after, and expands on request', async () => {
    renderTrail(crumbs(10));
    const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByText('Operator')).toBeInTheDocument();
    for (const hidden of ['Backup', 'Restore', 'Jobs', 'Teams', 'SharePoint']) expect(within(nav).queryByText(hidden)).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Show path' }));
    expect(within(nav).getByRole('link', { name: 'SharePoint' })).toBeInTheDocument();
  });
});
