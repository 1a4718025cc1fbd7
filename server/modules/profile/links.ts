/**
 * Links people type (social media, activities). Spec 5: the check looks at the first 75
 * characters and takes http(s) or www addresses; a link without a scheme gets http://.
 * Bare domains ("github.com/ada") count as addresses without a scheme too.
 */
const LINK_HEAD = /^(https?:\/\/)?(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]|$)/i;

export function normaliseLink(value: string): string | null {
  const link = value.trim();
  if (!LINK_HEAD.test(link.slice(0, 75))) return null;
  const withScheme = /^https?:\/\//i.test(link) ? link : `http://${link}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? withScheme : null;
  } catch {
    return null;
  }
}
