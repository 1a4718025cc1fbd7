import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '@contracts/constants';
import { loadChunk } from './chunk-reload';
import { readCookie, writeCookie } from './cookies';
import { beginLoading } from './loading';

export { LANGUAGES };
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Spec 9: the language cookie, 365 days, with no prefix in the URL. */
export const LANGUAGE_COOKIE = 'i18n_redirected';
const LANGUAGE_COOKIE_DAYS = 365;

/** Every `locales/<language>/<namespace>.json`, each its own chunk, loaded when a screen needs it. */
const bundles = import.meta.glob<ResourceLanguage>('../../locales/*/*.json', { import: 'default' });

/** What the frame around every page says: titles, menus, errors, shared components. */
export const SHELL_NAMESPACES = ['app', 'common', 'components'];

const loading = new Map<string, Promise<void>>();
/** Namespaces asked for so far, so a change of language brings the same ones. */
const wanted = new Set<string>();

function loadNamespace(language: Language, namespace: string): Promise<void> {
  const key = `${language}/${namespace}`;
  const load = bundles[`../../locales/${key}.json`];
  if (!load) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    // Counted as loading: what waits for the page to have loaded waits for its words too.
    const loaded = beginLoading();
    pending = loadChunk(load)
      .then(
        (resource) => void i18next.addResourceBundle(language, namespace, resource, true, true),
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      )
      .finally(loaded);
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Loads translation namespaces in the interface language. Only that language: the locale
 * test keeps every key in both, so the English fallback is never needed at run time.
 */
export async function loadNamespaces(
  namespaces: readonly string[],
  language: Language = currentLanguage(),
): Promise<void> {
  namespaces.forEach((namespace) => wanted.add(namespace));
  await Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace)));
}

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

function applyLanguage(language: Language) {
  document.documentElement.lang = language;
}

/** Starts i18next with the shell's namespaces (and `namespaces`); pages bring their own. */
export async function initI18n(
  language: Language = detectLanguage(),
  namespaces: readonly string[] = [],
): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: SHELL_NAMESPACES,
    defaultNS: 'app',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    // A text whose namespace no route declared loads it, and the screen follows when it lands.
    saveMissing: true,
    missingKeyHandler: (_languages, namespace) => void loadNamespaces([namespace]),
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  await loadNamespaces([...SHELL_NAMESPACES, ...namespaces], language);
  applyLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadNamespaces([...wanted], language);
  await i18next.changeLanguage(language);
  writeCookie(LANGUAGE_COOKIE, language, { days: LANGUAGE_COOKIE_DAYS });
  applyLanguage(language);
}

export { i18next };
