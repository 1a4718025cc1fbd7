import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type Resource, type TFunction } from 'i18next';

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function loadResources() {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    for (const file of readdirSync(path.join(localesDir, language))) {
      if (!file.endsWith('.json')) continue;
      const namespace = file.slice(0, -'.json'.length);
      resources[language][namespace] = JSON.parse(
        readFileSync(path.join(localesDir, language, file), 'utf8'),
      );
    }
  }
  return resources;
}

const server = i18next.createInstance();
void server.init({
  resources: loadResources(),
  fallbackLng: 'en',
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const translators = Object.fromEntries(
  LANGUAGES.map((language) => [language, server.getFixedT(language)]),
) as Record<Language, TFunction>;

export function translator(language: Language): TFunction {
  return translators[language];
}

/** Picks en or vi from the `language` header (what our client sends) or Accept-Language. */
export function pickLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const candidates = [headers['language'], headers['accept-language']]
    .flat()
    .filter((v): v is string => typeof v === 'string');
  for (const value of candidates) {
    for (const part of value.split(',')) {
      const code = part.trim().split(';')[0].toLowerCase().slice(0, 2);
      if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
    }
  }
  return 'en';
}
