/**
 * Plain values the client's first screen needs. They live apart from the schemas, in a module
 * without zod, so importing one does not bring the schema library into the first load.
 */

export const LANGUAGES = ['en', 'vi'] as const;

/** The refusal code that tells the Teams tab to run the consent pop-up and try again. */
export const CONSENT_REQUIRED = 'consent_required';
