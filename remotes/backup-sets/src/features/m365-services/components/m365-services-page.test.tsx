import { screen, within } from '@testing-library/react';
import { paths } from '@portal/config';
import { getBackupSet, getProtectedObject } from '@portal/contracts/calls';
import { SET, USER_ADA } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { M365ServicesPage } from './m365-services-page';

jest.mock('@portal/contracts/calls', () => ({ getProtectedObject: jest.fn(), getBackupSet: jest.fn() }));

const url = paths.m365Services.build({ backupSetType: 'exchange', backupSetUserId: USER_ADA.id, backupSetId: SET.id, from: 'backup' });

describe('M365ServicesPage', () => {
  it("shows one user's services with counts, sizes and links to their items", async () => {
    jest.mocked(getProtectedObject).mockResolvedValue(USER_ADA);
    jest.mocked(getBackupSet).mockResolvedValue(SET);
    renderPage(paths.m365Services.pattern, <M365ServicesPage />, url);
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(getProtectedObject).toHaveBeenCalledWith(SET.id, USER_ADA.id);
    const mail = within(table).getByText('Mail').closest('tr')!;
    expect(mail).toHaveTextContent('700');
    expect(mail).toHaveTextContent('1.5 MB');
    expect(within(mail).getByRole('link', { name: 'Search Mail items' })).toHaveAttribute('href', `/item-search/exchange/${USER_ADA.id}/${SET.id}?service=mail`);
    expect(screen.getByRole('heading', { name: 'Services of Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Head office mail' })).toHaveAttribute('href', `/view-users/exchange/${SET.id}/backup`);
  });

  it('shows the error state', async () => {
    jest.mocked(getProtectedObject).mockResolvedValue({ errorMessage: 'Protected object not found' });
    jest.mocked(getBackupSet).mockResolvedValue(SET);
    renderPage(paths.m365Services.pattern, <M365ServicesPage />, url);
    expect(await screen.findByText(/The services could not be loaded: Protected object not found/)).toBeInTheDocument();
  });
});
