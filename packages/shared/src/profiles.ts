/** Profile form (spec §5 "Profile", "Profile photo", §7): the server's schema and the form's own checks. */
import { z } from "zod";
import { bioSchema } from "./bio";
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, NAME_MAX_LENGTH, NAME_MIN_LENGTH, STAR_SIGNS } from "./constants";
import { profileSchema } from "./entities";
import { messages } from "./messages";
import { isoDate, isoDateBetween, walletSchema } from "./primitives";
import { cleanName, hasForbiddenNameChars, textLength } from "./text";

/**
 * A name is cleaned first (NFC, single spaces, invisible characters removed and trimmed: text.ts), then
 * must hold no bidi or control character and be 1-50 code points. The server also refuses a name that
 * looks like another member's (apps/api, confusable names); the form cannot know the others.
 */
const profileNameSchema = z
  .string({ error: messages.profile.name })
  .transform(cleanName)
  .pipe(
    z
      .string()
      .refine((name) => !hasForbiddenNameChars(name), messages.profile.nameCharacters)
      .refine((name) => {
        const length = textLength(name);
        return length >= NAME_MIN_LENGTH && length <= NAME_MAX_LENGTH;
      }, messages.profile.name),
  );

export const BIRTHDAY_MIN = "1900-01-01";
/** Today, as a date somewhere on Earth: UTC+14 is the furthest ahead, so no one's today is refused. */
const latestToday = () => new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A real YYYY-MM-DD date (else the spec's message), between 1900-01-01 and today. */
const birthdaySchema = isoDate(messages.profile.birthday).pipe(
  isoDateBetween(BIRTHDAY_MIN, latestToday, messages.profile.birthdayRange),
);

const starSignSchema = z.enum(STAR_SIGNS, { error: messages.profile.starSign });

/**
 * The fields a person fills in; each failing rule contributes its spec message. `bio` is optional: left out
 * (the spec's form has none) an update keeps the bio there is; sent empty it clears it.
 */
export const profileFieldsSchema = z.object({
  name: profileNameSchema,
  birthday: birthdaySchema,
  starSign: starSignSchema,
  bio: bioSchema.optional(),
});
export type ProfileFields = z.output<typeof profileFieldsSchema>;

/**
 * The multipart form of POST /api/profiles and /api/profiles/update (text fields; `photo` is the file).
 * `balance` is sent by the spec's client and ignored: the server reads the balance from the chain.
 */
export const profileFormSchema = profileFieldsSchema.extend({
  wallet: walletSchema,
  balance: z.string().optional(),
});
export type ProfileForm = z.output<typeof profileFormSchema>;

export const profileParamsSchema = z.object({ wallet: walletSchema });

/** `GET /api/profiles/:wallet/status`: the profile when active; an archived one is only said to exist. */
export const profileStatusSchema = z.object({
  status: z.enum(["none", "active", "archived"]),
  profile: profileSchema.nullable(),
});
export type ProfileStatus = z.infer<typeof profileStatusSchema>;

export interface ProfileFieldsInput {
  name?: string | undefined;
  birthday?: string | undefined;
  starSign?: string | undefined;
  bio?: string | undefined;
}

/** Every failing rule's message, in the spec's order (name, birthday, star sign); empty when valid. */
export function validateProfileFields(input: ProfileFieldsInput): string[] {
  const parsed = profileFieldsSchema.safeParse({
    name: input.name ?? "",
    birthday: input.birthday ?? "",
    starSign: input.starSign ?? "",
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
  });
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((i) => i.message))];
}

export interface PhotoFileInfo {
  /** The browser's declared MIME type (File.type). */
  type: string;
  size: number;
}

/** The photo checks of spec §5 as the form runs them on the chosen file; the server re-checks the bytes. */
export function validatePhotoFile(file: PhotoFileInfo): string[] {
  if (!file.type.startsWith("image/")) return [messages.photo.notImage];
  const errors: string[] = [];
  if (file.size > MAX_UPLOAD_BYTES) errors.push(messages.photo.tooLarge);
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) errors.push(messages.photo.badType);
  return errors;
}
