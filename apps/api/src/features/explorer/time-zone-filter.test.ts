/**
 * The explorer's date filters are days on the visitor's calendar (`tz`), the calendar its table shows each
 * transaction's time in: a transfer the table shows on "Nov 28, 12:21 PM" in Kiritimati (UTC+14) was found
 * by from=to=Nov 27 (its UTC day) and not by Nov 28. Between Kiritimati and Etc/GMT+12 (UTC−12) 26 hours
 * lie, so at any time of the day one of them is on a different date than UTC.
 */
import type { ExplorerPage } from "@classcoin/shared/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { dev, transfer } from "../../testing/transfers";

let chain: TestChain;
let txHash: `0x${string}`;
let time: number;

beforeAll(async () => {
  chain = await startTestChain();
  txHash = await transfer(chain, 0, dev(5), 3);
  const receipt = await chain.publicClient.getTransactionReceipt({ hash: txHash });
  const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  time = Number(block.timestamp) * 1000;
});
afterAll(async () => {
  await chain?.stop();
});

/** The date `at` falls on in `timeZone`, as YYYY-MM-DD. */
const localDay = (at: number, timeZone: string) => new Date(at).toLocaleDateString("en-CA", { timeZone });
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabaseKinds())("explorer date filters in the visitor's time zone on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const listed = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/explorer/transactions?${new URLSearchParams({ ...query, limit: "100" })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ExplorerPage).transactions.some((tx) => tx.txHash === txHash);
  };

  it("finds a transfer by the day it happened on the visitor's clock, and not by the days before or after", async () => {
    for (const tz of ["Pacific/Kiritimati", "Etc/GMT+12", "America/Los_Angeles", "UTC"]) {
      const day = localDay(time, tz);
      expect(await listed({ from: day, to: day, tz }), `${tz} ${day}`).toBe(true);
      expect(await listed({ from: day, tz }), `${tz} from ${day}`).toBe(true);
      expect(await listed({ to: day, tz }), `${tz} to ${day}`).toBe(true);
      expect(await listed({ from: shift(day, 1), tz }), `${tz} from the day after`).toBe(false);
      expect(await listed({ to: shift(day, -1), tz }), `${tz} to the day before`).toBe(false);
    }
    // Without a time zone the days are UTC days, as before.
    const utcDay = new Date(time).toISOString().slice(0, 10);
    expect(await listed({ from: utcDay, to: utcDay })).toBe(true);
  });

  it("answers 400 naming tz for a time zone that does not exist", async () => {
    for (const tz of ["Mars/Olympus_Mons", "x".repeat(100), "../../etc/passwd", "+05:00", "Europe/Berlin\u0000"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/explorer/transactions?from=2026-01-01&tz=${encodeURIComponent(tz)}`,
      });
      expect(res.statusCode, tz).toBe(400);
      const body = res.json() as { error: string; errors: string[] };
      expect(body.error).toMatch(/tz must be an IANA time zone name/);
      expect(body.errors).toEqual(["tz: tz must be an IANA time zone name such as Europe/Berlin"]);
    }
  });
});
