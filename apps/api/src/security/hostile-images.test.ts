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
import { countJpegScans, MAX_JPEG_SCANS } from "../features/images/jpeg-scans";
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

/**
 * A valid progressive greyscale JPEG of `width`×`height` whose AC scans are nothing but end-of-band runs, the
 * one scan repeated `scans` times: a few bytes a scan, each costing a decoder a pass over every block.
 */
function scanBombJpeg(width: number, height: number, scans: number): Buffer {
  const out: number[] = [];
  const u16 = (v: number) => [(v >> 8) & 255, v & 255];
  const segment = (marker: number, body: number[]) => out.push(0xff, marker, ...u16(body.length + 2), ...body);
  const bits = (codes: [value: number, length: number][]) => {
    const bytes: number[] = [];
    let acc = 0;
    let n = 0;
    const put = (bit: number) => {
      acc = (acc << 1) | bit;
      if (++n === 8) {
        bytes.push(acc);
        if (acc === 0xff) bytes.push(0); // byte stuffing
        acc = 0;
        n = 0;
      }
    };
    for (const [value, length] of codes) for (let i = length - 1; i >= 0; i--) put((value >> i) & 1);
    while (n !== 0) put(1);
    return bytes;
  };
  out.push(0xff, 0xd8);
  segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
  segment(0xc2, [8, ...u16(height), ...u16(width), 1, 1, 0x11, 0]);
  // DC table: one code "0" for category 0; AC table: one code "0" for an EOB run of 2^14 + 14 bits.
  const table = (tableClass: number, symbol: number) => [tableClass, 1, ...new Array<number>(15).fill(0), symbol];
  segment(0xc4, [...table(0x00, 0x00), ...table(0x10, 0xe0)]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  segment(0xda, [1, 1, 0x00, 0, 0, 0]);
  out.push(...bits(Array.from({ length: blocks }, () => [0, 1] as [number, number])));
  const runs: [number, number][] = [];
  for (let left = blocks; left > 0; left -= 32_767) runs.push([0, 1], [0x3fff, 14]);
  const ac = bits(runs);
  for (let s = 0; s < scans; s++) {
    segment(0xda, [1, 1, 0x00, 1, 63, 0]);
    out.push(...ac);
  }
  out.push(0xff, 0xd9);
  return Buffer.from(out);
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

  it("refuses a progressive JPEG of more scans than any encoder writes before decoding it; a normal one is stored", async () => {
    // Before: 6,000 scans in 825 KB took a decoder 225 s, with every other upload queued behind it.
    const bomb = scanBombJpeg(2_000, 1_500, MAX_JPEG_SCANS + 1);
    expect(countJpegScans(bomb)).toBe(MAX_JPEG_SCANS + 1);
    const started = Date.now();
    const res = await upload(bomb, "image/jpeg");
    expect([res.statusCode, res.json().error]).toEqual([400, messages.image.tooManyScans(MAX_JPEG_SCANS)]);
    expect(Date.now() - started).toBeLessThan(1_500);
    // The same construction within the limit is a valid JPEG: the count, not the construction, refused it.
    const allowed = scanBombJpeg(2_000, 1_500, 3);
    expect(countJpegScans(allowed)).toBe(4);
    expect((await upload(allowed, "image/jpeg")).statusCode).toBe(200);
    // What encoders write: baseline (1 scan) and progressive (sharp's libjpeg-turbo: 10), stuffed bytes and all.
    const photo = sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    });
    const baseline = await photo.clone().jpeg().toBuffer();
    const progressive = await photo.clone().jpeg({ progressive: true }).toBuffer();
    expect([countJpegScans(baseline), countJpegScans(progressive)]).toEqual([1, 10]);
    expect((await upload(progressive, "image/jpeg")).statusCode).toBe(200);
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
