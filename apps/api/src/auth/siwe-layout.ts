/**
 * The exact line layout of an EIP-4361 message, checked before its fields are read. viem's parser reads
 * fields by pattern and tolerates anything around them: with two `URI:` lines it kept one while a wallet
 * shows the other, and unknown lines passed. Here every line must be where the standard puts it: the
 * header, the address, a blank line, an optional one-line statement and a blank line, then URI, Version,
 * Chain ID, Nonce, Issued At, and optionally Expiration Time, Not Before, Request ID and Resources (each
 * at most once, in that order), lines separated by LF only, nothing after.
 */

const HEADER = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)?[^\s/?#]+ wants you to sign in with your Ethereum account:$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Printable text without control characters (no CR, no tab). */
const STATEMENT = /^\P{Cc}+$/u;
const VALUE = /^[^\s\p{Cc}]+$/u;
const RESOURCE = /^- [^\s\p{Cc}]+$/u;
/**
 * EIP-4361's times are RFC 3339 date-times. Anything else used to pass as a value and parse as an invalid date,
 * which every comparison took as "not expired" and "valid already" (an expiry with a zero-width space after it,
 * shown by the wallet as the past, was ignored).
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

const FIELDS: readonly { tag: string; required: boolean; value?: RegExp }[] = [
  { tag: "URI: ", required: true },
  { tag: "Version: ", required: true },
  { tag: "Chain ID: ", required: true },
  { tag: "Nonce: ", required: true },
  { tag: "Issued At: ", required: true, value: DATE_TIME },
  { tag: "Expiration Time: ", required: false, value: DATE_TIME },
  { tag: "Not Before: ", required: false, value: DATE_TIME },
  { tag: "Request ID: ", required: false },
];

/** Whether the text starts like a SIWE message at all (else it is just not one: "malformed"). */
export function startsLikeSiwe(message: string): boolean {
  return HEADER.test(message.split("\n", 1)[0] ?? "");
}

/** The first line that breaks the layout (repeated, unknown, misplaced or malformed), or null if none. */
export function unexpectedSiweLine(message: string): string | null {
  const lines = message.split("\n");
  const at = (i: number) => lines[i] ?? "";
  if (!HEADER.test(at(0))) return at(0);
  if (!ADDRESS.test(at(1))) return at(1);
  if (at(2) !== "") return at(2);
  let i: number;
  if (at(3) === "") {
    i = 4;
  } else {
    if (!STATEMENT.test(at(3))) return at(3);
    if (at(4) !== "") return at(4);
    i = 5;
  }
  let next = 0;
  for (; i < lines.length; i++) {
    const line = at(i);
    if (line === "Resources:") {
      const resources = lines.slice(i + 1);
      if (resources.length === 0) return line;
      return resources.find((r) => !RESOURCE.test(r)) ?? null;
    }
    const field = FIELDS.findIndex((f, k) => k >= next && line.startsWith(f.tag));
    if (field === -1) return line;
    if (FIELDS.slice(next, field).some((f) => f.required)) return line;
    const { tag, value } = FIELDS[field]!;
    if (!(value ?? VALUE).test(line.slice(tag.length))) return line;
    next = field + 1;
  }
  return null;
}
