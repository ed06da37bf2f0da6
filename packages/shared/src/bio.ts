/**
 * A profile's optional bio (spec §3 "bio (shown if present)"; issue 17): the post's text rules (trimmed,
 * counted in code points as text.ts counts, NUL refused as for every stored text) at most 280 characters.
 * Empty after trimming is no bio.
 */
import { z } from "zod";
import { textLength } from "./text";

export const BIO_MAX_LENGTH = 280;

export const bioMessages = {
  tooLong: `Bio is too long. Maximum ${BIO_MAX_LENGTH} characters allowed.`,
  unstorable: "Bio contains a character that cannot be stored (a NUL character). Please remove it.",
} as const;

/** The form's text in, the stored value out: null for none. */
export const bioSchema = z
  .string()
  .trim()
  .refine((bio) => !bio.includes("\u0000"), bioMessages.unstorable)
  .refine((bio) => textLength(bio) <= BIO_MAX_LENGTH, bioMessages.tooLong)
  .transform((bio) => (bio === "" ? null : bio));

/** The bio field's counter: code points typed (as the check counts them) of 280. */
export function bioCounter(bio: string): string {
  return `${textLength(bio.trim())}/${BIO_MAX_LENGTH}`;
}
