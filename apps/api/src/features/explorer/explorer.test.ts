import { TRANSACTION_TYPES } from "@classcoin/shared/constants";
import type { ExplorerPage, ExplorerStats, Transaction } from "@classcoin/shared/entities";
import type { ExplorerDay } from "@classcoin/shared/explorer";
import { eq } from "drizzle-orm";
import { formatUnits, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { attachIndexer } from "../../chain/indexer/attach";
import { createIndexer } from "../../chain/indexer/indexer";
import { profiles, projects, tips } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { chainTransfers, dev, mintBatch, numberedAddress, transfer, waitFor } from "../../testing/transfers";
import { getDaily, getStats } from "./service";

const DAY = 86_400;

interface Expected {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  type: Transaction["type"];
  from: string;
  to: string;
  amount: number;
  wei: bigint;
  time: number;
  day: string;
}

let chain: TestChain;
let tippedTx: `0x${string}`;
let days: string[] = [];

beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it moves the chain's clock: a chain of its own
  // Day 0: mints, funding, a self-transfer and a transfer that becomes a project tip.
  await mintBatch(chain, [1, 2, 3, 4, 5].map(numberedAddress), 10);
  await transfer(chain, 0, dev(1), 100);
  await transfer(chain, 0, dev(2), 100);
  await transfer(chain, 1, dev(2), 3);
  await transfer(chain, 1, dev(1), 2);
  tippedTx = await transfer(chain, 2, dev(3), 4);
  // Day 1.
  await chain.test.increaseTime({ seconds: DAY });
  await transfer(chain, 2, dev(1), 5);
  await transfer(chain, 3, dev(1), 1);
  await mintBatch(chain, [dev(1), numberedAddress(1)], 7);
  // Day 3: enough rows for several pages.
  await chain.test.increaseTime({ seconds: 2 * DAY });
  for (let i = 0; i < 40; i++) await transfer(chain, 1, dev(4), 1 + (i % 4) / 4);
  await mintBatch(
    chain,
    Array.from({ length: 30 }, (_, i) => numberedAddress(100 + i)),
    2,
  );
}, 180_000);

afterAll(async () => {
  await chain?.stop();
});

async function expectedRows(): Promise<Expected[]> {
  const logs = await chainTransfers(chain);
  const times = new Map<number, number>();
  for (const n of new Set(logs.map((l) => l.blockNumber))) {
    const block = await chain.publicClient.getBlock({ blockNumber: BigInt(n) });
    times.set(n, Number(block.timestamp) * 1000);
  }
  return logs
    .map((l) => {
      const time = times.get(l.blockNumber) ?? 0;
      const type: Transaction["type"] =
        l.from === zeroAddress ? "mint" : l.txHash === tippedTx ? "project_tip" : "transfer";
      return {
        txHash: l.txHash,
        logIndex: l.logIndex,
        blockNumber: l.blockNumber,
        type,
        from: l.from,
        to: l.to,
        amount: Number(formatUnits(l.value, 18)),
        wei: l.value,
        time,
        day: new Date(time).toISOString().slice(0, 10),
      };
    })
    .sort((a, b) => b.time - a.time || b.blockNumber - a.blockNumber || b.logIndex - a.logIndex);
}

describe.each(testDatabaseKinds())("explorer endpoints on %s", (kind) => {
  let t: TestApp;
  let all: Expected[];

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    const [project] = await t.database.db
      .insert(projects)
      .values({ authorWallet: dev(3), projectNumber: 3, title: "Mural", image: "mural.webp" })
      .returning();
    if (!project) throw new Error("no project");
    await t.database.db.insert(tips).values({
      projectId: project.id,
      fromWallet: dev(2),
      toWallet: dev(3),
      amount: 4,
      amountWei: "4000000000000000000",
      txHash: tippedTx,
      logIndex: 0,
    });
    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();
    all = await expectedRows();
    days = [...new Set(all.map((r) => r.day))].sort();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() as T };
  };
  const list = (query: Record<string, string | number>) =>
    get<ExplorerPage>(
      `/api/explorer/transactions?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );

  function bruteForce(filter: Record<string, string>): Expected[] {
    const wallet = filter.wallet?.toLowerCase();
    return all.filter(
      (r) =>
        (!wallet || r.from === wallet || r.to === wallet) &&
        (!filter.type || r.type === filter.type) &&
        (!filter.from || r.day >= filter.from) &&
        (!filter.to || r.day <= filter.to),
    );
  }

  async function checkAllPages(filter: Record<string, string>, limit: number | undefined) {
    const expected = bruteForce(filter);
    const size = limit ?? 25;
    const pages = Math.max(1, Math.ceil(expected.length / size));
    const seen: string[] = [];
    for (let page = 1; page <= pages + 1; page++) {
      const { status, body } = await list({ ...filter, page, ...(limit ? { limit } : {}) });
      expect(status, JSON.stringify({ filter, page, body })).toBe(200);
      expect(body.pagination).toEqual({ current: page, total: pages, hasPrev: page > 1, hasNext: page < pages });
      const want = expected.slice((page - 1) * size, page * size);
      expect(body.transactions.map((r) => `${r.txHash}:${r.logIndex}`)).toEqual(
        want.map((r) => `${r.txHash}:${r.logIndex}`),
      );
      for (const [i, row] of body.transactions.entries()) {
        const w = want[i];
        expect([row.type, row.fromWallet, row.toWallet, row.amount, row.timestamp, row.status]).toEqual([
          w?.type,
          w?.from,
          w?.to,
          w?.amount,
          new Date(w?.time ?? 0).toISOString(),
          "completed",
        ]);
        seen.push(row._id);
      }
    }
    expect(new Set(seen).size).toBe(expected.length);
  }

  it("lists every transaction newest first, page by page, with Page x of y, for each filter and combination", async () => {
    expect(all.length).toBeGreaterThan(80);
    const [d0, d1, d3] = [days[0], days[1], days[days.length - 1]] as [string, string, string];
    const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + DAY * 1000).toISOString().slice(0, 10);
    const filters: Record<string, string>[] = [
      {},
      ...TRANSACTION_TYPES.map((type) => ({ type })),
      { wallet: dev(1) },
      { wallet: dev(1).toUpperCase().replace("0X", "0x") },
      { wallet: dev(4) },
      { wallet: zeroAddress },
      { wallet: numberedAddress(1) },
      { wallet: numberedAddress(999) },
      { from: d1 },
      { to: d0 },
      { from: d1, to: d1 },
      { from: d0, to: d3 },
      { from: dayAfter(d1), to: dayAfter(d1) },
      { wallet: dev(1), type: "transfer" },
      { wallet: dev(1), type: "mint" },
      { wallet: dev(1), from: d1 },
      { wallet: dev(2), to: d0 },
      { type: "mint", from: d3, to: d3 },
      { type: "project_tip", from: d0, to: d0 },
      { wallet: dev(1), type: "mint", from: d1, to: d1 },
      { wallet: dev(4), type: "transfer", from: d0, to: d3 },
    ];
    for (const filter of filters) {
      await checkAllPages(filter, undefined);
      await checkAllPages(filter, 7);
    }
    await checkAllPages({}, 100);
    await checkAllPages({ wallet: dev(2) }, 1);
    // The self-transfer is listed once for its wallet.
    expect(bruteForce({ wallet: dev(1) }).filter((r) => r.from === r.to)).toHaveLength(1);
  });

  it("treats empty filters and type=all as no filter, and keeps Page 1 of 1 for an empty result", async () => {
    const { body } = await list({ wallet: "", type: "all", from: "", to: "", page: "" });
    expect(body.pagination).toEqual({ current: 1, total: Math.ceil(all.length / 25), hasPrev: false, hasNext: true });
    const empty = await list({ type: "burn" });
    expect(empty.body).toEqual({
      transactions: [],
      pagination: { current: 1, total: 1, hasPrev: false, hasNext: false },
    });
  });

  it("answers 400 with what is wrong for invalid filters", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ wallet: "0x123" }, /wallet: Invalid wallet address/],
      [{ type: "gift" }, /type: type must be one of: project_tip, transfer/],
      [{ from: "2026-13-01" }, /from: from must be a date in YYYY-MM-DD format/],
      [{ to: "2026-02-30" }, /to: to must be a date in YYYY-MM-DD format/],
      [{ from: "yesterday" }, /from must be a date/],
      [{ from: "2026-05-02", to: "2026-05-01" }, /from must be on or before to/],
      [{ page: "0" }, /page must be a whole number from 1 to 1000000000/],
      [{ page: "-1" }, /page must be a whole number/],
      [{ page: "1000000001" }, /page must be a whole number from 1 to 1000000000/],
      [{ page: "two" }, /page must be a whole number/],
      [{ limit: "0" }, /limit must be a whole number from 1 to 100/],
      [{ limit: "500" }, /limit must be a whole number from 1 to 100/],
      [{ limit: "2.5" }, /limit must be a whole number/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect((body as unknown as { error: string }).error).toMatch(message);
    }
  });

  it("stats equal the brute-force totals, and the last 24 hours are exact at the window's edge", async () => {
    const before = Date.now();
    const { status, body } = await get<ExplorerStats>("/api/explorer/stats");
    expect(status).toBe(200);
    const sum = (rows: Expected[]) =>
      Number(
        formatUnits(
          rows.reduce((s, r) => s + r.wei, 0n),
          18,
        ),
      );
    const recent = all.filter((r) => r.time >= before - DAY * 1000);
    expect(body).toEqual({
      totalTransactions: all.length,
      totalVolume: sum(all),
      last24h: { transactions: recent.length, volume: sum(recent) },
    });

    // Windows ending just before and just after 24 h past the day-1 rows (same hourly bucket).
    const day1Time = all.find((r) => r.day === days[1])?.time ?? 0;
    for (const now of [day1Time + DAY * 1000 - 1000, day1Time + DAY * 1000 + 1000]) {
      const inWindow = all.filter((r) => r.time >= now - DAY * 1000);
      expect(await getStats(t.database.db, new Date(now))).toEqual({
        totalTransactions: all.length,
        totalVolume: sum(all),
        last24h: { transactions: inWindow.length, volume: sum(inWindow) },
      });
    }
  });

  it("gives per-day counts and volumes for the chart, zero-filled", async () => {
    const { status, body } = await get<ExplorerDay[]>("/api/explorer/daily?days=30");
    expect(status).toBe(200);
    expect(body).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(body[29]?.day).toBe(today);
    const lastDay = days[days.length - 1] ?? "";
    const chart = await getDaily(t.database.db, 5, undefined, new Date(`${lastDay}T12:00:00Z`));
    expect(chart.map((d) => d.day)[4]).toBe(lastDay);
    for (const d of chart) {
      const rows = all.filter((r) => r.day === d.day);
      expect(d).toEqual({
        day: d.day,
        transactions: rows.length,
        volume: Number(
          formatUnits(
            rows.reduce((s, r) => s + r.wei, 0n),
            18,
          ),
        ),
      });
    }
    expect(chart.filter((d) => d.transactions === 0).length).toBeGreaterThan(0);
    expect((await get("/api/explorer/daily?days=0")).status).toBe(400);
  });

  it("shows one transaction's details, 404 for an unknown id and 400 for a malformed one", async () => {
    const page = await list({ type: "project_tip" });
    const tip = page.body.transactions[0];
    expect(tip).toMatchObject({ type: "project_tip", description: "Tip for project #3", txHash: tippedTx });
    const one = await get<Transaction>(`/api/explorer/transaction/${tip?._id}`);
    expect(one).toEqual({ status: 200, body: tip });

    expect(await get("/api/explorer/transaction/999999999")).toEqual({
      status: 404,
      body: { error: "Transaction not found" },
    });
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      const res = await get<{ error: string }>(`/api/explorer/transaction/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatch(/Invalid id/);
    }
  });

  it("shows names and photos of profiles made after the transfer was indexed (and not of archived ones)", async () => {
    const wallet = dev(4).toLowerCase();
    const page = async () =>
      (await get<ExplorerPage>(`/api/explorer/transactions?wallet=${wallet}&limit=100`)).body.transactions;
    expect((await page()).every((tx) => tx.toName === null)).toBe(true);
    const [profile] = await t.database.db
      .insert(profiles)
      .values({ wallet, name: "Late Joiner", birthday: "2008-01-01", starSign: "Leo", photo: `${"a".repeat(64)}.webp` })
      .returning();
    try {
      const received = (await page()).filter((r) => r.toWallet === wallet);
      expect(received.length).toBeGreaterThan(0);
      for (const tx of received) {
        expect(tx).toMatchObject({ toName: "Late Joiner", toPhoto: `${"a".repeat(64)}.webp` });
      }
      const detail = await get<Transaction>(`/api/explorer/transaction/${received[0]?._id}`);
      expect(detail.body.toName).toBe("Late Joiner");
      await t.database.db.update(profiles).set({ archived: true }).where(eq(profiles.wallet, wallet));
      expect((await page()).every((tx) => tx.toName === null)).toBe(true);
    } finally {
      if (profile) await t.database.db.delete(profiles).where(eq(profiles.id, profile.id));
    }
  });

  it("the API's own indexer fills the explorer as transfers happen, and stops when the app closes", async () => {
    const database = await createTestDatabase(kind);
    const app = await buildApp({ config: { ...t.config, indexer: true }, database, chain: t.app.deps.chain });
    const indexer = attachIndexer(app);
    await app.ready();
    try {
      const stats = async () =>
        (await app.inject({ method: "GET", url: "/api/explorer/stats" })).json() as ExplorerStats;
      await waitFor(async () => (await stats()).totalTransactions === all.length, 30_000, "the first catch-up");
      const hash = await transfer(chain, 4, dev(5), 1);
      await waitFor(async () => (await stats()).totalTransactions === all.length + 1, 30_000, "the new transfer");
      const res = await app.inject({ method: "GET", url: `/api/explorer/transactions?wallet=${dev(5)}` });
      expect((res.json() as ExplorerPage).transactions[0]).toMatchObject({ txHash: hash, type: "transfer", amount: 1 });
    } finally {
      await app.close();
      await database.close();
    }
    expect(indexer?.running).toBe(false);
  });
});
