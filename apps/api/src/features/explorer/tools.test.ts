/**
 * The explorer's tools (issue 18): the search box (address, transaction hash, profile name), the CSV export of
 * the current filters (every row, in batches, the same rows as the pages), and the holders list the indexer
 * keeps (it equals the chain's balances, also after a reorg).
 */
import { classCoinAbi } from "@classcoin/contracts";
import type { ExplorerPage } from "@classcoin/shared/entities";
import { EXPLORER_CSV_COLUMNS, explorerSearchMessages, type HoldersPage } from "@classcoin/shared/explorer-tools";
import { sql } from "drizzle-orm";
import { formatUnits, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { profiles } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { chainTransfers, dev, mintBatch, numberedAddress, transfer } from "../../testing/transfers";
import { csvField, transactionCsv } from "./csv-export";

let chain: TestChain;
let transferHash: `0x${string}`;
let batchHash: `0x${string}`;

beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // reorgs by evm_snapshot/evm_revert: a chain of its own
  batchHash = await mintBatch(chain, [1, 2, 3].map(numberedAddress), 10);
  await transfer(chain, 0, dev(1), 100);
  await transfer(chain, 0, dev(2), 60);
  for (let i = 0; i < 7; i++) await transfer(chain, 1, dev(2), 1 + i);
  transferHash = await transfer(chain, 2, dev(3), 4);
}, 180_000);

afterAll(async () => {
  await chain?.stop();
});

/** Balances in base units as the chain's Transfer logs add up (the zero address left out). */
async function chainBalances(): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (const log of await chainTransfers(chain)) {
    if (log.to !== zeroAddress) balances.set(log.to, (balances.get(log.to) ?? 0n) + log.value);
    if (log.from !== zeroAddress) balances.set(log.from, (balances.get(log.from) ?? 0n) - log.value);
  }
  for (const [wallet, value] of balances) if (value === 0n) balances.delete(wallet);
  return balances;
}

describe.each(testDatabaseKinds())("explorer tools on %s", (kind) => {
  let t: TestApp;
  const indexer = () => createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config });

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    await t.database.db.insert(profiles).values([
      { wallet: dev(1), name: "Ada Lovelace", birthday: "2009-01-01", starSign: "Leo" },
      { wallet: dev(2), name: "Ada Byron", birthday: "2009-01-01", starSign: "Leo" },
      { wallet: dev(3), name: '=HYPERLINK("x")', birthday: "2009-01-01", starSign: "Leo" },
      { wallet: dev(4), name: "Archived Al", birthday: "2009-01-01", starSign: "Leo", archived: true },
      { wallet: dev(5), name: "50%_off", birthday: "2009-01-01", starSign: "Leo" },
    ]);
    await indexer().catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() as T, headers: res.headers };
  };
  const search = async (q: string) =>
    (await get<Record<string, unknown>>(`/api/explorer/search?q=${encodeURIComponent(q)}`)).body;

  describe("search", () => {
    it("an address goes to its wallet filter, with the profile's name when it has one", async () => {
      expect(await search(dev(1).toUpperCase().replace("0X", "0x"))).toEqual({
        kind: "wallet",
        wallet: dev(1),
        name: "Ada Lovelace",
      });
      expect(await search(numberedAddress(1))).toEqual({ kind: "wallet", wallet: numberedAddress(1), name: null });
    });

    it("a transaction hash goes to its (first) transfer; a batch says how many transfers it holds", async () => {
      const one = await search(transferHash);
      expect(one).toMatchObject({ kind: "transaction", txHash: transferHash, logs: 1 });
      const details = await get<{ txHash: string; toWallet: string }>(`/api/explorer/transaction/${one.id}`);
      expect(details.body).toMatchObject({ txHash: transferHash, toWallet: dev(3) });
      expect(await search(batchHash)).toMatchObject({ kind: "transaction", logs: 3 });
      expect(await search(`0x${"ab".repeat(32)}`)).toEqual({
        kind: "none",
        message: explorerSearchMessages.noTransaction,
      });
    });

    it("a name: one match goes to that wallet, several offer a choice, an exact name wins; archived ones are not found", async () => {
      expect(await search("lovelace")).toEqual({ kind: "wallet", wallet: dev(1), name: "Ada Lovelace" });
      const several = await search("ada");
      expect(several).toMatchObject({ kind: "profiles" });
      expect((several.profiles as { name: string }[]).map((p) => p.name)).toEqual(["Ada Byron", "Ada Lovelace"]);
      expect(await search("ADA BYRON")).toMatchObject({ kind: "wallet", wallet: dev(2) });
      expect(await search("Archived Al")).toEqual({
        kind: "none",
        message: explorerSearchMessages.noProfile("Archived Al"),
      });
      // % and _ are letters here, not patterns.
      expect(await search("%")).toMatchObject({ kind: "wallet", wallet: dev(5) });
      expect(await search("0%_")).toMatchObject({ kind: "wallet", wallet: dev(5) });
      expect(await search("a_a")).toMatchObject({ kind: "none" });
    });

    it("an empty or oversized query is a 400 with a message", async () => {
      for (const q of ["", "   ", "x".repeat(201)]) {
        const res = await get<{ error: string }>(`/api/explorer/search?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/\S/);
      }
    });
  });

  describe("CSV export", () => {
    async function pagedIds(filter: Record<string, string>): Promise<string[]> {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({ ...filter, page: String(page), limit: "100" });
        const { body } = await get<ExplorerPage>(`/api/explorer/transactions?${query}`);
        ids.push(...body.transactions.map((r) => r._id));
        if (!body.pagination.hasNext) return ids;
      }
    }

    async function csv(filter: Record<string, string>) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/explorer/transactions.csv?${new URLSearchParams(filter)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.body.split("\r\n");
      expect(lines.pop()).toBe("");
      return { res, header: lines[0], rows: lines.slice(1).map((l) => l.split(",")) };
    }

    it("exports every row of every filter, newest first, as the pages list them", async () => {
      const today = new Date().toISOString().slice(0, 10);
      for (const filter of [
        {},
        { wallet: dev(2) },
        { type: "mint" },
        { wallet: dev(1), type: "transfer" },
        { from: today },
        { to: "2000-01-01" },
      ] as Record<string, string>[]) {
        const { header, rows } = await csv(filter);
        expect(header).toBe(EXPLORER_CSV_COLUMNS.join(","));
        expect(
          rows.map((r) => r[0]),
          JSON.stringify(filter),
        ).toEqual(await pagedIds(filter));
      }
      expect((await csv({})).rows.length).toBe((await chainTransfers(chain)).length);
    });

    it("reads in batches: small batches give the same rows, none twice", async () => {
      const whole: string[] = [];
      for await (const chunk of transactionCsv(t.database.db, {})) whole.push(chunk);
      const batched: string[] = [];
      for await (const chunk of transactionCsv(t.database.db, {}, 3)) batched.push(chunk);
      expect(batched.length).toBeGreaterThan(whole.length);
      expect(batched.join("")).toBe(whole.join(""));
    });

    it("is a download with a file name, exact amounts, and names that cannot run as spreadsheet formulas", async () => {
      const { res, rows } = await csv({ wallet: dev(3) });
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="classcoin-transactions-${dev(3)}.csv"`);
      const line = res.body.split("\r\n")[1] ?? "";
      expect(line).toContain(`,"'=HYPERLINK(""x"")",`);
      expect(rows[0]?.[EXPLORER_CSV_COLUMNS.indexOf("amount")]).toBe("4");
      expect(csvField("a,b")).toBe('"a,b"');
      expect(csvField("-1", true)).toBe("'-1");
      expect(csvField("-1")).toBe("-1");
    });

    it("refuses filters the list refuses", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/explorer/transactions.csv?wallet=nope" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/wallet/);
    });
  });

  describe("holders", () => {
    async function holdersByWallet(): Promise<Map<string, bigint>> {
      const rows = await t.database.db.execute(
        sql`SELECT wallet, balance_wei::text AS wei FROM holders WHERE balance_wei > 0`,
      );
      return new Map(
        (rows as unknown as { rows: { wallet: string; wei: string }[] }).rows.map((r) => [r.wallet, BigInt(r.wei)]),
      );
    }

    it("lists every holder, largest first, with names and the share of the supply, as the chain has them", async () => {
      const expected = await chainBalances();
      expect(await holdersByWallet()).toEqual(expected);
      const { body } = await get<HoldersPage>("/api/explorer/holders");
      const supply = await chain.publicClient.readContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "totalSupply",
      });
      expect(body.totalSupply).toBe(Number(formatUnits(supply, 18)));
      expect(body.holderCount).toBe(expected.size);
      const balances = body.holders.map((h) => h.balance);
      expect(balances).toEqual([...balances].sort((a, b) => b - a));
      expect(body.holders.map((h) => h.rank)).toEqual(body.holders.map((_, i) => i + 1));
      expect(body.holders.reduce((sum, h) => sum + h.share, 0)).toBeCloseTo(1, 4);
      const ada = body.holders.find((h) => h.wallet === dev(1));
      const onChain = await chain.publicClient.readContract({
        address: chain.tokenAddress,
        abi: classCoinAbi,
        functionName: "balanceOf",
        args: [dev(1)],
      });
      expect(ada).toMatchObject({ name: "Ada Lovelace", balance: Number(formatUnits(onChain, 18)) });
      expect(body.holders.find((h) => h.wallet === dev(4))?.name ?? null).toBeNull();
      expect(body.pagination).toEqual({ current: 1, total: 1, hasPrev: false, hasNext: false });
    });

    it("follows a reorg: the dropped blocks' amounts are taken back, the new chain's added", async () => {
      const snapshot = await chain.test.snapshot();
      await mintBatch(chain, [numberedAddress(50)], 500);
      await transfer(chain, 1, dev(6), 9);
      await indexer().catchUp();
      expect((await holdersByWallet()).get(numberedAddress(50))).toBe(500n * 10n ** 18n);
      expect(await holdersByWallet()).toEqual(await chainBalances());

      await chain.test.revert({ id: snapshot });
      await transfer(chain, 2, dev(7), 3);
      await chain.test.mine({ blocks: 2 });
      await indexer().catchUp();
      const after = await holdersByWallet();
      expect(after.has(numberedAddress(50))).toBe(false);
      expect(after.has(dev(6))).toBe(false);
      expect(after).toEqual(await chainBalances());
    });

    it("pages past the end are empty, and a bad page is a 400", async () => {
      const { body } = await get<HoldersPage>("/api/explorer/holders?page=99");
      expect(body.holders).toEqual([]);
      expect(body.pagination).toMatchObject({ current: 99, hasPrev: true, hasNext: false });
      expect((await get("/api/explorer/holders?page=0")).status).toBe(400);
      expect((await get("/api/explorer/holders?page=x")).status).toBe(400);
    });
  });
});
