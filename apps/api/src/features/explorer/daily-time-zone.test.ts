/**
 * The explorer's "Last 30 days" chart counts the days of the visitor's calendar (`tz`), as its date filters
 * do: a transfer at 23:30 UTC is on the next day in Berlin, and was counted on the day before. Zones a whole
 * number of hours off UTC, zones half or three quarters of an hour off (Asia/Kolkata, Asia/Kathmandu: the hour
 * a local midnight cuts is counted from its rows) and daylight-saving zones are checked against a brute-force
 * count. The answer stays cacheable: each time zone is its own response cache entry.
 */
import type { ExplorerDay } from "@classcoin/shared/explorer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";

const HOUR = 3_600_000;
const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/Los_Angeles",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Kiritimati",
  "Etc/GMT+12",
];

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

/** The day `at` is on in `timeZone`, YYYY-MM-DD. */
const localDay = (at: number, timeZone: string) => new Date(at).toLocaleDateString("en-CA", { timeZone });
const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

describe.each(testDatabaseKinds())("the explorer's daily chart in the visitor's time zone on %s", (kind) => {
  let t: TestApp;
  /** Transfers of 1, 2, 3, … CC, each at its time. */
  let times: number[];
  /** 23:30 UTC, three days ago. */
  let lateEvening: number;

  beforeAll(async () => {
    t = await createTestApp(chain, kind, { RESPONSE_CACHE_MB: "16" });
    const utcToday = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const dayStart = utcToday - 3 * 24 * HOUR;
    lateEvening = dayStart + 23.5 * HOUR;
    // Around the local midnights of the zones above (Kolkata's is 18:30 UTC, Kathmandu's 18:15, Berlin's 22:00
    // or 23:00, Los Angeles' 07:00 or 08:00), on either side, and a few elsewhere in the window.
    const minutes = [5, 18 * 60 + 10, 18 * 60 + 20, 18 * 60 + 40, 21 * 60 + 59, 22 * 60 + 1, 23 * 60 + 30, 30 * 60];
    times = [
      ...minutes.map((m) => dayStart + m * 60_000),
      dayStart - 10 * 24 * HOUR + 7.5 * HOUR,
      dayStart - 26 * 24 * HOUR + 12 * HOUR,
    ];
    await t.database.db.insert(transactions).values(
      times.map((time, i) => ({
        type: "transfer" as const,
        fromWallet: wallet(1),
        toWallet: wallet(2),
        amount: i + 1,
        amountWei: `${i + 1}000000000000000000`,
        timestamp: new Date(time),
        txHash: `0x${(i + 1).toString(16).padStart(64, "0")}`,
        logIndex: 0,
        blockNumber: i + 1,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const chart = async (tz?: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/explorer/daily?days=30${tz ? `&tz=${encodeURIComponent(tz)}` : ""}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { days: res.json() as ExplorerDay[], body: res.body };
  };

  it("counts each transfer on the day the visitor's clock shows it", async () => {
    const berlin = (await chart("Europe/Berlin")).days;
    const utc = (await chart()).days;
    const utcDay = new Date(lateEvening).toISOString().slice(0, 10);
    const berlinDay = localDay(lateEvening, "Europe/Berlin");
    expect(berlinDay).not.toBe(utcDay);
    // 23:30 UTC is on the next day in Berlin: counted there, not on its UTC day.
    const on = (days: ExplorerDay[], day: string) => days.find((d) => d.day === day)?.transactions;
    expect(on(utc, utcDay)).toBe(7);
    expect(on(berlin, utcDay)).toBeLessThan(7);
    expect(on(berlin, berlinDay)).toBeGreaterThanOrEqual(2);

    for (const tz of ZONES) {
      const { days } = await chart(tz);
      expect(days).toHaveLength(30);
      expect(days[29]?.day, tz).toBe(localDay(Date.now(), tz));
      for (const d of days) {
        const mine = times.map((time, i) => ({ time, cc: i + 1 })).filter((x) => localDay(x.time, tz) === d.day);
        expect(d, `${tz} ${d.day}`).toEqual({
          day: d.day,
          transactions: mine.length,
          volume: mine.reduce((s, x) => s + x.cc, 0),
        });
      }
      expect(
        days.reduce((s, d) => s + d.transactions, 0),
        tz,
      ).toBe(times.length);
    }
  });

  it("without tz the days are UTC days, as before", async () => {
    expect((await chart()).body).toBe((await chart("UTC")).body);
  });

  it("each time zone is its own cache entry: a second zone is not answered the first one's days", async () => {
    const cache = t.app.responseCache;
    expect(cache).toBeDefined();
    const first = await chart("Asia/Kolkata");
    const hits = cache?.stats.hits ?? 0;
    expect((await chart("Asia/Kolkata")).body).toBe(first.body);
    expect(cache?.stats.hits).toBe(hits + 1);
    const other = await chart("Australia/Adelaide");
    expect(cache?.stats.hits).toBe(hits + 1);
    expect(other.body).not.toBe(first.body);
  });

  it("answers 400 naming tz for a time zone that does not exist", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/explorer/daily?tz=Mars%2FOlympus_Mons" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/tz must be an IANA time zone name/);
  });
});
