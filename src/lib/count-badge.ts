/** Spec 5 and 9: a count badge shows 0 at least and '99+' from 100. */
export function countBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  return count >= 100 ? '99+' : String(Math.floor(count));
}
