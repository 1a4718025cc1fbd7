import { currentLanguage } from './i18n';

// Apart from format.ts: screens with a file but no date need not load dayjs.
const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/**
 * A file's size as people read it, the one formatter of the app: "512 B", "1.5 KB", "20 MB", "1 GB"
 * (binary units, at most one decimal, numbers in the reader's language). Spec 2.13's "Kb,
 * rounded down" read "0 Kb" for small files (issue 28): docs/decisions/journeys.md.
 */
export function formatFileSize(bytes: number): string {
  const number = (value: number) =>
    new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(value);
  if (bytes < KB) return `${number(Math.max(0, Math.round(bytes)))} B`;
  if (bytes < MB) return `${number(bytes / KB)} KB`;
  if (bytes < GB) return `${number(bytes / MB)} MB`;
  return `${number(bytes / GB)} GB`;
}
