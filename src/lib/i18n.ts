import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '@contracts/common';
import { readCookie, writeCookie } from './cookies';
import { setDateLanguage } from './format';

export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Spec 9: the language cookie, 365 days, with no prefix in the URL. */
export const LANGUAGE_COOKIE = 'i18n_redirected';
const LANGUAGE_COOKIE_DAYS = 365;

/** Every `locales/<language>/<namespace>.json`, loaded on demand so a language ships only when used. */
const bundles = import.meta.glob<ResourceLanguage>('../../locales/*/*.json', { import: 'default' });

function bundlesOf(language: Language) {
  return Object.entries(bundles).flatMap(([file, load]) => {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    return match && match[1] === language ? [{ namespace: match[2], load }] : [];
  });
}

export const NAMESPACES = [...new Set(bundlesOf(DEFAULT_LANGUAGE).map((b) => b.namespace))];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen on this device (cookie), else the browser's if we have it, else English. */
export function detectLanguage(): Language {
  const chosen = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = tag.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** Whether the visitor picked a language on this device (as opposed to our guess). */
export function hasChosenLanguage(): boolean {
  return isLanguage(readCookie(LANGUAGE_COOKIE));
}

async function loadLanguage(language: Language): Promise<void> {
  await Promise.all(
    bundlesOf(language).map(async ({ namespace, load }) => {
      if (i18next.hasResourceBundle(language, namespace)) return;
      i18next.addResourceBundle(language, namespace, await load(), true, true);
    }),
  );
}

function applyLanguage(language: Language) {
  document.documentElement.lang = language;
  setDateLanguage(language);
}

export async function initI18n(language: Language = detectLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'app',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await loadLanguage(DEFAULT_LANGUAGE);
  if (language !== DEFAULT_LANGUAGE) await loadLanguage(language);
  applyLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  writeCookie(LANGUAGE_COOKIE, language, { days: LANGUAGE_COOKIE_DAYS });
  applyLanguage(language);
}

export { i18next };
