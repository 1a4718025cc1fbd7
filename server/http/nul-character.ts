/** The dotted path of the first string holding U+0000 inside a parsed request, if any. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findNulCharacter(child, path ? `${path}.${key}` : key);
      if (found) return found.replace(/^(body|query|params)\./, '');
    }
  }
  return null;
}
