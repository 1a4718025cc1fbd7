/** What kind of file a type is, for its icon when it has no thumbnail. */
export type FileKind =
  | 'image'
  | 'pdf'
  | 'sheet'
  | 'slides'
  | 'document'
  | 'text'
  | 'video'
  | 'audio'
  | 'archive'
  | 'other';

const KINDS: [RegExp, FileKind][] = [
  [/^image\//, 'image'],
  [/^application\/pdf$/, 'pdf'],
  [/spreadsheet|ms-excel|^text\/csv$/, 'sheet'],
  [/presentation|powerpoint/, 'slides'],
  [/wordprocessing|msword|opendocument\.text|rtf/, 'document'],
  [/^text\//, 'text'],
  [/^video\//, 'video'],
  [/^audio\//, 'audio'],
  [/zip|x-tar|gzip|x-7z|x-rar/, 'archive'],
];

export function fileKind(mimeType: string): FileKind {
  return KINDS.find(([pattern]) => pattern.test(mimeType))?.[1] ?? 'other';
}

/** From this share of the capacity on, the bar warns; at all of it, it shows an error. */
export const CAPACITY_WARNING = 0.9;

export type CapacityLevel = 'normal' | 'warning' | 'full';

export function capacityShare(used: number, total: number): number {
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, used / total));
}

export function capacityLevel(used: number, total: number): CapacityLevel {
  const share = capacityShare(used, total);
  if (share >= 1) return 'full';
  return share >= CAPACITY_WARNING ? 'warning' : 'normal';
}

/** The page after `loaded` pages of a list, or none once a page came back empty or all is there. */
export function nextPage(
  pages: { data: unknown[]; meta: { total: number } }[],
): number | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  return loaded >= last.meta.total ? undefined : pages.length + 1;
}
