import { getWhitelabel } from '@portal/contracts/calls';
import { menuStore, resetMenuStore } from './menu-store';
import { loadWhiteLabel, restoreWhiteLabel } from './whitelabel-store';

jest.mock('@portal/contracts/calls', () => ({ getWhitelabel: jest.fn(), getProfile: jest.fn() }));

const mocked = getWhitelabel as jest.Mock;
const USER_ID = '6f1c1f7e-7c11-4d0b-9a57-6d0d8f3d2a10';
const data = {
  copyrightText: '© Partner',
  whitelabelImageUrl: '/backend/media/abc.png',
  whiteLabelEmail: 'backup@partner.example',
  presetColor: 'theme2',
  sourceOrganisationName: 'Demo Partner',
  inherited: true,
  canEdit: false,
  own: null,
};
const view = { copyrightText: '© Partner', whitelabelImageUrl: '/backend/media/abc.png', whiteLabelEmail: 'backup@partner.example', presetColor: 'theme2' };

beforeEach(() => {
  window.localStorage.clear();
  resetMenuStore();
  mocked.mockReset();
});

describe('white-label load (spec section 4)', () => {
  it('sets the data for the user id and caches it under `whitelabel`', async () => {
    mocked.mockResolvedValue(data);
    await loadWhiteLabel(USER_ID);
    expect(mocked).toHaveBeenCalledWith(USER_ID);
    expect(menuStore.getState().whiteLabelData).toEqual(view);
    expect(menuStore.getState().error).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('whitelabel')!)).toEqual(view);
  });

  it('stores an errorMessage or an exception as the menu error and keeps the data', async () => {
    menuStore.getState().setWhiteLabelData(view);
    mocked.mockResolvedValueOnce({ errorMessage: 'Not found' });
    await loadWhiteLabel(USER_ID);
    expect(menuStore.getState().error).toBe('Not found');
    mocked.mockRejectedValueOnce(new Error('Invalid response received'));
    await loadWhiteLabel(USER_ID);
    expect(menuStore.getState().error).toBe('Invalid response received');
    expect(menuStore.getState().whiteLabelData).toEqual(view);
  });

  it('restores the cached data at start and ignores a corrupt cache', () => {
    window.localStorage.setItem('whitelabel', JSON.stringify(view));
    restoreWhiteLabel();
    expect(menuStore.getState().whiteLabelData).toEqual(view);
    resetMenuStore();
    window.localStorage.setItem('whitelabel', '{not json');
    restoreWhiteLabel();
    expect(menuStore.getState().whiteLabelData).toBeNull();
    expect(mocked).not.toHaveBeenCalled();
  });
});
