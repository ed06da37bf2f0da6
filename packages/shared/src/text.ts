/**
 * Text rules shared by the web app and the API, so both count and clean text the same way.
 *
 * - Length is counted in Unicode code points (`textLength`): an emoji is 1, "é" typed as e + combining
 *   accent is 2. Not UTF-16 units (what `string.length` counts: an emoji would be 2), not graphemes (a
 *   family emoji of 5 code points would be 1, which lets a "1-character" text be arbitrarily long).
 * - Names (`cleanName`) are NFC-normalised, whitespace runs become one space, invisible characters that
 *   never belong in a name are removed, and whitespace and invisible characters are trimmed from both ends
 *   (a name of only zero-width characters is then empty). Bidi controls are refused (`hasForbiddenNameChars`),
 *   not removed: "\u202Eevil\u202C Admin" should be retyped, not silently turned into something else.
 */

/** Number of Unicode code points (a lone surrogate counts as one). */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** PostgreSQL's text cannot hold NUL: a form that also uploads files refuses it before they are stored. */
export function storable(text: string): boolean {
  return !text.includes("\u0000");
}

/** Bidirectional formatting controls: they reorder what is shown (LRM/RLM, embeddings, overrides, isolates, ALM). */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** C0 and C1 control characters (tab, newline, NUL, escape, …): never part of a name. */
const CONTROL = /\p{Cc}/u;

/**
 * Unicode's default-ignorable code points render as nothing: zero-width space, word joiner, BOM, soft
 * hyphen, combining grapheme joiner, Hangul fillers (blank "letters"), Mongolian and free variation
 * selectors, tag characters, … They are removed from names wherever they are, except those kept here:
 * bidi controls (refused instead, below) and the joiners and variation selectors of emoji sequences.
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const KEPT_IGNORABLE = /^(?:[\u061c\u200c-\u200f\u202a-\u202e\u2066-\u2069]|[\ufe00-\ufe0f])$/u;
/**
 * Zero-width joiners and variation selectors: needed inside emoji sequences and some scripts (👩‍🎨),
 * meaningless at either end.
 */
const JOINERS = "\u200c\u200d\ufe00-\ufe0f";
const TRIMMED = new RegExp(`^[\\s${JOINERS}]+|[\\s${JOINERS}]+$`, "gu");

/** A name as stored and compared: NFC, single spaces, no invisible characters, trimmed. */
export function cleanName(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(DEFAULT_IGNORABLE, (c) => (KEPT_IGNORABLE.test(c) ? c : ""))
    .replace(/\s+/gu, " ")
    .replace(TRIMMED, "");
}

/** Whether a (cleaned) name holds a bidi or control character, which it must not. */
export function hasForbiddenNameChars(name: string): boolean {
  return BIDI_CONTROL.test(name) || CONTROL.test(name);
}
