import { render, screen } from '@testing-library/react';
import { getPlatformVersion } from '@portal/contracts/calls';
import { platformVersionStore } from '../../../lib/platform-version-store';
import { AppFooter } from './app-footer';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const mocked = getPlatformVersion as jest.Mock;

beforeEach(() => {
  platformVersionStore.setState({ version: null });
  mocked.mockReset();
});

describe('footer', () => {
  it('shows the default copyright and the platform version', async () => {
    mocked.mockResolvedValue({ version: '2.4.1' });
    render(<AppFooter />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Cloud Backup Portal`)).toBeInTheDocument();
    expect(await screen.findByText('Version 2.4.1')).toBeInTheDocument();
  });

  it('falls back to X.X.X when the version call answers errorMessage', async () => {
    mocked.mockResolvedValue({ errorMessage: 'Internal server error' });
    render(<AppFooter />);
    expect(await screen.findByText('Version X.X.X')).toBeInTheDocument();
    expect(mocked).toHaveBeenCalled();
  });

  it('falls back to X.X.X when the call throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mocked.mockRejectedValue(new Error('Invalid response received'));
    render(<AppFooter />);
    expect(await screen.findByText('Version X.X.X')).toBeInTheDocument();
  });

  it('uses a white-label copyright text when given', () => {
    mocked.mockResolvedValue({ version: '1.0.0' });
    render(<AppFooter copyrightText="© Acme Backup" />);
    expect(screen.getByText('© Acme Backup')).toBeInTheDocument();
  });
});
