import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles, settings, whitelist } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { multipartBody, type TestFile } from "../../testing/multipart";
import { signIn } from "../../testing/sign-in";
import { deleteUnreferencedImages } from "../images/sweep";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

interface Student {
  key: `0x${string}`;
  wallet: `0x${string}`;
  cookie: string;
}

const validFields = { name: "Ada Lovelace", birthday: "2008-12-10", starSign: "Sagittarius", balance: "0" };

describe.each(testDatabaseKinds())("profiles on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test starts with no profiles: they create "Ada Lovelace" again and again, and a name that looks
  // like another member's is refused (security/text-rules.test.ts).
  beforeEach(async () => {
    await t.database.db.delete(profiles);
  });

  /** A new wallet with a session, holding `cc` ClassCoin on chain. */
  async function student(cc = 0): Promise<Student> {
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address;
    if (cc > 0) await chain.fund(wallet, cc);
    return { key, wallet, cookie: await signIn(t, key) };
  }

  async function post(
    url: string,
    cookie: string | undefined,
    fields: Record<string, string | undefined>,
    photo?: TestFile,
  ) {
    const body = await multipartBody(fields, photo ? { photo } : {});
    return t.app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  }
  const create = (s: Student, fields: Record<string, string | undefined> = validFields, photo?: TestFile) =>
    post("/api/profiles", s.cookie, { wallet: s.wallet, ...fields }, photo);
  const update = (s: Student, fields: Record<string, string | undefined> = validFields, photo?: TestFile) =>
    post("/api/profiles/update", s.cookie, { wallet: s.wallet, ...fields }, photo);
  const rowsOf = (wallet: string) =>
    t.database.db.select().from(profiles).where(eq(profiles.wallet, wallet.toLowerCase()));

  it("a funded, signed-in wallet creates its profile and reads it back in spec shape", async () => {
    const s = await student(5);
    const res = await create(s);
    expect(res.statusCode).toBe(201);
    const profile = res.json();
    expect(profile).toEqual({
      _id: expect.stringMatching(/^[1-9][0-9]*$/),
      wallet: s.wallet.toLowerCase(),
      name: "Ada Lovelace",
      birthday: "2008-12-10",
      starSign: "Sagittarius",
      photo: null,
      createdAt: expect.any(String),
      archived: false,
    });
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);
    const one = await t.app.inject({
      method: "GET",
      url: `/api/profiles/${s.wallet.toUpperCase().replace("0X", "0x")}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(profile);
  });

  it("the name is trimmed before it is stored", async () => {
    const s = await student(1);
    const res = await create(s, { ...validFields, name: "   Grace  " });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe("Grace");
  });

  it.each([
    ["an empty name", { name: "" }, [messages.profile.name]],
    ["a blank name", { name: "    " }, [messages.profile.name]],
    ["a 51-character name", { name: "x".repeat(51) }, [messages.profile.name]],
    ["a missing name", { name: undefined }, [messages.profile.name]],
    ["a birthday not in YYYY-MM-DD", { birthday: "10/12/2008" }, [messages.profile.birthday]],
    ["a birthday that is not a real date", { birthday: "2009-02-29" }, [messages.profile.birthday]],
    ["a missing birthday", { birthday: undefined }, [messages.profile.birthday]],
    ["an unknown star sign", { starSign: "Ophiuchus" }, [messages.profile.starSign]],
    [
      "everything wrong at once",
      { name: "", birthday: "2008-13-01", starSign: "" },
      [messages.profile.name, messages.profile.birthday, messages.profile.starSign],
    ],
  ])("refuses %s with the spec's message and stores nothing", async (_title, change, expected) => {
    const s = await student(1);
    const res = await create(s, { ...validFields, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expected);
    expect(await rowsOf(s.wallet)).toHaveLength(0);
  });

  it("a 50-character name is accepted", async () => {
    const s = await student(1);
    expect((await create(s, { ...validFields, name: "y".repeat(50) })).statusCode).toBe(201);
  });

  it("creating needs at least 1 CC on chain; the balance the form sends is ignored", async () => {
    const s = await student(0);
    const broke = await create(s, { ...validFields, balance: "1000000" });
    expect(broke.statusCode).toBe(400);
    expect(broke.json().errors).toEqual([messages.profile.balance]);
    const both = await create(s, { ...validFields, name: "" });
    expect(both.json().errors).toEqual([messages.profile.name, messages.profile.balance]);

    await chain.fund(s.wallet, 0.5);
    expect((await create(s)).json().errors).toEqual([messages.profile.balance]);
    // Funded just now: the refusal above must not be remembered.
    await chain.fund(s.wallet, 0.5);
    const ok = await create(s, { ...validFields, balance: "0" });
    expect(ok.statusCode).toBe(201);
  });

  it("without a session a create or update answers 401 and changes nothing", async () => {
    const s = await student(1);
    const res = await post("/api/profiles", undefined, { wallet: s.wallet, ...validFields });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.auth.required);
    expect(await rowsOf(s.wallet)).toHaveLength(0);

    expect((await create(s)).statusCode).toBe(201);
    const upd = await post("/api/profiles/update", undefined, { wallet: s.wallet, ...validFields, name: "Hacked" });
    expect(upd.statusCode).toBe(401);
    expect((await rowsOf(s.wallet))[0]?.name).toBe("Ada Lovelace");
  });

  it("another wallet's session cannot create or update a profile (403) and changes nothing", async () => {
    const victim = await student(1);
    const attacker = await student(1);
    const res = await post("/api/profiles", attacker.cookie, { wallet: victim.wallet, ...validFields });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(messages.auth.wrongWallet);
    expect(await rowsOf(victim.wallet)).toHaveLength(0);

    expect((await create(victim)).statusCode).toBe(201);
    const upd = await post("/api/profiles/update", attacker.cookie, {
      wallet: victim.wallet,
      ...validFields,
      name: "Hacked",
    });
    expect(upd.statusCode).toBe(403);
    expect((await rowsOf(victim.wallet))[0]?.name).toBe("Ada Lovelace");
  });

  it("in whitelist mode only whitelisted wallets create profiles; existing profiles keep access", async () => {
    const existing = await student(1);
    expect((await create(existing)).statusCode).toBe(201);
    const outsider = await student(1);
    const invited = await student(1);
    await t.database.db.insert(settings).values({ key: "whitelistMode", value: true });
    try {
      await t.database.db.insert(whitelist).values({ wallet: invited.wallet.toLowerCase(), notes: "" });
      const refused = await create(outsider);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(messages.profile.whitelist);
      expect(refused.json().error).toMatch(/whitelist/);
      expect(await rowsOf(outsider.wallet)).toHaveLength(0);

      expect((await create(invited, { ...validFields, name: "Invited" })).statusCode).toBe(201);
      const edit = await update(existing, { ...validFields, name: "Still here" });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().name).toBe("Still here");
    } finally {
      await t.database.db.delete(settings).where(eq(settings.key, "whitelistMode"));
    }
    expect((await create(outsider, { ...validFields, name: "Outsider" })).statusCode).toBe(201);
  });

  it("one profile per wallet: a second create is a 409, whatever the address's letter case", async () => {
    const s = await student(1);
    expect((await create(s)).statusCode).toBe(201);
    const again = await post("/api/profiles", s.cookie, { ...validFields, wallet: s.wallet.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(messages.profile.exists);
    expect(await rowsOf(s.wallet)).toHaveLength(1);
  });

  it("concurrent creates for one wallet end with exactly one profile and no server error", async () => {
    const s = await student(1);
    const results = await Promise.all(Array.from({ length: 6 }, () => create(s)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await rowsOf(s.wallet)).toHaveLength(1);
  });

  it("update changes the fields, validates them, and 404s for a wallet with no profile", async () => {
    const s = await student(1);
    const none = await update(s);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(messages.profile.notFound);

    const created = (await create(s)).json();
    const bad = await update(s, { ...validFields, starSign: "Dragon" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([messages.profile.starSign]);
    const res = await update(s, { name: "Ada B.", birthday: "2008-01-31", starSign: "Aquarius" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...created, name: "Ada B.", birthday: "2008-01-31", starSign: "Aquarius" });
  });

  it("update needs no balance: a profile holder who spent every coin can still edit", async () => {
    const empty = await student(0);
    await t.database.db.insert(profiles).values({ wallet: empty.wallet.toLowerCase(), ...validFields });
    expect((await update(empty, { ...validFields, name: "No coins" })).statusCode).toBe(200);
  });

  it("lists active profiles newest first with bio when present, and hides archived ones", async () => {
    const a = await student(1);
    const b = await student(1);
    expect((await create(a, { ...validFields, name: "First" })).statusCode).toBe(201);
    expect((await create(b, { ...validFields, name: "Second" })).statusCode).toBe(201);
    await t.database.db.update(profiles).set({ bio: "Likes art" }).where(eq(profiles.wallet, a.wallet.toLowerCase()));
    const list = (await t.app.inject({ method: "GET", url: "/api/profiles" })).json();
    const names = list.map((p: { name: string }) => p.name);
    expect(names.indexOf("Second")).toBeLessThan(names.indexOf("First"));
    expect(list.find((p: { name: string }) => p.name === "First").bio).toBe("Likes art");
    expect(list.find((p: { name: string }) => p.name === "Second")).not.toHaveProperty("bio");

    await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, b.wallet.toLowerCase()));
    const after = (await t.app.inject({ method: "GET", url: "/api/profiles" })).json();
    expect(after.some((p: { wallet: string }) => p.wallet === b.wallet.toLowerCase())).toBe(false);
    const gone = await t.app.inject({ method: "GET", url: `/api/profiles/${b.wallet}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: messages.profile.notFound });
  });

  it("an unknown wallet's profile is a 404 with a JSON message", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/profiles/0x${"ab".repeat(20)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: messages.profile.notFound });
  });

  describe("photos", () => {
    async function gpsJpeg(width: number, height: number): Promise<Buffer> {
      return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .jpeg()
        .withExif({
          IFD0: { Make: "PhoneCo", Model: "Snap 9" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "51/1 30/1 0/1",
            GPSLongitudeRef: "W",
            GPSLongitude: "0/1 7/1 0/1",
          },
        })
        .toBuffer();
    }

    it("a JPEG with GPS EXIF comes back as a WebP of at most 512 px without any EXIF", async () => {
      const jpeg = await gpsJpeg(1200, 800);
      const before = await sharp(jpeg).metadata();
      expect(before.exif?.toString("latin1")).toContain("PhoneCo");
      const s = await student(1);
      const res = await create(s, validFields, { bytes: jpeg, type: "image/jpeg", filename: "me.jpg" });
      expect(res.statusCode).toBe(201);
      const photo = res.json().photo as string;
      expect(photo).toMatch(/^[0-9a-f]{64}\.webp$/);

      const served = await t.app.inject({ method: "GET", url: `/api/profiles/photo/${photo}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([512, 341]);
      expect(served.rawPayload.toString("latin1")).not.toContain("PhoneCo");
    });

    it("update replaces the photo when one is sent and keeps it otherwise", async () => {
      const s = await student(1);
      const first = (await create(s, validFields, { bytes: await gpsJpeg(64, 64), type: "image/jpeg" })).json().photo;
      const kept = await update(s, { ...validFields, name: "No new photo" });
      expect(kept.json().photo).toBe(first);
      const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#00ff0080" } })
        .png()
        .toBuffer();
      const replaced = await update(s, validFields, { bytes: png, type: "image/png", filename: "new.png" });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().photo).toMatch(/^[0-9a-f]{64}\.webp$/);
      expect(replaced.json().photo).not.toBe(first);

      // Once its grace period is over (here: at once), the image sweep deletes the photo nothing shows now.
      expect(await deleteUnreferencedImages(t.database.db, -1_000)).toBeGreaterThanOrEqual(1);
      const served = async (name: string) =>
        (await t.app.inject({ method: "GET", url: `/api/profiles/photo/${name}` })).statusCode;
      expect(await served(first)).toBe(404);
      expect(await served(replaced.json().photo)).toBe(200);
    });

    it("a text file named .png is refused by its bytes and no profile is made", async () => {
      const s = await student(1);
      const res = await create(s, validFields, {
        bytes: Buffer.from("just some text, not a picture\n"),
        type: "image/png",
        filename: "cat.png",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([messages.photo.badType]);
      expect(await rowsOf(s.wallet)).toHaveLength(0);
    });

    it("a file of 5 MB + 1 byte is refused as too large; exactly 5 MB is not", async () => {
      const s = await student(1);
      const jpeg = await gpsJpeg(32, 32);
      const big = Buffer.alloc(5_242_881);
      jpeg.copy(big);
      const res = await create(s, validFields, { bytes: big, type: "image/jpeg", filename: "big.jpg" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([messages.photo.tooLarge]);
      expect(await rowsOf(s.wallet)).toHaveLength(0);

      // A real JPEG padded after its end marker to exactly the limit.
      const ok = await create(s, validFields, { bytes: big.subarray(0, 5_242_880), type: "image/jpeg" });
      expect(ok.statusCode).toBe(201);
    });
  });

  describe("multipart form limits (POST /api/profiles)", () => {
    // Signed in: a form without a session is refused before it is read (below).
    const send = async (payload: Buffer, headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/profiles",
        payload,
        headers: { ...headers, cookie: await signIn(t, 8) },
      });

    it("without a session a form is refused (401) before it is read, as projects and the Feed refuse theirs", async () => {
      const body = await multipartBody({ wallet: "0x1" }, { photo: { bytes: Buffer.alloc(50_000, 1) } });
      // Cut off: read, it would be a 400 "truncated" (which it was before).
      const res = await t.app.inject({
        method: "POST",
        url: "/api/profiles",
        payload: body.payload.subarray(0, 30_000),
        headers: body.headers,
      });
      expect([res.statusCode, res.json().error]).toEqual([401, messages.auth.required]);
    });

    it("a second file in one form is refused with a 400", async () => {
      const file = { bytes: Buffer.from("GIF89a"), type: "image/gif" };
      const body = await multipartBody({ wallet: "0x1" }, { photo: file, other: file });
      const res = await send(body.payload, body.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([messages.image.tooManyFiles]);
    });

    it("a form with too many fields is refused with a 400", async () => {
      const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, "x"]));
      const body = await multipartBody(fields);
      const res = await send(body.payload, body.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([messages.image.tooManyFields]);
    });

    it("an oversized text field is refused with a 400", async () => {
      const body = await multipartBody({ name: "x".repeat(20_000) });
      const res = await send(body.payload, body.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/too long/);
    });

    it("a body cut off in the middle of the file is a 400, not a hang or a 500", async () => {
      const body = await multipartBody({ wallet: "0x1" }, { photo: { bytes: Buffer.alloc(50_000, 1) } });
      const res = await send(body.payload.subarray(0, 30_000), body.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([messages.image.truncated]);
    });

    it("the wallet field is required and checked before anything else", async () => {
      const body = await multipartBody({ wallet: "not-a-wallet", name: "A" });
      const res = await send(body.payload, body.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatch(/Invalid wallet address/);
    });

    it("a JSON body is read as the form's fields (no file)", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/profiles",
        payload: { wallet: `0x${"12".repeat(20)}`, name: "A" },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(messages.auth.required);
    });
  });
});
