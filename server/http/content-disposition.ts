/**
 * The Content-Disposition of a file sent under its own name: the name percent-encoded as UTF-8
 * (RFC 5987), so any name survives, `attachment` to save it or `inline` to show it.
 */
export const namedDisposition = (
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) => `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`;
