import {
  ALERT_AUTO_HIDE_MS,
  ALL_ROLES,
  BREAKPOINTS,
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_CONFIG,
  DEFAULT_PATH,
  PARAMETERISED_PATTERNS,
  PROTECTED_PATHS,
  PUBLIC_PATHS,
  PUBLIC_URL_MARKERS,
  ROLES,
  SNACKBAR_AUTO_HIDE_MS,
  Z_INDEX,
  greetingForHour,
  isRole,
  paths,
  storageKeys,
} from './index';

describe('@portal/config', () => {
  it('holds the spec section 9 values', () => {
    expect(ALERT_AUTO_HIDE_MS).toBe(5000);
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(6000);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(Z_INDEX).toEqual({ appBar: 1100, drawer: 1200, modal: 1300, loadingBar: 1301, snackbar: 1400, tooltip: 1500 });
    expect(PUBLIC_URL_MARKERS).toEqual(['signin', 'regions', 'available', 'forgot', 'reset/otp', 'register', 'reset/password', 'platform/version']);
  });

  it('has the berry-config defaults', () => {
    expect(DEFAULT_CONFIG).toEqual({
      layout: 'vertical',
      drawerType: 'default',
      fontFamily: `'Poppins', sans-serif`,
      borderRadius: 8,
      outlinedFilled: true,
      navType: 'light',
      presetColor: 'default',
      locale: 'en',
      rtlLayout: false,
      container: false,
    });
    expect(Object.isFrozen(DEFAULT_CONFIG)).toBe(true);
  });

  it('names the storage keys of the contract', () => {
    expect(storageKeys).toEqual({
      serviceToken: 'serviceToken',
      profile: 'profile',
      whitelabel: 'whitelabel',
      language: 'language',
      berryConfig: 'berry-config',
      user: 'user',
      menu: 'portal-menu',
      shellSnapshot: 'portal-shell-snapshot',
      snackbar: 'portal-snackbar',
    });
  });

  it('knows the five roles', () => {
    expect(Object.values(ROLES)).toEqual(['ADMIN', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER']);
    expect(ALL_ROLES).toHaveLength(5);
    expect(isRole('PARTNER')).toBe(true);
    expect(isRole('partner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it('lists every route of spec section 2', () => {
    expect(PUBLIC_PATHS).toEqual(['/', '/login', '/register', '/forgot', '/code-verification', '/mfa-verification', '/reset', '/accept-invite']);
    expect(PROTECTED_PATHS).toEqual([
      '/dashboard', '/user-activity', '/profile', '/whitelabel', '/notification', '/api-keys', '/webhooks', '/usage', '/user-management', '/support',
      '/health-check', '/grafana', '/jobs', '/backup', '/restore', '/snapshot-mapping', '/feedbacks', '/alerts',
      '/support-tickets', '/operator',
    ]);
    expect(PARAMETERISED_PATTERNS).toEqual([
      '/view-users/:backupSetType/:backupSetId/:from',
      '/view-snapshots/:backupSetType/:backupSetUserId/:backupSetId',
      '/item-search/:backupSetType/:backupSetUserId/:backupSetId',
      '/m365-services/:backupSetType/:backupSetUserId/:backupSetId/:from',
      '/sharepoint/:backupSetType/:backupSetId/:from',
      '/groups/:backupSetType/:backupSetId/:from',
      '/teams/:backupSetType/:backupSetId/:from',
    ]);
    expect(DEFAULT_PATH).toBe('/dashboard');
  });

  it('builds parameterised URLs with encoded segments', () => {
    expect(paths.viewUsers.build({ backupSetType: 'M365', backupSetId: 42, from: 'backup' })).toBe('/view-users/M365/42/backup');
    expect(paths.m365Services.build({ backupSetType: 'a b', backupSetUserId: 'x/y', backupSetId: '1?2', from: 'r#s' })).toBe(
      '/m365-services/a%20b/x%2Fy/1%3F2/r%23s',
    );
    expect(paths.viewSnapshots.build({ backupSetType: 't', backupSetUserId: 'u', backupSetId: 's' })).toBe('/view-snapshots/t/u/s');
    expect(paths.teams.build({ backupSetType: 't', backupSetId: 's', from: 'f' })).toBe('/teams/t/s/f');
  });

  it.each([
    [0, 'Good Evening'],
    [4, 'Good Evening'],
    [5, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [23, 'Good Evening'],
  ])('greets hour %i with %s', (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });
});
