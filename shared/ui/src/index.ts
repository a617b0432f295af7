// Everything MUI-free that holds state or that the sign-in page reads (stores, i18n, hooks, colour maths) comes from '@portal/ui/base'
// by its shared name, so the page holds one copy of each store whichever entry a module imports.
// Named, not `export *`: the names of a consumed shared module are not known when this is built.
export { buildPalette } from '@portal/ui/base';
export { darkSurfaces, greyShades, lightSurfaces, presetPalettes, statusColors, strengthColors } from '@portal/ui/base';
export type { BrandColors, PresetPalette, Shades } from '@portal/ui/base';
export { brandedPreset } from '@portal/ui/base';
export { contrastRatio, darken, lighten, luminance, readableShade, withContrast } from '@portal/ui/base';
export { brandTextOn, containedFill } from '@portal/ui/base';
export { lightThemeVars } from '@portal/ui/base';
export type { LightThemeVars } from '@portal/ui/base';
export {
  displaySettingsStore,
  sanitizeDisplayConfig,
  selectDisplayConfig,
  useDisplaySettings,
} from '@portal/ui/base';
export type { DisplaySettingsActions, DisplaySettingsState } from '@portal/ui/base';
export { alertStore, resetAlertStore, showAlert, useAlert } from '@portal/ui/base';
export type { AlertState, AlertType, ShowAlertInput } from '@portal/ui/base';
export { openSnackbar, resetSnackbarStore, snackbarStore, useSnackbar } from '@portal/ui/base';
export type {
  OpenSnackbarInput,
  SnackbarAlertColor,
  SnackbarAnchor,
  SnackbarState,
  SnackbarTransition,
  SnackbarValues,
  SnackbarVariant,
} from '@portal/ui/base';
export { useDebouncedValue } from '@portal/ui/base';
export { useReadOnly } from '@portal/ui/base';
export { MENU_DEFAULTS, menuStore, resetMenuStore, useMenu } from '@portal/ui/base';
export type { MenuState, MenuValues, WhiteLabelView } from '@portal/ui/base';
export { createProfileStore, profileStore } from '@portal/ui/base';
export type { ProfileState } from '@portal/ui/base';
export { applyWhiteLabel, loadWhiteLabel, restoreWhiteLabel, toWhiteLabelView } from '@portal/ui/base';
export { DEFAULT_LANGUAGE, LANGUAGES, i18nStore, isLanguage, t, translate, useLanguage, useT } from '@portal/ui/base';
export type { I18nState, Language, TFunction, TranslateParams } from '@portal/ui/base';
export { englishMessages } from '@portal/ui/base';
export type { MessageKey, Messages } from '@portal/ui/base';
export { PERSISTED_STORES, allHydrated, useStoresHydrated } from '@portal/ui/base';
export type { HydratingStore } from '@portal/ui/base';
export { buildTheme } from './theme/build-theme';
// Stateless helpers the sign-in page does not use: in this entry, not in base.
export { passwordStrength, strengthColor, strengthLabel } from './password-strength';
export { countLabel } from './format/count-label';
export type { StrengthLabel } from './password-strength';
export { formatBytes, formatCount, formatDateTime, formatDuration, formatRate, scaleBytes } from './format/format';
export { visuallyHidden } from './list/visually-hidden';
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
export { loadedRtlCache, ltrCache, loadRtlCache } from './theme/emotion-caches';
