import { crc32, deflateSync } from "node:zlib";
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../../db/schema";
import type { HttpError } from "../../http-errors";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { encodeImage, readImage, sniffImageFormat, storeImage } from "./service";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } });

/** A valid PNG header that claims `width`×`height` pixels with almost no data: a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
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
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as HttpError | null;
  expect(error?.statusCode).toBe(400);
  return error?.errors ?? [];
}

describe("image checks and re-encoding", () => {
  it("recognises jpeg, png, gif and webp by their first bytes only", async () => {
    expect(sniffImageFormat(await solid(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await solid(4, 4).png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await solid(4, 4).gif().toBuffer())).toBe("gif");
    expect(sniffImageFormat(await solid(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await solid(4, 4).tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["a text file", Buffer.from("hello, I am a .png, honestly")],
    ["a GIF header followed by JavaScript (polyglot)", Buffer.from("GIF89a/*\u0000*/=1;alert(document.cookie);//")],
    [
      "a PNG signature on HTML",
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from("<html><script>x</script>"),
      ]),
    ],
    ["a TIFF", null],
  ])("refuses %s as not a valid image type", async (_name, bytes) => {
    const input = bytes ?? (await solid(8, 8).tiff().toBuffer());
    expect(await refusal(encodeImage(input, "photo"))).toEqual([messages.photo.badType]);
  });

  it("refuses an empty file and one over 5 MB", async () => {
    expect(await refusal(encodeImage(Buffer.alloc(0), "photo"))).toEqual([messages.image.empty]);
    expect(await refusal(encodeImage(Buffer.alloc(5_242_881, 0xff), "photo"))).toEqual([messages.photo.tooLarge]);
  });

  it("refuses a decompression bomb (a tiny file claiming 10 gigapixels) before decoding it", async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(encodeImage(bomb, "project"))).toEqual([messages.image.tooManyPixels]);
  });

  it("downscales photos to 512 px and project images to 1080×1080, never enlarging", async () => {
    const wide = await solid(2000, 1500).png().toBuffer();
    expect(await encodeImage(wide, "photo")).toMatchObject({ width: 512, height: 384 });
    expect(await encodeImage(wide, "project")).toMatchObject({ width: 1080, height: 810 });
    const small = await encodeImage(await solid(100, 50).jpeg().toBuffer(), "project");
    expect(small).toMatchObject({ width: 100, height: 50 });
    expect((await sharp(small.bytes).metadata()).format).toBe("webp");
  });

  it("applies the EXIF orientation, then drops the EXIF", async () => {
    const sideways = await solid(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const out = await encodeImage(sideways, "photo");
    expect([out.width, out.height]).toEqual([100, 200]);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it("keeps only the first frame of an animated GIF, as a still WebP", async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(255), await frame(0), await frame(128)], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const out = await encodeImage(gif, "photo");
    expect([out.width, out.height]).toEqual([30, 20]);
    expect((await sharp(out.bytes).metadata()).pages ?? 1).toBe(1);
  });
});

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("stored images on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores under the SHA-256 of the re-encoded bytes, once for the same content", async () => {
    const png = await solid(300, 200).png().toBuffer();
    const a = await storeImage(t.database.db, png, "project");
    const b = await storeImage(t.database.db, png, "project");
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(await t.database.db.select({ name: images.name }).from(images).where(eq(images.name, a))).toHaveLength(1);
    const stored = await readImage(t.database.db, a, "named");
    const { createHash } = await import("node:crypto");
    expect(
      `${createHash("sha256")
        .update(stored?.bytes ?? Buffer.alloc(0))
        .digest("hex")}.webp`,
    ).toBe(a);
  });

  it("serves project images and photos as immutable, nosniff WebP", async () => {
    const name = await storeImage(t.database.db, await solid(1500, 1500).jpeg().toBuffer(), "project");
    for (const url of [`/api/projects/image/${name}`, `/api/profiles/photo/${name}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1080, 1080]);
    }
  });

  it.each([
    `${"0".repeat(64)}.webp`,
    `${"A".repeat(64)}.webp`,
    `${"a".repeat(64)}.png`,
    "photo.webp",
    "..%2F..%2Fpackage.json",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    `${"a".repeat(64)}.webp%00.png`,
  ])("any other file name (%s) is a 404 with a JSON message", async (file) => {
    for (const base of ["/api/profiles/photo/", "/api/projects/image/"]) {
      const res = await t.app.inject({ method: "GET", url: base + file });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().error).toBeTruthy();
    }
  });
});
