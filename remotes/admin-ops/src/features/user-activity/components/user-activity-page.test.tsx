import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listAuditLog, verifyAuditLog } from '@portal/contracts/calls';
import { alertStore, profileStore } from '@portal/ui';
import { expectEmptyThenError } from '../../../testing/render-first-visit';
import { auditCsv } from '../lib/audit-csv';
import { UserActivityPage } from './user-activity-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const entry = (seq: number, action: string, actorName: string | null = 'customer') => ({
  seq,
  at: '2026-11-21T10:00:00.000Z',
  actorName,
  action,
  target: 'customer',
  ip: '10.0.0.1',
  organisationName: 'Demo Customer',
});

const page = { entries: [entry(2, 'signin.success'), entry(1, 'signin.failure')], total: 2, page: 1, pageSize: 25 };
const mock = (fn: unknown) => fn as jest.Mock;

const setRole = (role: string) =>
  profileStore.setState({
    profile: { userId: 'u', username: 'x', email: 'x@demo.example', firstName: 'X', lastName: 'Y', role, profileImageUrl: null, organisationName: 'Org' } as never,
  });

beforeEach(() => {
  jest.clearAllMocks();
  mock(listAuditLog).mockResolvedValue(page);
  setRole('CUSTOMER');
});

describe('UserActivityPage', () => {
  it('lists entries with readable actions', async () => {
    render(<UserActivityPage />);
    const table = await screen.findByRole('table', { name: 'User activity' });
    expect(within(table).getByText('Sign-in')).toBeInTheDocument();
    expect(within(table).getByText('Failed sign-in')).toBeInTheDocument();
    expect(within(table).getAllByText('10.0.0.1')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Verify chain' })).not.toBeInTheDocument();
  });

  it('labels the data, branding, deploy and alert actions and offers them in the filter', async () => {
    mock(listAuditLog).mockResolvedValue({
      entries: [entry(4, 'restore.downloaded'), entry(3, 'branding.updated'), entry(2, 'remote.rolled_back', 'admin'), entry(1, 'organisation.mfa_required', 'partner')],
      total: 4,
      page: 1,
      pageSize: 25,
    });
    render(<UserActivityPage />);
    const table = await screen.findByRole('table', { name: 'User activity' });
    for (const label of ['Restore downloaded', 'Branding changed', 'Remote rolled back', 'MFA required for organisation']) expect(within(table).getByText(label)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    for (const label of ['E-mail changed', 'Logo uploaded', 'Tenant connected', 'Tenant deleted', 'Backup set created', 'Backup set deleted', 'Backup started', 'Restore started', 'Item downloaded', 'Remote deployed', 'Alert acknowledged', 'Alert resolved']) {
      expect(options).toContain(label);
    }
    await userEvent.click(screen.getByRole('option', { name: 'Tenant deleted' }));
    await waitFor(() => expect(listAuditLog).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'tenant.deleted', page: 1 })));
  });

  it('sends the filters to the API and starts again at page 1', async () => {
    render(<UserActivityPage />);
    await screen.findByRole('table', { name: 'User activity' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed sign-in' }));
    await waitFor(() => expect(listAuditLog).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'signin.failure', page: 1 })));
    await userEvent.type(screen.getByRole('textbox', { name: 'User or target' }), 'carla');
    await waitFor(() => expect(listAuditLog).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'carla' })));
  });

  it('shows the empty and error states', async () => {
    await expectEmptyThenError(
      <UserActivityPage />,
      listAuditLog,
      { answer: { entries: [], total: 0, page: 1, pageSize: 25 }, text: 'No activity matches these filters.' },
      { answer: { errorMessage: 'Session expired' }, text: 'The activity could not be loaded: Session expired' },
    );
  });

  it('lets the provider verify the chain', async () => {
    setRole('ADMIN');
    mock(verifyAuditLog).mockResolvedValue({ valid: false, checked: 5, brokenAtSeq: 3 });
    render(<UserActivityPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    await waitFor(() => expect(alertStore.getState()).toMatchObject({ open: true, type: 'error', message: 'Audit chain broken at entry 3: the log was changed.' }));
  });

  it('names every broken entry the verification found', async () => {
    setRole('ADMIN');
    mock(verifyAuditLog).mockResolvedValue({ valid: false, checked: 300, brokenAtSeq: 3, brokenSeqs: [3, 7], brokenCount: 5 });
    render(<UserActivityPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    await waitFor(() => expect(alertStore.getState()).toMatchObject({ open: true, type: 'error', message: 'Audit chain broken at 5 entries (3, 7 and 3 more): the log was changed.' }));
  });
});

describe('auditCsv', () => {
  it('quotes cells and neutralises spreadsheet formulas', () => {
    const csv = auditCsv([{ ...entry(1, 'signin.failure', '=HYPERLINK("x")'), target: 'a,b' }]);
    expect(csv.split('\r\n')[1]).toBe('1,2026-11-21T10:00:00.000Z,"\'=HYPERLINK(""x"")",signin.failure,"a,b",10.0.0.1,Demo Customer');
  });
});
