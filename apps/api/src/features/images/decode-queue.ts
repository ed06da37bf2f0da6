/**
 * What bounds the memory of image decoding. A file's header may claim any size: a 146 KB PNG of
 * 49,999,999×1 px or a 35-byte GIF of 65535×762 decode to hundreds of megabytes each while staying under
 * the 50-megapixel limit. So, from the header alone (sharp's metadata, which decodes no pixels):
 *
 * - no side over MAX_IMAGE_SIDE (8,000 px: a 48-megapixel phone photo is 8,000×6,000),
 * - no side over MAX_ASPECT_RATIO (20) times the other (a panorama is about 4:1),
 *
 * and decodes run DECODE_CONCURRENCY (2) at a time, each on one libvips thread, with libvips' operation
 * cache off (uploads are never decoded twice); at most MAX_WAITING more wait their turn, the rest are told
 * to retry (503). The worst case is then two 48-megapixel decodes at once, whatever arrives.
 */
import { messages } from "@classcoin/shared/messages";
import sharp from "sharp";
import { HttpError, validationFailed } from "../../http-errors";

export const MAX_IMAGE_SIDE = 8_000;
export const MAX_ASPECT_RATIO = 20;
export const DECODE_CONCURRENCY = 2;
export const MAX_WAITING = 64;

sharp.concurrency(1);
sharp.cache(false);

/** Refuses (400) a picture whose header claims a side over 8,000 px or a ratio over 20:1. */
export function checkDimensions(width: number, height: number): void {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw validationFailed([messages.image.tooWide(MAX_IMAGE_SIDE)]);
  }
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) {
    throw validationFailed([messages.image.tooNarrow(MAX_ASPECT_RATIO)]);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `decode` when one of the DECODE_CONCURRENCY slots is free; 503 when MAX_WAITING already wait. */
export async function inDecodeQueue<T>(decode: () => Promise<T>): Promise<T> {
  if (running >= DECODE_CONCURRENCY) {
    if (waiting.length >= MAX_WAITING) {
      throw new HttpError(503, messages.image.busy, undefined, { "Retry-After": "5" });
    }
    // A finishing decode hands its slot straight to the first waiter (running stays counted).
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await decode();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Decodes in progress and waiting, for tests and diagnostics. */
export function decodeQueueState(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
