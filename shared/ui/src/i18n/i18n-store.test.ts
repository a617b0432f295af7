import { en } from './messages-en';
import { fr } from './messages-fr';
import { i18nStore, t, translate } from './i18n-store';

beforeEach(() => {
  window.localStorage.clear();
  i18nStore.getState().resetLanguage();
});

describe('i18n', () => {
  it('translates with parameters and falls back to English for a missing key', () => {
    expect(translate('en', 'footer.version', { version: '1.2.3' })).toBe('Version 1.2.3');
    expect(translate('fr', 'menu.dashboard')).toBe('Tableau de bord');
    const missing = Object.keys(en).find((k) => !(k in fr));
    if (missing) expect(translate('fr', missing as keyof typeof en)).toBe(en[missing as keyof typeof en]);
    expect(translate('en', 'footer.version')).toBe('Version {version}');
  });

  it('keeps the spec texts in English', () => {
    expect(en['menu.itemsError']).toBe('Menu Items Error');
    expect(en['error.routerTitle']).toBe('Unexpected Application Error!');
    expect(en['menu.moreItems']).toBe('More Items');
    expect(en['common.close']).toBe('Close');
  });

  it('stores the language preference under "language" and restores it', () => {
    i18nStore.getState().setLanguage('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(t('profile.logout')).toBe('Se déconnecter');
    i18nStore.setState({ language: 'en' });
    i18nStore.getState().restoreLanguage();
    expect(i18nStore.getState().language).toBe('fr');
  });

  it('ignores an unknown stored language and resets without writing', () => {
    window.localStorage.setItem('language', 'xx');
    i18nStore.getState().restoreLanguage();
    expect(i18nStore.getState().language).toBe('en');
    window.localStorage.removeItem('language');
    i18nStore.getState().resetLanguage();
    expect(window.localStorage.getItem('language')).toBeNull();
  });
});
