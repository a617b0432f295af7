import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAuthStore } from '@portal/auth-bridge';
import type { CustomerDashboard, PartnerDashboard } from '@portal/contracts';
import { getDashboardSummary } from '@portal/contracts/calls';
import { MemoryRouter } from 'react-router-dom';
import { signIn, testUser } from '../../../testing/render-app';
import { DashboardPage } from './dashboard-page';

jest.mock('@portal/contracts/calls', () => ({ getDashboardSummary: jest.fn() }));

const mocked = getDashboardSummary as jest.Mock;

const days = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

const partner: PartnerDashboard = {
  kind: 'partner',
  organisations: 12,
  protectedSeats: 340,
  storageBytes: 5 * 1024 * 1024 * 1024,
  jobs24h: { finished: 4, succeeded: 3, rate: 0.75 },
  jobs7d: { finished: 20, succeeded: 19, rate: 0.95 },
  daily: days.map((day, i) => ({ day, succeeded: i, warning: i === 6 ? 1 : 0, failed: i === 5 ? 2 : 0 })),
  openAlerts: 3,
  openTickets: 2,
};

const customer: CustomerDashboard = {
  kind: 'customer',
  services: [
    { service: 'mail', status: 'protected', sets: 1 },
    { service: 'calendar', status: 'warning', sets: 1 },
    { service: 'contacts', status: 'failed', sets: 1 },
    { service: 'onedrive', status: 'pending', sets: 1 },
    { service: 'sharepoint', status: 'unprotected', sets: 0 },
    { service: 'teams', status: 'unprotected', sets: 0 },
  ],
  lastBackupAt: '2026-11-21T10:00:00.000Z',
  nextBackupAt: null,
  storageBytes: 2048,
  recentJobs: [{ id: 'j1', title: 'Backup of Mail <b>set</b>', type: 'backup', status: 'failed', createdAt: '2026-11-21T09:00:00.000Z', finishedAt: '2026-11-21T09:05:00.000Z' }],
  openAlerts: 1,
};

function renderPage() {
  return render(<DashboardPage />, { wrapper: MemoryRouter });
}

const card = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('li') as HTMLElement;

beforeEach(() => {
  resetAuthStore();
  mocked.mockReset();
});

describe('dashboard page', () => {
  it('shows the partner cards, each linking to a page the role may open', async () => {
    signIn(testUser('PARTNER'));
    mocked.mockResolvedValue(partner);
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Organisations' })).toBeInTheDocument();
    expect(within(card('Organisations')).getByText('12')).toBeInTheDocument();
    expect(within(card('Organisations')).getByRole('link')).toHaveAttribute('href', '/user-management');
    expect(within(card('Protected seats')).getByText('340')).toBeInTheDocument();
    // Isolated, so a right-to-left layout draws it in its own direction.
    expect(within(card('Storage')).getByText('5.0 GB').tagName).toBe('BDI');
    expect(within(card('Job success rate')).getByText(/75%/)).toBeInTheDocument();
    expect(within(card('Job success rate')).getByText(/95%/)).toBeInTheDocument();
    expect(within(card('Open alerts')).getByRole('link')).toHaveAttribute('href', '/alerts');
    expect(within(card('Open tickets')).getByRole('link')).toHaveAttribute('href', '/support-tickets');
    // Partners cannot open /jobs or /grafana, so the rate card is not a link.
    expect(within(card('Job success rate')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card('Storage')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('gives the chart a text equivalent and links the admin to grafana', async () => {
    signIn(testUser('ADMIN'));
    mocked.mockResolvedValue(partner);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Finished jobs per day, last 7 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[6]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5', '0', '2']);
    expect(screen.getByTestId('job-rate-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('No finished jobs in the last 7 days')).not.toBeInTheDocument();
    expect(within(card('Job success rate')).getByRole('link')).toHaveAttribute('href', '/grafana');
  });

  it('shows the customer cards with protection per service and recent jobs as text', async () => {
    signIn(testUser('CUSTOMER'));
    mocked.mockResolvedValue(customer);
    renderPage();
    const protection = card(await screen.findByRole('heading', { name: 'Protection status' }).then((h) => h.textContent!));
    expect(within(protection).getByText('Mail').nextElementSibling).toHaveTextContent('Protected');
    expect(within(protection).getByText('Contacts').nextElementSibling).toHaveTextContent('Failed');
    expect(within(protection).getByText('SharePoint').nextElementSibling).toHaveTextContent('Not protected');
    expect(within(protection).getByRole('link')).toHaveAttribute('href', '/backup');
    expect(within(card('Backups')).getByText('Next: Not scheduled')).toBeInTheDocument();
    expect(within(card('Storage')).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(card('Recent jobs')).getByText('Backup of Mail <b>set</b>')).toBeInTheDocument();
    expect(within(card('Recent jobs')).getByRole('link')).toHaveAttribute('href', '/jobs');
    expect(within(card('Open alerts')).getByText('1')).toBeInTheDocument();
  });

  it('shows an empty customer state', async () => {
    signIn(testUser('DIRECTCUSTOMER'));
    mocked.mockResolvedValue({ ...customer, recentJobs: [], lastBackupAt: null, storageBytes: 0, openAlerts: 0 });
    renderPage();
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
    expect(within(card('Backups')).getByText('Last: Never')).toBeInTheDocument();
  });

  it('shows the error and loads again on retry', async () => {
    signIn(testUser('PARTNER'));
    mocked.mockResolvedValueOnce({ errorMessage: 'Internal server error' }).mockResolvedValueOnce(partner);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Organisations' })).toBeInTheDocument();
    expect(mocked).toHaveBeenCalledTimes(2);
  });

  it('shows a generic error when the call throws', async () => {
    signIn(testUser('ADMIN'));
    mocked.mockRejectedValue(new Error('Network Error'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
  });

  it('says so when no job finished in the last 7 days', async () => {
    signIn(testUser('DIRECTPARTNER'));
    mocked.mockResolvedValue({ ...partner, jobs24h: { finished: 0, succeeded: 0, rate: null }, jobs7d: { finished: 0, succeeded: 0, rate: null }, daily: days.map((day) => ({ day, succeeded: 0, warning: 0, failed: 0 })) });
    renderPage();
    expect(await screen.findByText('No finished jobs in the last 7 days')).toBeInTheDocument();
    expect(card('Job success rate')).toHaveTextContent('— last 24 hours · — last 7 days');
  });
});
