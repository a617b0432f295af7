export { buildTheme } from './theme/build-theme';
export { buildPalette } from './theme/palette';
export { darkSurfaces, greyShades, lightSurfaces, presetPalettes, statusColors, strengthColors } from './theme/colors';
export type { BrandColors, PresetPalette, Shades } from './theme/colors';

export {
  displaySettingsStore,
  sanitizeDisplayConfig,
  selectDisplayConfig,
  useDisplaySettings,
} from './stores/display-settings-store';
export type { DisplaySettingsActions, DisplaySettingsState } from './stores/display-settings-store';
export { alertStore, resetAlertStore, showAlert, useAlert } from './stores/alert-store';
export type { AlertState, AlertType, ShowAlertInput } from './stores/alert-store';
export { openSnackbar, resetSnackbarStore, snackbarStore, useSnackbar } from './stores/snackbar-store';
export type {
  OpenSnackbarInput,
  SnackbarAlertColor,
  SnackbarAnchor,
  SnackbarState,
  SnackbarTransition,
  SnackbarValues,
  SnackbarVariant,
} from './stores/snackbar-store';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { useReadOnly } from './hooks/use-read-only';

export { passwordStrength, strengthColor, strengthLabel } from './password-strength';
export { countLabel } from './format/count-label';
export type { StrengthLabel } from './password-strength';

export { GlobalAlert } from './components/global-alert';
export { GlobalSnackbar } from './components/global-snackbar';
export { LoadingBar } from './components/loading-bar';
export { PasswordStrengthMeter } from './components/password-strength-meter';
export type { PasswordStrengthMeterProps } from './components/password-strength-meter';
export { NotBuiltYet } from './components/not-built-yet';
export type { NotBuiltYetProps } from './components/not-built-yet';
export { PageHeader } from './components/page-header';
export type { PageHeaderProps } from './components/page-header';
export { RemoteErrorPanel } from './components/remote-error-panel';
export type { RemoteErrorPanelProps } from './components/remote-error-panel';
export { PortalThemeProvider } from './components/portal-theme-provider';
export type { PortalThemeProviderProps } from './components/portal-theme-provider';
export { MENU_DEFAULTS, menuStore, resetMenuStore, useMenu } from './stores/menu-store';
export type { MenuState, MenuValues, WhiteLabelView } from './stores/menu-store';
export { createProfileStore, profileStore } from './stores/profile-store';
export type { ProfileState } from './stores/profile-store';
export { applyWhiteLabel, loadWhiteLabel, restoreWhiteLabel, toWhiteLabelView } from './stores/whitelabel-store';
export { DEFAULT_LANGUAGE, LANGUAGES, i18nStore, isLanguage, t, translate, useLanguage, useT } from './i18n/i18n-store';
export type { I18nState, Language, TFunction, TranslateParams } from './i18n/i18n-store';
export { en as englishMessages } from './i18n/messages-en';
export type { MessageKey, Messages } from './i18n/messages-en';
export { PERSISTED_STORES, allHydrated, useStoresHydrated } from './stores/persisted-stores';
export type { HydratingStore } from './stores/persisted-stores';
export { ltrCache, loadRtlCache } from './theme/emotion-caches';

// The list-page kit, confirmation and form dialogs are in '@portal/ui/kit' (kit.ts): pages load them, sign-in does not.
export { formatBytes, formatCount, formatDateTime, formatDuration, formatRate, scaleBytes } from './format/format';

// Form fields (FormTextField, PasswordField, menu items) are in '@portal/ui/form' (form.ts).
export { visuallyHidden } from './list/visually-hidden';
