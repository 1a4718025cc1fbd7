/** Spec 2.13: a file chip shows at most 45 characters of the name, then an ellipsis. */
export const FILE_NAME_LIMIT = 45;

export function shortFileName(name: string): string {
  return name.length > FILE_NAME_LIMIT ? `${name.slice(0, FILE_NAME_LIMIT)}...` : name;
}

/** A rule over the chosen files: the words of the problem, or nothing when they pass. */
export type UploadRule = (files: File[]) => string | null | undefined | false;

/** Spec 5: each rule that returns text is an error; the same words appear once. */
export function runUploadRules(rules: UploadRule[], files: File[]): string[] {
  const messages = rules
    .map((rule) => rule(files))
    .filter((message): message is string => typeof message === 'string' && message.length > 0);
  return [...new Set(messages)];
}
