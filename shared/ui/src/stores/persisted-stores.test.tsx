import { act, renderHook } from '@testing-library/react';
import { menuStore, resetMenuStore } from './menu-store';
import { openSnackbar, resetSnackbarStore, snackbarStore } from './snackbar-store';
import { useStoresHydrated, type HydratingStore } from './persisted-stores';

function fakeStore(hydrated: boolean) {
  const listeners = { start: new Set<() => void>(), finish: new Set<() => void>() };
  const store = {
    hydrated,
    persist: {
      hasHydrated: () => store.hydrated,
      onHydrate: (l: () => void) => (listeners.start.add(l), () => listeners.start.delete(l)),
      onFinishHydration: (l: () => void) => (listeners.finish.add(l), () => listeners.finish.delete(l)),
    },
    finish: () => {
      store.hydrated = true;
      listeners.finish.forEach((l) => l());
    },
  };
  return store;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetMenuStore();
  resetSnackbarStore();
});

describe('readiness', () => {
  it('is ready only once every persisted store has rehydrated', () => {
    const a = fakeStore(true);
    const b = fakeStore(false);
    const stores: HydratingStore[] = [a, b];
    const { result } = renderHook(() => useStoresHydrated(stores));
    expect(result.current).toBe(false);
    act(() => b.finish());
    expect(result.current).toBe(true);
  });

  it('counts the real snackbar, menu and display-settings stores as hydrated at start', () => {
    const { result } = renderHook(() => useStoresHydrated());
    expect(result.current).toBe(true);
  });
});

describe('menu slice persistence', () => {
  it('keeps drawer and selection under portal-menu, but not the white-label data', async () => {
    menuStore.getState().openDrawer(false);
    menuStore.getState().activeItem(['jobs']);
    menuStore.getState().setWhiteLabelData({ copyrightText: 'x', whitelabelImageUrl: null, whiteLabelEmail: null });
    const stored = JSON.parse(window.localStorage.getItem('portal-menu') as string).state;
    expect(stored).toEqual(expect.objectContaining({ drawerOpen: false, selectedItem: ['jobs'] }));
    expect(stored).not.toHaveProperty('whiteLabelData');

    menuStore.setState({ drawerOpen: true, selectedItem: ['dashboard'] });
    window.localStorage.setItem('portal-menu', JSON.stringify({ state: { drawerOpen: false, selectedItem: ['jobs'], selectedID: 7 }, version: 0 }));
    await menuStore.persist.rehydrate();
    expect(menuStore.getState()).toEqual(expect.objectContaining({ drawerOpen: false, selectedItem: ['jobs'], selectedID: null }));
  });
});

describe('snackbar slice persistence', () => {
  it('keeps the snackbar in session storage and restores it', async () => {
    openSnackbar({ message: 'Saved', variant: 'alert' });
    const stored = JSON.parse(window.sessionStorage.getItem('portal-snackbar') as string).state;
    expect(stored).toEqual(expect.objectContaining({ open: true, message: 'Saved', variant: 'alert' }));
    resetSnackbarStore();
    window.sessionStorage.setItem('portal-snackbar', JSON.stringify({ state: stored, version: 0 }));
    await snackbarStore.persist.rehydrate();
    expect(snackbarStore.getState()).toEqual(expect.objectContaining({ open: true, message: 'Saved' }));
  });

  it('ignores a tampered entry', async () => {
    window.sessionStorage.setItem('portal-snackbar', JSON.stringify({ state: { open: true, message: 'x', anchorOrigin: { vertical: 'middle' } }, version: 0 }));
    await snackbarStore.persist.rehydrate();
    expect(snackbarStore.getState().message).toBe('Note archived');
  });
});
