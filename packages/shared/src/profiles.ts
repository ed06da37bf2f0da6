/** Profile form (spec §5 "Profile", "Profile photo", §7): the server's schema and the form's own checks. */
import { z } from "zod";
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, NAME_MAX_LENGTH, NAME_MIN_LENGTH, STAR_SIGNS } from "./constants";
import { messages } from "./messages";
import { isoDate, walletSchema } from "./primitives";

export const profileNameSchema = z
  .string({ error: messages.profile.name })
  .trim()
  .min(NAME_MIN_LENGTH, messages.profile.name)
  .max(NAME_MAX_LENGTH, messages.profile.name);

export const birthdaySchema = isoDate(messages.profile.birthday);

export const starSignSchema = z.enum(STAR_SIGNS, { error: messages.profile.starSign });

/** The fields a person fills in; each failing rule contributes its spec message. */
export const profileFieldsSchema = z.object({
  name: profileNameSchema,
  birthday: birthdaySchema,
  starSign: starSignSchema,
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
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

export const profileParamsSchema = z.object({ wallet: walletSchema });

export interface ProfileFieldsInput {
  name?: string | undefined;
  birthday?: string | undefined;
  starSign?: string | undefined;
}

/** Every failing rule's message, in the spec's order (name, birthday, star sign); empty when valid. */
export function validateProfileFields(input: ProfileFieldsInput): string[] {
  const parsed = profileFieldsSchema.safeParse({
    name: input.name ?? "",
    birthday: input.birthday ?? "",
    starSign: input.starSign ?? "",
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
