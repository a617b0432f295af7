import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTenantConsent } from '@portal/contracts/calls';
import { alertStore, resetAlertStore } from '@portal/ui';
import { openExternal } from '../../../lib/open-external';
import { organisationNode } from '../../../testing/fixtures';
import { ConnectCustomerTenantButton } from './connect-customer-tenant-button';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.mock('../../../lib/open-external', () => ({ openExternal: jest.fn() }));

beforeEach(() => {
  jest.clearAllMocks();
  resetAlertStore();
});

describe('Connect with Microsoft for a customer', () => {
  it("starts the flow for the customer and goes to Microsoft's consent page", async () => {
    jest.mocked(startTenantConsent).mockResolvedValue({ url: 'https://login.microsoftonline.com/organizations/v2.0/adminconsent?state=s' });
    render(<ConnectCustomerTenantButton organisation={organisationNode()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Microsoft' }));
    expect(startTenantConsent).toHaveBeenCalledWith({ organisationId: 'c1' });
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://login.microsoftonline.com/organizations/v2.0/adminconsent?state=s'));
  });

  it('says why it could not start', async () => {
    jest.mocked(startTenantConsent).mockResolvedValue({ errorMessage: 'Connect with Microsoft is not set up on this portal' });
    render(<ConnectCustomerTenantButton organisation={organisationNode()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Microsoft' }));
    await waitFor(() => expect(alertStore.getState()).toMatchObject({ message: 'Connect with Microsoft is not set up on this portal', type: 'error' }));
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('is offered only for a customer organisation the caller manages', () => {
    const { rerender } = render(<ConnectCustomerTenantButton organisation={organisationNode({ kind: 'PARTNER' })} />);
    expect(screen.queryByRole('button', { name: 'Connect with Microsoft' })).not.toBeInTheDocument();
    rerender(<ConnectCustomerTenantButton organisation={organisationNode({ manageable: false })} />);
    expect(screen.queryByRole('button', { name: 'Connect with Microsoft' })).not.toBeInTheDocument();
    rerender(<ConnectCustomerTenantButton organisation={organisationNode({ kind: 'DIRECTCUSTOMER' })} />);
    expect(screen.getByRole('button', { name: 'Connect with Microsoft' })).toBeInTheDocument();
  });
});
