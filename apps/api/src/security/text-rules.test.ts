/**
 * Profile names and birthdays as the server takes them. Names of only zero-width characters, with bidi
 * overrides ("\u202Eevil\u202C Admin") or mixing scripts to impersonate a classmate ("Ben Оkafor" with a
 * Cyrillic О) were accepted, and so were birthdays 0000-01-01 and 9999-12-31. Now names are cleaned and
 * checked by the same shared rules as the form, a name confusable with another member's (Unicode UTS #39
 * skeleton) is refused saying what to do, and birthdays lie between 1900-01-01 and today.
 */
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  for (const i of [1, 2, 3, 4, 5]) await chain.fund(chain.wallet(i).account.address, 10);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (i: number) => chain.wallet(i).account.address.toLowerCase();

describe.each(testDatabaseKinds())("name and birthday rules on %s", (kind) => {
  let t: TestApp;
  const cookies: Record<number, string> = {};
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    // A classmate already in the class.
    await t.database.db
      .insert(profiles)
      .values({ wallet: address(3), name: "Ben Okafor", birthday: "2010-01-01", starSign: "Leo" });
    for (const i of [1, 2]) cookies[i] = await signIn(t, i);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function save(i: number, fields: { name: string; birthday?: string }, url = "/api/profiles", photo?: Buffer) {
    const form = await multipartBody(
      {
        wallet: address(i),
        name: fields.name,
        birthday: fields.birthday ?? "2010-05-05",
        starSign: "Leo",
      },
      photo ? { photo: { bytes: photo, type: "image/png" } } : {},
    );
    return t.app.inject({
      method: "POST",
      url,
      payload: form.payload,
      headers: { ...form.headers, cookie: cookies[i]! },
    });
  }
  const stored = async (i: number) =>
    (
      await t.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.wallet, address(i)))
    )[0];

  it("refuses names of only invisible characters, and names with bidi controls, with the form's messages", async () => {
    const refusals: [string, string][] = [
      ["\u200b\u200b\u200b", messages.profile.name],
      ["\u3164", messages.profile.name],
      ["\u202eevil\u202c Admin", messages.profile.nameCharacters],
      ["Ada\u200f", messages.profile.nameCharacters],
    ];
    for (const [name, message] of refusals) {
      const res = await save(1, { name });
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(400);
      expect(res.json().errors, JSON.stringify(name)).toContain(message);
    }
    expect(await stored(1)).toBeUndefined();
  });

  it("refuses birthdays before 1900-01-01 or after today", async () => {
    for (const birthday of ["0000-01-01", "1899-12-31", "9999-12-31"]) {
      const res = await save(1, { name: "Ada", birthday });
      expect(res.statusCode, `${birthday}: ${res.body}`).toBe(400);
      expect(res.json().errors).toContain(messages.profile.birthdayRange);
    }
    expect(await stored(1)).toBeUndefined();
  });

  it("refuses a name confusable with another member's, on create and on update, saying what to do", async () => {
    const lookalikes = [
      "Ben \u041ekafor", // Cyrillic capital O
      "B\u0435n Okafor", // Cyrillic small ie
      "ben okafor",
      "Ben  Okafor",
      "Ben\u200b Okafor",
      "Ben 0kafor", // digit zero
      "\u0392en Okafor", // Greek capital beta
    ];
    for (const name of lookalikes) {
      const res = await save(1, { name });
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(400);
      expect(res.json().errors, JSON.stringify(name)).toEqual([messages.profile.nameConfusable("Ben Okafor")]);
    }
    expect(await stored(1)).toBeUndefined();

    // A name of one's own is fine; then an update to a lookalike is refused the same way.
    expect((await save(1, { name: "Ada Lovelace" })).statusCode).toBe(201);
    const update = await save(1, { name: "Ben \u041ekafor" }, "/api/profiles/update");
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().errors).toEqual([messages.profile.nameConfusable("Ben Okafor")]);
    expect((await stored(1))?.name).toBe("Ada Lovelace");
    // Keeping one's own name (or a lookalike of it) on update is not a conflict with oneself.
    expect((await save(1, { name: "Ada  Lovelace" }, "/api/profiles/update")).statusCode).toBe(200);
    // And another member cannot take a lookalike of it.
    const taken = await save(2, { name: "Ada Lovel\u0430ce" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([messages.profile.nameConfusable("Ada Lovelace")]);
  });

  it("stores one of two lookalike names sent at the same moment by two wallets", async () => {
    for (const i of [4, 5]) cookies[i] = await signIn(t, i);
    // With photos, as the form sends them: each is processed between the name check and the write.
    const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const [first, second] = await Promise.all([
      save(4, { name: "Cleo Park" }, undefined, photo),
      save(5, { name: "cleo park" }, undefined, photo),
    ]);
    expect([first.statusCode, second.statusCode].sort(), `${first.body} ${second.body}`).toEqual([201, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json().errors).toEqual([
      messages.profile.nameConfusable(first.statusCode === 400 ? "cleo park" : "Cleo Park"),
    ]);
    expect([await stored(4), await stored(5)].filter(Boolean)).toHaveLength(1);
  });

  it("stores names NFC-normalised and trimmed", async () => {
    const res = await save(2, { name: "\u200b Zoe\u0308 Kim \u2060" });
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored(2))?.name).toBe("Zo\u00eb Kim");
  });
});
