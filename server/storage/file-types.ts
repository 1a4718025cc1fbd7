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

/** How many first bytes `sniffType` reads. */
export const SNIFF_BYTES = 512;

/** Signatures of the binary types we recognise, by their first bytes. */
const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.toString('latin1', 0, 6)) },
  {
    type: 'image/webp',
    test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
  { type: 'application/pdf', test: (b) => b.toString('latin1', 0, 5) === '%PDF-' },
  { type: 'application/zip', test: (b) => b.toString('latin1', 0, 4) === 'PK\x03\x04' },
  { type: 'application/gzip', test: (b) => b[0] === 0x1f && b[1] === 0x8b },
  { type: 'audio/mpeg', test: (b) => b.toString('latin1', 0, 3) === 'ID3' },
  { type: 'video/mp4', test: (b) => b.toString('latin1', 4, 8) === 'ftyp' },
  { type: 'video/webm', test: (b) => b.subarray(0, 4).equals(Buffer.from('1a45dfa3', 'hex')) },
  {
    type: 'application/x-cfb',
    test: (b) => b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')),
  },
];

/** Types whose bytes are a zip or an OLE container: the name tells which document it is. */
const CONTAINERS: Readonly<Record<string, readonly string[]>> = {
  'application/zip': ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip'],
  'application/x-cfb': ['doc', 'xls', 'ppt'],
  'video/mp4': ['mp4', 'mov'],
};
/** Text types a name may give to bytes that read as plain text. */
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/csv', 'application/json']);
/** Markup a browser would run as a page or a script, whatever the name says. */
const MARKUP = /^\s*(<!doctype|<html|<head|<body|<script|<svg|<\?xml|<iframe|<object|<embed)/i;

/**
 * The content type of a file from its first bytes (at least SNIFF_BYTES of them when the file
 * has that many), never from its name alone: the name only picks between what the bytes allow
 * (a zip that is a .docx). Markup is plain text, and bytes we do not recognise are
 * `application/octet-stream`, so neither is ever shown as a page.
 */
export function sniffType(head: Buffer, fileName: string): string {
  const extension = extensionOf(fileName);
  const signed = SIGNATURES.find((signature) => signature.test(head))?.type;
  if (signed) {
    const named = DOCUMENT_TYPES[extension];
    return CONTAINERS[signed]?.includes(extension) && named ? named : signed;
  }
  if (head.includes(0) || !isUtf8(head)) return 'application/octet-stream';
  if (MARKUP.test(head.toString('utf8'))) return 'text/plain';
  const named = DOCUMENT_TYPES[extension];
  return named && TEXT_TYPES.has(named) ? named : 'text/plain';
}

/** Whether the bytes read as UTF-8, allowing a character cut at the end of the sample. */
function isUtf8(bytes: Buffer) {
  for (let cut = 0; cut < 4 && cut < bytes.length; cut += 1) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {
      // Perhaps a character cut at the end: try without its last bytes.
    }
  }
  return bytes.length === 0;
}

/** Types a browser may show inline: raster images, as sniffed. Everything else downloads. */
export const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * What an upload accepted by its name is stored (and served) as: what its bytes are. A list of
 * images takes only bytes that are one of its images (null: refused); other lists store bytes
 * that are none of their types as `application/octet-stream`, a download.
 */
export function storedType(
  sniffed: string,
  allowed: Readonly<Record<string, string>>,
): string | null {
  const types = new Set(Object.values(allowed));
  if (types.has(sniffed)) return sniffed;
  return [...types].every((type) => INLINE_TYPES.has(type)) ? null : 'application/octet-stream';
}
