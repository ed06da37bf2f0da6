import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, profiles, projects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
let wide: Buffer;
let small: Buffer;
beforeAll(async () => {
  chain = await startTestChain();
  wide = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  small = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#cc3333" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await chain?.stop();
});

interface ProjectBody {
  _id: string;
  authorWallet: string;
  authorName: string;
  authorPhoto: string | null;
  projectNumber: number;
  title: string;
  description: string;
  image: string;
  totalReceived: number;
  archived: boolean;
  createdAt: string;
}

function newWallet() {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address.toLowerCase() as `0x${string}` };
}

interface FormInput {
  wallet: string;
  projectNumber?: string;
  title?: string;
  description?: string;
  image?: { bytes: Buffer; type: string; name?: string };
}

function form(input: FormInput): FormData {
  const data = new FormData();
  data.append("wallet", input.wallet);
  data.append("projectNumber", input.projectNumber ?? "1");
  if (input.title !== undefined) data.append("title", input.title);
  if (input.description !== undefined) data.append("description", input.description);
  data.append("balance", "999999"); // the spec's client sends it; the server must ignore it
  if (input.image) {
    data.append(
      "image",
      new Blob([new Uint8Array(input.image.bytes)], { type: input.image.type }),
      input.image.name ?? "art",
    );
  }
  return data;
}

describe.each(testDatabaseKinds())("project submissions on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(name: string, cc = 5) {
    const w = newWallet();
    // Profiles are the profile feature's; here they only need to exist.
    await t.database.db
      .insert(profiles)
      .values({ wallet: w.address, name, birthday: "2008-04-01", starSign: "Libra", photo: `${name}.webp` });
    if (cc > 0) await chain.fund(w.address, cc);
    return { ...w, cookie: await signIn(t, w.key) };
  }

  const submit = (cookie: string | undefined, input: FormInput) =>
    t.app.inject({ method: "POST", url: "/api/projects", payload: form(input), headers: cookie ? { cookie } : {} });
  const listOf = async (n: number): Promise<ProjectBody[]> => {
    const res = await t.app.inject({ method: "GET", url: `/api/projects/${n}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const rowsOf = (wallet: string) => t.database.db.select().from(projects).where(eq(projects.authorWallet, wallet));

  it("a member submits a titled image: it is stored as WebP within 1080x1080 and listed for that project", async () => {
    const m = await member("Frida");
    const res = await submit(m.cookie, {
      wallet: m.address,
      projectNumber: "1",
      title: "  Self portrait ",
      description: "Oil on canvas",
      image: { bytes: wide, type: "image/png", name: "portrait.png" },
    });
    expect(res.statusCode).toBe(200);
    const created: ProjectBody = res.json();
    expect(created).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      authorWallet: m.address,
      authorName: "Frida",
      authorPhoto: "Frida.webp",
      projectNumber: 1,
      title: "Self portrait",
      description: "Oil on canvas",
      image: expect.stringMatching(/^[0-9a-f]{64}\.webp$/),
      totalReceived: 0,
      archived: false,
      createdAt: expect.any(String),
    });
    const image = await t.app.inject({ method: "GET", url: `/api/projects/image/${created.image}` });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1080, 608]);

    expect((await listOf(1)).find((p) => p._id === created._id)).toEqual(created);
    expect((await listOf(2)).find((p) => p._id === created._id)).toBeUndefined();
    const own = await t.app.inject({
      method: "GET",
      url: `/api/projects/1/${m.address.toUpperCase().replace("0X", "0x")}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(created);
  });

  it("a second submission for the same project updates it; a new image is optional when editing", async () => {
    const m = await member("Edit");
    const first: ProjectBody = (
      await submit(m.cookie, {
        wallet: m.address,
        projectNumber: "2",
        title: "Draft",
        image: { bytes: small, type: "image/jpeg" },
      })
    ).json();
    const renamed = await submit(m.cookie, {
      wallet: m.address,
      projectNumber: "2",
      title: "Final",
      description: "done",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: first._id, title: "Final", description: "done", image: first.image });
    const reimaged = await submit(m.cookie, {
      wallet: m.address,
      projectNumber: "2",
      title: "Final",
      image: { bytes: wide, type: "image/png" },
    });
    expect(reimaged.statusCode).toBe(200);
    expect(reimaged.json()._id).toBe(first._id);
    expect(reimaged.json().image).not.toBe(first.image);
    expect(await rowsOf(m.address)).toHaveLength(1);
  });

  it("title and image are required on create", async () => {
    const m = await member("Needy");
    const noImage = await submit(m.cookie, { wallet: m.address, title: "No picture" });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().errors).toEqual([messages.project.titleAndImage]);
    const noTitle = await submit(m.cookie, {
      wallet: m.address,
      title: "   ",
      image: { bytes: small, type: "image/jpeg" },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors).toEqual([messages.project.titleAndImage]);
    expect(await rowsOf(m.address)).toEqual([]);
  });

  it("a title or description that cannot be stored (a NUL) is refused before the image is: nothing is written", async () => {
    const m = await member("Nul Painter");
    const countImages = async () => (await t.database.db.select({ name: images.name }).from(images)).length;
    const before = await countImages();
    for (const [title, description] of [
      ["Still\u0000life", "Oil"],
      ["Still life", "Oil\u0000on canvas"],
    ]) {
      const res = await submit(m.cookie, {
        wallet: m.address,
        projectNumber: "1",
        title,
        description,
        image: { bytes: small, type: "image/png", name: "nul.png" },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([messages.input.unstorableText]);
    }
    expect(await rowsOf(m.address)).toEqual([]);
    expect(await countImages()).toBe(before);
  });

  it("a file that is not an image is refused with the spec's message", async () => {
    const m = await member("Textual");
    const declared = await submit(m.cookie, {
      wallet: m.address,
      title: "Notes",
      image: { bytes: Buffer.from("just some text"), type: "text/plain", name: "notes.txt" },
    });
    expect(declared.statusCode).toBe(400);
    expect(declared.json().errors).toEqual([messages.project.imageFile]);
    const disguised = await submit(m.cookie, {
      wallet: m.address,
      title: "Notes",
      image: { bytes: Buffer.from("not really a png"), type: "image/png", name: "fake.png" },
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errors).toEqual([messages.project.imageFile]);
    expect(await rowsOf(m.address)).toEqual([]);
  });

  it("without a profile, or with a profile and no coins on chain, submitting is refused", async () => {
    const noProfile = newWallet();
    await chain.fund(noProfile.address, 5);
    const cookie = await signIn(t, noProfile.key);
    const a = await submit(cookie, {
      wallet: noProfile.address,
      title: "x",
      image: { bytes: small, type: "image/jpeg" },
    });
    expect(a.statusCode).toBe(400);
    expect(a.json().errors).toEqual([messages.project.requirements]);

    const broke = await member("Broke", 0);
    const b = await submit(broke.cookie, {
      wallet: broke.address,
      title: "x",
      image: { bytes: small, type: "image/jpeg" },
    });
    expect(b.statusCode).toBe(400);
    expect(b.json().errors).toEqual([messages.project.requirements]);
    await chain.fund(broke.address, 1);
    const c = await submit(broke.cookie, {
      wallet: broke.address,
      title: "x",
      image: { bytes: small, type: "image/jpeg" },
    });
    expect(c.statusCode).toBe(200);
  });

  it("a submission without a session (401) or for another wallet (403) writes nothing", async () => {
    const victim = await member("Victim");
    const mallory = await member("Mallory");
    const input = { wallet: victim.address, title: "forged", image: { bytes: small, type: "image/jpeg" } };
    const anonymous = await submit(undefined, input);
    expect(anonymous.statusCode).toBe(401);
    const forged = await submit(mallory.cookie, input);
    expect(forged.statusCode).toBe(403);
    expect(await rowsOf(victim.address)).toEqual([]);
    expect(await rowsOf(mallory.address)).toEqual([]);
  });

  it("one's own submission for a project without one answers 404 JSON", async () => {
    const m = await member("Empty");
    const res = await t.app.inject({ method: "GET", url: `/api/projects/3/${m.address}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: messages.project.notFound });
  });

  it("project numbers other than 1-4 are refused with 400", async () => {
    for (const n of ["0", "5", "abc", "1.5"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/projects/${n}` });
      expect(res.statusCode, n).toBe(400);
    }
    const m = await member("Five");
    const res = await submit(m.cookie, {
      wallet: m.address,
      projectNumber: "5",
      title: "x",
      image: { bytes: small, type: "image/jpeg" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([messages.project.number]);
  });

  it("archived submissions leave the project list, newest first otherwise; the author still sees theirs", async () => {
    const a = await member("Alpha");
    const b = await member("Beta");
    const sa: ProjectBody = (
      await submit(a.cookie, {
        wallet: a.address,
        projectNumber: "4",
        title: "A",
        image: { bytes: small, type: "image/jpeg" },
      })
    ).json();
    const sb: ProjectBody = (
      await submit(b.cookie, {
        wallet: b.address,
        projectNumber: "4",
        title: "B",
        image: { bytes: small, type: "image/jpeg" },
      })
    ).json();
    expect((await listOf(4)).map((p) => p._id)).toEqual([sb._id, sa._id]);
    await t.database.db
      .update(projects)
      .set({ archived: true })
      .where(eq(projects.id, Number(sa._id)));
    expect((await listOf(4)).map((p) => p._id)).toEqual([sb._id]);
    const own = await t.app.inject({ method: "GET", url: `/api/projects/4/${a.address}` });
    expect(own.json()).toMatchObject({ _id: sa._id, archived: true });
  });

  it("racing first submissions for one project end as one submission, none failing with 5xx", async () => {
    const m = await member("Racer");
    const responses = await Promise.all(
      ["v1", "v2", "v3", "v4", "v5"].map((title) =>
        submit(m.cookie, { wallet: m.address, projectNumber: "3", title, image: { bytes: small, type: "image/jpeg" } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.json()._id)).size).toBe(1);
    expect(await rowsOf(m.address)).toHaveLength(1);
  });
});
