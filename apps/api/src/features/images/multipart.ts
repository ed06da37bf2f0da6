/**
 * Reads the spec's multipart forms (fields plus at most one image) with hard limits, turning every way an
 * upload can go wrong (too big, too many parts, cut off mid-stream) into a 400 with a message.
 */

import { MAX_UPLOAD_BYTES } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, validationFailed } from "../../http-errors";

export const multipartLimits = {
  files: 1,
  fileSize: MAX_UPLOAD_BYTES,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 21,
  headerPairs: 100,
} as const;

export interface UploadedFile {
  bytes: Buffer;
  mimetype: string;
  filename: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

export interface ReadMultipartOptions {
  /** The message for a file over 5 MB; the profile photo's by default. */
  tooLarge?: string;
}

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: multipartLimits });
}

/**
 * The form's text fields (first value of each name wins) and its file, if one was chosen. A JSON object
 * body is accepted too (fields only), for callers that send no file.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: ReadMultipartOptions = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) return jsonFields(request.body);
  const fields: Record<string, string> = Object.create(null);
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        // Browsers send an empty, nameless file part when no file was chosen.
        if (bytes.length === 0 && part.filename === "") continue;
        file = { bytes, mimetype: part.mimetype, filename: part.filename };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw validationFailed([`The form field "${part.fieldname.slice(0, 40)}" is too long.`]);
        }
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value ?? "");
      }
    }
  } catch (error) {
    throw toHttpError(error, options);
  }
  return file ? { fields: { ...fields }, file } : { fields: { ...fields } };
}

/**
 * A form with up to `maxFiles` images (the Feed's): its text fields and every file chosen, in order. More files
 * than `maxFiles` is a 400 with `tooMany`. A JSON object body gives its fields and no files.
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  options: ReadMultipartOptions & { maxFiles: number; tooMany: string },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { fields: jsonFields(request.body).fields, files: [] };
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  const limits = { ...multipartLimits, files: options.maxFiles, parts: multipartLimits.parts + options.maxFiles };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && part.filename === "") continue;
        files.push({ bytes, mimetype: part.mimetype, filename: part.filename });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw validationFailed([`The form field "${part.fieldname.slice(0, 40)}" is too long.`]);
        }
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value ?? "");
      }
    }
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    throw code === "FST_FILES_LIMIT" ? validationFailed([options.tooMany]) : toHttpError(error, options);
  }
  return { fields: { ...fields }, files };
}

function jsonFields(body: unknown): MultipartForm {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw validationFailed([messages.image.notMultipart]);
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      fields[key] = String(value);
    }
  }
  return { fields };
}

function toHttpError(error: unknown, options: ReadMultipartOptions): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return validationFailed([options.tooLarge ?? messages.photo.tooLarge]);
    case "FST_FILES_LIMIT":
      return validationFailed([messages.image.tooManyFiles]);
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return validationFailed([messages.image.tooManyFields]);
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
      return validationFailed([(error as Error).message]);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return validationFailed([messages.image.notMultipart]);
    default:
      // busboy reports a cut-off or malformed body with plain Errors ("Unexpected end of form", …).
      if (error instanceof Error && (code === "FST_MP_PREMATURE_CLOSE" || !code)) {
        return validationFailed([messages.image.truncated]);
      }
      return error;
  }
}
