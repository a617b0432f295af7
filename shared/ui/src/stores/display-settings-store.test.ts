import { DEFAULT_CONFIG } from '@portal/config';
import { displaySettingsStore, sanitizeDisplayConfig } from './display-settings-store';

beforeEach(() => {
  window.localStorage.clear();
  displaySettingsStore.getState().resetSettings();
});

describe('displaySettingsStore', () => {
  it('starts from DEFAULT_CONFIG and reports hydration', () => {
    const state = displaySettingsStore.getState();
    for (const [key, value] of Object.entries(DEFAULT_CONFIG)) expect(state[key as keyof typeof state]).toEqual(value);
    expect(state.hasHydrated).toBe(true);
  });

  it('persists every setter under berry-config as a plain object', () => {
    const s = displaySettingsStore.getState();
    s.setLayout('horizontal');
    s.setDrawerType('mini-drawer');
    s.setFontFamily('Inter');
    s.setBorderRadius(4);
    s.setOutlinedFilled(false);
    s.setNavType('dark');
    s.setPresetColor('theme3');
    s.setLocale('fr');
    s.setRtlLayout(true);
    s.setContainer(true);
    expect(JSON.parse(window.localStorage.getItem('berry-config') as string)).toEqual({
      layout: 'horizontal',
      drawerType: 'mini-drawer',
      fontFamily: 'Inter',
      borderRadius: 4,
      outlinedFilled: false,
      navType: 'dark',
      presetColor: 'theme3',
      locale: 'fr',
      rtlLayout: true,
      container: true,
    });
  });

  it('rehydrates valid stored values and ignores invalid ones', async () => {
    window.localStorage.setItem('berry-config', JSON.stringify({ navType: 'dark', presetColor: 'theme9', borderRadius: 'big', locale: 'de' }));
    await displaySettingsStore.persist.rehydrate();
    const state = displaySettingsStore.getState();
    expect(state.navType).toBe('dark');
    expect(state.locale).toBe('de');
    expect(state.presetColor).toBe('default');
    expect(state.borderRadius).toBe(8);
    expect(state.hasHydrated).toBe(true);
  });

  it('survives corrupt storage', async () => {
    window.localStorage.setItem('berry-config', '{oops');
    await displaySettingsStore.persist.rehydrate();
    expect(displaySettingsStore.getState().navType).toBe('light');
  });
});

describe('sanitizeDisplayConfig', () => {
  it('keeps only well-typed fields', () => {
    expect(sanitizeDisplayConfig({ layout: 'diagonal', rtlLayout: 'yes', container: true, borderRadius: -1 })).toEqual({ container: true });
    expect(sanitizeDisplayConfig(null)).toEqual({});
  });
});
