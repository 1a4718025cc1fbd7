import type { Language } from '@/lib/i18n';

/** Each language named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };
