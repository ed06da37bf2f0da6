/**
 * Images that are small files but huge pictures. A 146 KB PNG of 49,999,999×1 px passed the 50-megapixel
 * limit and took over 1 GB to decode; a 35-byte GIF of 65535×762 took ~350 MB. Now width, height and
 * aspect ratio are checked from the header (sharp's metadata, no pixels decoded) and decodes run through a
 * small queue, so 20 hostile uploads at once keep the server's memory within +300 MB and /api/health answering.
 */
import { deflateSync } from "node:zlib";
import { messages } from "@classcoin/shared/messages";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../db/schema";
import {
  DECODE_CONCURRENCY,
  inDecodeQueue,
  MAX_ASPECT_RATIO,
  MAX_IMAGE_SIDE,
  MAX_WAITING,
} from "../features/images/decode-queue";
import type { HttpError } from "../http-errors";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";

function crc32(buffer: Buffer): number {
  let crc = -1;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

/** A valid greyscale PNG of `width`×`height` whose pixels (all zero) deflate to almost nothing. */
function zeroPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0 + zero pixels, per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 35-byte GIF whose header claims `width`×`height` (a 2-colour palette, one tiny LZW block). */
function tinyGif(width: number, height: number): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from("GIF89a", "latin1"),
    ...le(width),
    ...le(height),
    0x80,
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c,
    0,
    0,
    0,
    0,
    ...le(width),
    ...le(height),
    0,
    2,
    2,
    0x4c,
    0x01,
    0,
    0x3b,
  ]);
}

let chain: TestChain;
let t: TestApp;
let cookie: string;
let bombs: { name: string; bytes: Buffer; message: string }[];
const wallet = () => chain.wallet(1).account.address.toLowerCase();

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite");
  await t.database.db
    .insert(profiles)
    .values({ wallet: wallet(), name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
  cookie = await signIn(t, 1);
  bombs = [
    { name: "a 49,999,999×1 PNG", bytes: zeroPng(49_999_999, 1), message: messages.image.tooWide(MAX_IMAGE_SIDE) },
    { name: "a 65535×762 GIF", bytes: tinyGif(65_535, 762), message: messages.image.tooWide(MAX_IMAGE_SIDE) },
    { name: "a 7,999×1 PNG", bytes: zeroPng(7_999, 1), message: messages.image.tooNarrow(MAX_ASPECT_RATIO) },
  ];
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

async function upload(bytes: Buffer, type = "image/png") {
  const form = await multipartBody(
    { wallet: wallet(), name: "Ada", birthday: "2010-01-01", starSign: "Leo" },
    { photo: { bytes, type, filename: "me.png" } },
  );
  return t.app.inject({
    method: "POST",
    url: "/api/profiles/update",
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
}

describe("hostile image dimensions", () => {
  it("refuses a 49,999,999×1 PNG, a 65535×762 GIF and a 7,999×1 strip from their headers with a 400 and a message", async () => {
    expect(bombs[0]!.bytes.length).toBeLessThan(200_000);
    expect(bombs[1]!.bytes.length).toBe(35);
    for (const bomb of bombs) {
      const started = Date.now();
      const res = await upload(bomb.bytes, bomb.name.includes("GIF") ? "image/gif" : "image/png");
      expect(res.statusCode, `${bomb.name}: ${res.body}`).toBe(400);
      expect(res.json().error, bomb.name).toContain(bomb.message);
      // Refused from the header: no decode of hundreds of megapixels.
      expect(Date.now() - started, bomb.name).toBeLessThan(1_500);
    }
    const [row] = await t.database.db.select().from(profiles);
    expect(row?.photo).toBeNull();
  });

  it("20 hostile uploads in parallel keep memory within +300 MB and /api/health answering", async () => {
    // The largest picture allowed (8,000×6,000, a small file of one colour) rides along with the bombs:
    // it is decoded, through the queue.
    const largest = await sharp({ create: { width: 8_000, height: 6_000, channels: 3, background: "#468" } })
      .png()
      .toBuffer();
    const files = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? largest : bombs[i % 3]!.bytes));
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const healthTimes: number[] = [];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        const started = Date.now();
        const res = await t.app.inject({ method: "GET", url: "/api/health" });
        expect(res.statusCode).toBe(200);
        healthTimes.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = Date.now();
    let results: { statusCode: number }[];
    try {
      results = await Promise.all(files.map((bytes) => upload(bytes)));
    } finally {
      uploading = false;
      await probe;
      clearInterval(sampler);
    }
    const grewMb = Math.round((peak - before) / 1024 / 1024);
    console.log(
      `20 hostile uploads in parallel: ${Date.now() - started} ms, RSS +${grewMb} MB at peak, /api/health answered ${healthTimes.length} times (slowest ${Math.max(...healthTimes)} ms)`,
    );
    expect(results.map((r) => r.statusCode)).toEqual(files.map((f) => (f === largest ? 200 : 400)));
    expect(grewMb).toBeLessThan(300);
    expect(healthTimes.length).toBeGreaterThan(0);
    // Answering throughout, not queued behind the decodes (the bound allows for 2 cores shared with other work).
    expect(Math.max(...healthTimes)).toBeLessThan(5_000);
  });

  it("decodes run 2 at a time; past 64 waiting, an upload is told to retry (503, Retry-After)", async () => {
    let active = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      inDecodeQueue(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((r) => releases.push(r));
        active--;
      });
    const jobs = Array.from({ length: DECODE_CONCURRENCY + MAX_WAITING }, job);
    const refused = (await job().catch((e: unknown) => e)) as HttpError;
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toBe(messages.image.busy);
    expect(refused.headers?.["Retry-After"]).toBe("5");
    while (releases.length > 0 || active > 0) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(jobs);
    expect(most).toBe(DECODE_CONCURRENCY);
  });
});
