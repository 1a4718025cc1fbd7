/**
 * File types people may hand in, by extension, with the content type we store and serve.
 * Browsers label files unreliably, so the extension decides and the declared type must agree
 * with it (or be the generic one). Executables, scripts and HTML are never accepted.
 */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** Declared types that say nothing, and aliases browsers use for the types above. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const ALIASES: Readonly<Record<string, string[]>> = {
  'text/csv': ['application/vnd.ms-excel', 'application/csv', 'text/plain'],
  'text/markdown': ['text/plain', 'text/x-markdown'],
  'application/json': ['text/json', 'text/plain'],
  'application/rtf': ['text/rtf'],
  'application/zip': ['application/x-zip-compressed', 'application/x-zip'],
  'image/jpeg': ['image/pjpeg'],
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The content type to store for an upload, or null when the file is not accepted. */
export function acceptedType(
  fileName: string,
  declared: string,
  allowed: Readonly<Record<string, string>> = DOCUMENT_TYPES,
): string | null {
  const type = allowed[extensionOf(fileName)];
  if (!type) return null;
  const given = declared.split(';')[0].trim().toLowerCase();
  if (GENERIC.has(given) || given === type || ALIASES[type]?.includes(given)) return type;
  return null;
}
