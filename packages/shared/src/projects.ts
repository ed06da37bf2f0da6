/** Project submission requests (spec §5 "Project submission", §7): server schemas and the form's checks. */
import { z } from "zod";
import { MIN_BALANCE_TO_PARTICIPATE, PROJECT_NUMBERS } from "./constants";
import { messages } from "./messages";
import { walletSchema, wholeNumber } from "./primitives";
import { storable } from "./text";

const PROJECT_TITLE_MAX_LENGTH = 200;
const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;

const projectNumberSchema = wholeNumber(messages.project.number, 1, PROJECT_NUMBERS.length);

export const projectListParamsSchema = z.object({ projectNumber: projectNumberSchema });
export const ownProjectParamsSchema = z.object({ projectNumber: projectNumberSchema, wallet: walletSchema });

/**
 * The text fields of the multipart `POST /api/projects` form. `balance` is what the spec's client sends;
 * it is accepted and ignored (the server reads the balance from the chain).
 */
export const projectFormFieldsSchema = z.object({
  wallet: walletSchema,
  projectNumber: projectNumberSchema,
  // NUL refused here, before the image is stored (the insert after it refused it, leaving the image behind).
  title: z
    .string()
    .trim()
    .max(PROJECT_TITLE_MAX_LENGTH, messages.project.titleTooLong)
    .refine(storable, messages.input.unstorableText)
    .default(""),
  description: z
    .string()
    .trim()
    .max(PROJECT_DESCRIPTION_MAX_LENGTH, messages.project.descriptionTooLong)
    .refine(storable, messages.input.unstorableText)
    .default(""),
  balance: z.string().optional(),
});
export type ProjectFormFields = z.output<typeof projectFormFieldsSchema>;

export interface ProjectFormState {
  connected: boolean;
  hasProfile: boolean;
  /** Whole CC of the connected wallet, or undefined while unknown. */
  balance: number | undefined;
  /** True when the wallet already has a submission for this project (a new image is then optional). */
  editing: boolean;
  title: string;
  /** The chosen file's MIME type, or undefined when no file is chosen. */
  imageType: string | undefined;
}

/** The spec's submission checks (§5 "Project submission"); empty when the form may be sent. */
export function validateProjectInput(state: ProjectFormState): string[] {
  if (
    !state.connected ||
    !state.hasProfile ||
    state.balance === undefined ||
    state.balance < MIN_BALANCE_TO_PARTICIPATE
  ) {
    return [messages.project.requirements];
  }
  const errors: string[] = [];
  const hasImage = state.imageType !== undefined;
  if (!state.title.trim() || (!state.editing && !hasImage)) errors.push(messages.project.titleAndImage);
  if (hasImage && !state.imageType?.startsWith("image/")) errors.push(messages.project.imageFile);
  return errors;
}
