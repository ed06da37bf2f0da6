import { z } from "zod";

/** A 20-byte hex address in any letter case; normalised to lowercase, the form the database keys on. */
export const walletSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "Invalid wallet address: expected 0x followed by 40 hex characters")
  .transform((w) => w.toLowerCase() as `0x${string}`);
export type Wallet = z.output<typeof walletSchema>;

export const txHashSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, "Invalid transaction hash: expected 0x followed by 64 hex characters")
  .transform((h) => h.toLowerCase() as `0x${string}`);

export const signatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, "Invalid signature: expected a 0x-prefixed hex string")
  .max(2000, "Invalid signature: too long");

/** The one decimal spelling of a whole number: "1", never "1.0", "01", "1e0", "+1", "0x1" or " 1". */
const CANONICAL_WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

/**
 * A whole number from `min` to `max`, as text (a path param, a query, a form field) or as a JSON number. Text
 * must be the number's canonical spelling: `z.coerce.number()` read "1.0", "01", "1e0" and " 1" as 1, so
 * /api/projects/1.0 answered as project 1 (a URL that should not exist, and one more response cache entry per
 * spelling). Anything else is refused with `message`, which says what is expected.
 */
export function wholeNumber(message: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return z
    .union([z.string(), z.number()], { error: message })
    .refine((v) => (typeof v === "number" ? Number.isSafeInteger(v) : CANONICAL_WHOLE_NUMBER.test(v)), {
      message,
      abort: true,
    })
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}

/**
 * Ids are decimal strings of database identity columns (spec §3 `_id` is a string), in a path, a query or a
 * body; a JSON number is taken too. Canonical as `wholeNumber`: /api/archives/01 is not archive 1.
 */
export const idSchema = z
  .union([z.string(), z.number()], { error: "Invalid id: expected a positive whole number" })
  .transform((v) => String(v))
  .pipe(z.string().regex(/^[1-9][0-9]{0,17}$/, "Invalid id: expected a positive whole number"));

/** YYYY-MM-DD that is also a real calendar date. */
export function isoDate(message: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, message);
}

/**
 * A YYYY-MM-DD calendar date from `min` to `max` inclusive (both YYYY-MM-DD; `max` may be a function, e.g.
 * today). Outside the range is the same refusal with `message`, so the caller says what range it takes.
 */
export function isoDateBetween(min: string, max: string | (() => string), message: string) {
  return isoDate(message).refine((s) => s >= min && s <= (typeof max === "function" ? max() : max), message);
}

/** Form booleans arrive as JSON booleans or as "true"/"false" strings. */
export const booleanish = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
