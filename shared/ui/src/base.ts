// The part of @portal/ui that needs neither MUI nor Emotion and that the sign-in page reads: the stores, i18n, hooks and
// the theme's colour maths. A fourth entry, shared as a singleton of its own, so the sign-in page
// (plain elements, see the host's login page) reads the same stores and colours without loading
// MUI. The main entry re-exports all of it by this entry's name, never by relative path: a relative
// import would bundle a second copy of each store into the main entry's shared module.
export { buildPalette } from './theme/palette';
export { darkSurfaces, greyShades, lightSurfaces, presetPalettes, statusColors, strengthColors } from './theme/colors';
export type { BrandColors, PresetPalette, Shades } from './theme/colors';
export { brandedPreset } from './theme/branded-preset';
export { contrastRatio, darken, lighten, luminance, readableShade, withContrast } from './theme/contrast';
export { brandTextOn, containedFill } from './theme/readable-colors';
export { lightThemeVars } from './theme/light-theme-vars';
export { FALLBACK_FACES, fallbackFontFaceRule, withMetricFallback } from './theme/font-fallbacks';
export type { LightThemeVars } from './theme/light-theme-vars';

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
