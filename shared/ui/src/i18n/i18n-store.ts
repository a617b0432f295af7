import { storageKeys } from '@portal/config';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { en, type MessageKey, type Messages } from './messages-en';
import { fr } from './messages-fr';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';

const CATALOGS: Record<Language, Partial<Messages>> = { en, fr };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

export type TranslateParams = Record<string, string | number>;

/** The message for a key in a language, English when the language lacks it, with {name} filled in. */
export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  const template = CATALOGS[language]?.[key] ?? en[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(storageKeys.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export interface I18nState {
  language: Language;
  /** Switches the language and stores the preference (local storage `language`). */
  setLanguage: (language: Language) => void;
  /** Back to the default without storing anything: logout has just removed the preference. */
  resetLanguage: () => void;
  /** Reads the stored preference again (start-up, tests). */
  restoreLanguage: () => void;
}

export const i18nStore = createStore<I18nState>()((set) => ({
  language: readStoredLanguage(),
  setLanguage: (language) => {
    try {
      window.localStorage.setItem(storageKeys.language, language);
    } catch {
      // Storage can be disabled; the choice still applies to this page.
    }
    set({ language });
  },
  resetLanguage: () => set({ language: DEFAULT_LANGUAGE }),
  restoreLanguage: () => set({ language: readStoredLanguage() }),
}));

/** Translate outside React (stores, request callbacks) in the current language. */
export const t = (key: MessageKey, params?: TranslateParams): string => translate(i18nStore.getState().language, key, params);

export type TFunction = (key: MessageKey, params?: TranslateParams) => string;

/** `t` bound to the current language; components re-render when it changes. */
export function useT(): TFunction {
  const language = useStore(i18nStore, (s) => s.language);
  return (key, params) => translate(language, key, params);
}

export function useLanguage(): Language {
  return useStore(i18nStore, (s) => s.language);
}
