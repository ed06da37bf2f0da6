/**
 * Whether an `If-None-Match` header names one of `tags` (RFC 9110: a list, weak tags compare as strong for
 * GET, `*` matches any). Browsers and proxies send weak or listed tags (a proxy that compressed the body
 * weakens its ETag); comparing the header as one string answered those with the whole body every time.
 */
export function ifNoneMatches(header: string | string[] | undefined, tags: readonly string[]): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.length > 8_192) return false;
  for (const raw of value.split(",", 64)) {
    const tag = raw.trim().replace(/^W\//, "");
    if (tag === "*" || tags.includes(tag)) return true;
  }
  return false;
}
