/**
 * The process the response-cache benchmark (bench/cache.ts) loads: the real API app over a throw-away
 * database (PGlite in a data folder or PostgreSQL), seeded, with the response cache on or off
 * (RESPONSE_CACHE_MB), and beside it a bare Fastify (no hooks, no plugins) answering stored bytes from
 * memory: the ceiling. Both in this one process, so they run under the same conditions and its RSS is the
 * API's alone (the load generator runs in the parent). Driven over IPC:
 * `{ceiling: {body, headers}}` stores the ceiling's answer, `{profiles: n}` seeds profiles up to n,
 * `{rss: true}` answers the RSS after a GC. Prints `{api, ceiling, floor}` (base URLs) once listening.
 *
 * On PostgreSQL, a third bare Fastify is the round-trip floor: it makes one trip to the database (a prepared
 * `SELECT $1`, over a pool like the API's) and then answers the same stored bytes. No read that needs the
 * database can be faster than that here.
 */
import type { DatabaseKind } from "@classcoin/api/db/client";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { benchConfig, createBenchDatabase, startBenchApp } from "./bench-app";
import { addTransactions, seedCommunity, walletSql } from "./seed";

const kind = (process.env.BENCH_KIND ?? "pglite") as DatabaseKind;
const profiles = Number(process.env.BENCH_PROFILES ?? 200);
const rows = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);

const database = await createBenchDatabase(kind);
const config = {
  ...benchConfig("http://127.0.0.1:9", "0x0000000000000000000000000000000000000001"),
  responseCacheMb: Number(process.env.RESPONSE_CACHE_MB ?? 64),
};
// The production cap of requests per socket is lifted for the load generator (see startBenchApp), except
// for the one comparison that shows its effect.
const bench = await startBenchApp(database, config, { keepSocketCap: process.env.BENCH_SOCKET_CAP === "1" });
await seedCommunity(database.db, { profiles, posts: 5_000, votesPerPost: 3, projectsPerNumber: 50 });
await addTransactions(database.db, 1, rows, profiles);
await database.db.execute(
  sql.raw(`
  INSERT INTO bounties (title, description, reward)
  SELECT 'Bounty ' || i, 'Draw something about saving, week ' || i, 5 + i % 20 FROM generate_series(1, 30) AS i`),
);

let ceilingBody = Buffer.from("{}");
let ceilingHeaders: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
const ceiling = Fastify();
ceiling.get("/*", async (_request, reply) => reply.headers(ceilingHeaders).send(ceilingBody));
const ceilingUrl = await ceiling.listen({ port: 0, host: "127.0.0.1" });

const floorPool = database.url ? new pg.Pool({ connectionString: database.url, max: 10 }) : undefined;
const floor = Fastify();
floor.get("/*", async (_request, reply) => {
  await floorPool?.query({ name: "floor", text: "SELECT $1::int AS one", values: [1] });
  return reply.headers(ceilingHeaders).send(ceilingBody);
});
const floorUrl = floorPool ? await floor.listen({ port: 0, host: "127.0.0.1" }) : undefined;

process.on(
  "message",
  async (message: {
    id: number;
    ceiling?: { body: string; headers: Record<string, string> };
    profiles?: number;
    rss?: boolean;
  }) => {
    let answer: unknown = true;
    if (message.ceiling) {
      ceilingBody = Buffer.from(message.ceiling.body, "base64");
      ceilingHeaders = message.ceiling.headers;
    }
    if (message.profiles) {
      await database.db.execute(
        sql.raw(`
      INSERT INTO profiles (wallet, name, birthday, star_sign, bio, created_at)
      SELECT ${walletSql("p", "i")}, 'Student ' || i, '2010-01-1' || (i % 10), 'Leo',
             'I like drawing and code. Profile number ' || i, now() - make_interval(mins => i)
        FROM generate_series(1, ${message.profiles}) AS i
      ON CONFLICT DO NOTHING`),
      );
      // Written straight into the table, as no route would: the cache is told as a profile write tells it.
      await bench.app.events.publish({ type: "profile.changed", wallet: "0x0000000000000000000000000000000000000000" });
    }
    if (message.rss) {
      (globalThis as { gc?: () => void }).gc?.();
      answer = { rss: process.memoryUsage().rss, cache: bench.app.responseCache?.bytes ?? 0 };
    }
    process.send?.({ id: message.id, answer });
  },
);
process.on("disconnect", () => {
  void Promise.all([bench.close(), ceiling.close(), floor.close(), floorPool?.end()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send?.({ ready: { api: bench.url, ceiling: ceilingUrl, floor: floorUrl } });
