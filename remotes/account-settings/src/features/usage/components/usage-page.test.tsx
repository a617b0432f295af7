import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsageDay, UsageReport } from '@portal/contracts';
import { getUsageReportDownloadLink, listUsage, listUsageCustomers, listUsageReports } from '@portal/contracts/calls';
import { MemoryRouter } from 'react-router-dom';
import { signInBeforeEach, testUser } from '../../../testing/session';
import { openDownload } from '../lib/open-download';
import { UsagePage } from './usage-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
// jsdom cannot navigate: the test sees the link the page opens.
jest.mock('../lib/open-download', () => ({ openDownload: jest.fn() }));
jest.setTimeout(30000);

const CUSTOMER = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';

const day = (extra: Partial<UsageDay> = {}): UsageDay => ({
  day: '2026-10-01',
  organisationId: OTHER,
  organisationName: 'Fabrikam',
  licensedMailboxes: 12,
  sharedMailboxes: 3,
  oneDriveAccounts: 10,
  sites: 2,
  seats: 14,
  items: 48210,
  protectedBytes: 5 * 1024 ** 3,
  storedBytes: 1536 * 1024 ** 2,
  ...extra,
});

const report: UsageReport = {
  id: '00000000-0000-4000-8000-000000000001',
  organisationId: OTHER,
  organisationName: 'Fabrikam',
  month: '2026-10',
  days: 31,
  peakSeats: 15,
  createdAt: '2026-11-01T00:30:00.000Z',
  mailedAt: '2026-11-01T00:30:02.000Z',
};

signInBeforeEach(testUser('PARTNER'));

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <UsagePage />
    </MemoryRouter>,
  );

describe('UsagePage', () => {
  beforeEach(() => {
    jest.mocked(listUsageCustomers).mockResolvedValue({ items: [{ id: CUSTOMER, name: 'Contoso' }, { id: OTHER, name: 'Fabrikam' }] });
    jest.mocked(listUsage).mockResolvedValue({ from: '2026-10-01', to: '2026-10-31', items: [day(), day({ day: '2026-10-02', seats: 15, licensedMailboxes: 13 })] });
    jest.mocked(listUsageReports).mockResolvedValue({ items: [report], total: 1, page: 1, pageSize: 25 });
  });

  it("shows the chosen customer's daily figures for the chosen month, as the report e-mail's link opens it", async () => {
    renderAt(`/usage?customer=${OTHER}&month=2026-10`);
    const table = await screen.findByRole('table', { name: /^Daily usage/ });
    expect(listUsage).toHaveBeenCalledWith({ from: '2026-10-01', to: '2026-10-31', customerId: OTHER });
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveTextContent('Fabrikam');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('2026-10-01');
    expect(first).toHaveTextContent('12');
    expect(first).toHaveTextContent('48,210');
    expect(first).toHaveTextContent('5.0 GB');
    expect(first).toHaveTextContent('1.5 GB');
    expect(second).toHaveTextContent('15');
  });

  it('switches customer and month, and downloads a monthly report as CSV or PDF through a signed link', async () => {
    jest.mocked(getUsageReportDownloadLink).mockResolvedValue({ url: '/backend/api/usage/reports/x/download?format=pdf&token=t', expiresAt: '2026-11-01T00:35:00.000Z' });
    const ue = userEvent.setup();
    renderAt('/usage?month=2026-10');
    // Without a customer in the URL, the first one is shown.
    await screen.findByRole('table', { name: /^Daily usage/ });
    expect(listUsage).toHaveBeenLastCalledWith({ from: '2026-10-01', to: '2026-10-31', customerId: CUSTOMER });

    await ue.click(screen.getByRole('combobox', { name: 'Customer' }));
    await ue.click(await screen.findByRole('option', { name: 'Fabrikam' }));
    await waitFor(() => expect(listUsage).toHaveBeenLastCalledWith({ from: '2026-10-01', to: '2026-10-31', customerId: OTHER }));
    expect(listUsageReports).toHaveBeenLastCalledWith({ customerId: OTHER, page: 1, pageSize: 25 });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    await waitFor(() => expect(listUsage).toHaveBeenLastCalledWith({ from: '2026-09-01', to: '2026-09-30', customerId: OTHER }));

    const reports = await screen.findByRole('table', { name: 'Monthly reports' });
    const [, row] = within(reports).getAllByRole('row');
    expect(within(row).getByRole('rowheader')).toHaveTextContent(/2026/);
    expect(row).toHaveTextContent('31');
    expect(row).toHaveTextContent('15');
    await ue.click(within(row).getByRole('button', { name: /as PDF$/ }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledWith('/backend/api/usage/reports/x/download?format=pdf&token=t'));
    expect(getUsageReportDownloadLink).toHaveBeenCalledWith(report.id, 'pdf');
    expect(within(row).getByRole('button', { name: /as CSV$/ })).toBeEnabled();
  });

  it('says so when there are no figures or reports, and offers Retry when the usage cannot be loaded', async () => {
    jest.mocked(listUsage).mockResolvedValueOnce({ errorMessage: 'Not found' });
    jest.mocked(listUsageReports).mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25 });
    const ue = userEvent.setup();
    renderAt(`/usage?customer=${CUSTOMER}&month=2026-10`);
    expect(await screen.findByText('The usage could not be loaded: Not found')).toBeInTheDocument();
    expect(await screen.findByText(/No monthly reports yet/)).toBeInTheDocument();
    jest.mocked(listUsage).mockResolvedValueOnce({ from: '2026-10-01', to: '2026-10-31', items: [] });
    await ue.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No figures for this month.')).toBeInTheDocument();
  });
});
