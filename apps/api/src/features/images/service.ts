/**
 * Uploaded images: recognised by their bytes (never the name or the declared type), decoded under a pixel
 * limit, auto-oriented, downscaled and re-encoded to WebP. Re-encoding drops EXIF/GPS and anything else a
 * file smuggled along, so only pixels we produced are ever served. Stored in the database under the SHA-256
 * of the result, so the same upload twice is one row.
 *
 * The Feed is anonymous, so its images are encoded unlike every named kind: the same picture submitted to a
 * project (or as a profile photo) and posted to the Feed used to come out as the same bytes and the same
 * name, and anyone could match the Feed's image names against the projects' to name the poster.
 */
import { createHash } from "node:crypto";
import {
  MAX_UPLOAD_BYTES,
  PROFILE_PHOTO_MAX_DIMENSION,
  PROJECT_IMAGE_MAX_DIMENSION,
} from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { and, eq, ne, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import type { Db } from "../../db/client";
import { images } from "../../db/schema";
import { HttpError, validationFailed } from "../../http-errors";
import { checkDimensions, inDecodeQueue } from "./decode-queue";
import { countJpegScans, MAX_JPEG_SCANS } from "./jpeg-scans";

/** `feed`: an image of the Feed (issue 18), sized like a project image. */
export type ImageKind = "photo" | "project" | "feed";

/** Decompression-bomb guard: a few KB of PNG can claim gigapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_NAME_PATTERN = /^[0-9a-f]{64}\.webp$/;

const MAX_DIMENSION: Record<ImageKind, number> = {
  photo: PROFILE_PHOTO_MAX_DIMENSION,
  project: PROJECT_IMAGE_MAX_DIMENSION,
  feed: PROJECT_IMAGE_MAX_DIMENSION,
};

/** WebP quality; the Feed's differs from the named kinds' so that no output of one is an output of another. */
export const WEBP_QUALITY: Record<ImageKind, number> = { photo: 82, project: 82, feed: 80 };

type Format = "jpeg" | "png" | "gif" | "webp";

/** The format the file's first bytes announce, if it is one we accept. */
export function sniffImageFormat(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString("latin1") === "RIFF") {
    if (bytes.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  }
  return null;
}

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Validates and re-encodes an upload; throws 400 with the spec's photo messages for bad input. */
export async function encodeImage(input: Buffer, kind: ImageKind): Promise<EncodedImage> {
  if (input.length === 0) throw validationFailed([messages.image.empty]);
  if (input.length > MAX_UPLOAD_BYTES) throw validationFailed([messages.photo.tooLarge]);
  const format = sniffImageFormat(input);
  if (!format) throw validationFailed([messages.photo.badType]);
  if (format === "jpeg" && countJpegScans(input) > MAX_JPEG_SCANS) {
    throw validationFailed([messages.image.tooManyScans(MAX_JPEG_SCANS)]);
  }

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw validationFailed([isPixelLimit(error) ? messages.image.tooManyPixels : messages.photo.badType]);
  }
  // The decoder must agree with the magic number, or the file is a disguise (or a polyglot).
  if (metadata.format !== format) throw validationFailed([messages.photo.badType]);
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width === 0 || height === 0) throw validationFailed([messages.photo.badType]);
  if (width * height > MAX_INPUT_PIXELS) throw validationFailed([messages.image.tooManyPixels]);
  // Side and aspect ratio from the header too, before a single pixel is decoded (decode-queue.ts).
  checkDimensions(width, height);

  const max = MAX_DIMENSION[kind];
  try {
    const { data, info } = await inDecodeQueue(() =>
      sharp(input, options)
        .autoOrient()
        .resize({ width: max, height: max, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY[kind] })
        .toBuffer({ resolveWithObject: true }),
    );
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error; // the queue's 503 "busy"
    throw validationFailed([isPixelLimit(error) ? messages.image.tooManyPixels : messages.image.unreadable]);
  }
}

const isPixelLimit = (error: unknown) => /pixel limit/i.test(String((error as Error | null)?.message));

/** Re-encodes and stores an upload; returns its file name (`<sha256>.webp`). */
export async function storeImage(db: Db, bytes: Buffer, kind: ImageKind): Promise<string> {
  const encoded = await encodeImage(bytes, kind);
  const name = `${createHash("sha256").update(encoded.bytes).digest("hex")}.webp`;
  await db
    .insert(images)
    .values({
      name,
      kind,
      contentType: "image/webp",
      width: encoded.width,
      height: encoded.height,
      bytes: encoded.bytes,
    })
    // Stored again: its grace period starts again, so the image sweep cannot take it before its row is written.
    .onConflictDoUpdate({ target: images.name, set: { createdAt: sql`now()` } });
  return name;
}

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * The stored image of that name, or null for an unknown or malformed name. `from` is the route asking: the
 * Feed's images are served only by the Feed's route (which checks that a visible post shows them), the
 * projects' and photos' only by theirs; otherwise a hidden Feed image stayed public under another route.
 */
export async function readImage(db: Db, name: string, from: "feed" | "named"): Promise<StoredImage | null> {
  if (!IMAGE_NAME_PATTERN.test(name)) return null;
  const [row] = await db
    .select({ bytes: images.bytes, contentType: images.contentType })
    .from(images)
    .where(and(eq(images.name, name), from === "feed" ? eq(images.kind, "feed") : ne(images.kind, "feed")))
    .limit(1);
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.contentType } : null;
}
