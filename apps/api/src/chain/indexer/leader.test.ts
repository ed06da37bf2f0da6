/**
 * One indexer leader among instances sharing a PostgreSQL database; the others wait on its lock and take over
 * when it goes. PostgreSQL only (runs when TEST_DATABASE_URL is set); stress/class-rehearsal.test.ts kills a
 * real leader process with SIGKILL.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../../testing/database";
import { waitFor } from "../../testing/transfers";
import { INDEXER_LEADER_LOCK, type LeaderElection, startLeaderElection } from "./leader";

describe.runIf(process.env.TEST_DATABASE_URL)("indexer leader election on PostgreSQL", () => {
  let database: ThrowawayPostgres;
  beforeAll(async () => {
    database = await createThrowawayPostgres(undefined, "classcoin_leader");
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function lockHolders(): Promise<number[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [INDEXER_LEADER_LOCK],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  }

  async function terminate(pid: number): Promise<void> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("SELECT pg_terminate_backend($1)", [pid]);
    await client.end();
  }

  function instance(name: string, events: string[]) {
    let indexing = false;
    const election = startLeaderElection({
      connectionString: database.url,
      lead() {
        indexing = true;
        events.push(`${name} leads`);
      },
      resign() {
        indexing = false;
        events.push(`${name} resigns`);
      },
    });
    return {
      election,
      get indexing() {
        return indexing;
      },
    };
  }

  it("behavior: one instance indexes, the other stands by, and takes over within 10 s when the leader's session dies", async () => {
    const events: string[] = [];
    const a = instance("A", events);
    await waitFor(() => a.election.role === "leader", 10_000, "A to lead");
    const b = instance("B", events);
    await waitFor(() => b.election.role === "standby", 10_000, "B to stand by");
    expect([a.indexing, b.indexing]).toEqual([true, false]);
    const [holder] = await lockHolders();
    expect(holder).toBeDefined();

    // The leader's database session ends as it would if its process were killed.
    const killedAt = Date.now();
    await terminate(holder as number);
    await waitFor(() => b.indexing, 10_000, "B to take over");
    const takeoverMs = Date.now() - killedAt;
    await waitFor(() => !a.indexing, 10_000, "A to stop indexing");
    expect(takeoverMs).toBeLessThan(10_000);
    // A reconnects and now waits behind B.
    await waitFor(() => a.election.role === "standby", 15_000, "A to stand by");
    expect(await lockHolders()).toHaveLength(1);

    // A leader that stops hands over at once.
    const stoppedAt = Date.now();
    await b.election.stop();
    await waitFor(() => a.indexing, 10_000, "A to take over again");
    expect(Date.now() - stoppedAt).toBeLessThan(3_000);
    expect(b.election.role).toBe("stopped");
    await a.election.stop();
    expect(await lockHolders()).toEqual([]);
    expect(events.filter((e) => e.startsWith("A"))).toEqual(["A leads", "A resigns", "A leads", "A resigns"]);
    expect(events.filter((e) => e.startsWith("B"))).toEqual(["B leads", "B resigns"]);
    console.log(`leader election: standby took over ${takeoverMs} ms after the leader's session ended`);
  }, 60_000);

  it("behavior: a standby stopped while waiting leaves no session behind", async () => {
    const leaders: LeaderElection[] = [];
    const a = startLeaderElection({ connectionString: database.url, lead() {}, resign() {} });
    leaders.push(a);
    await waitFor(() => a.role === "leader", 10_000, "A to lead");
    const b = startLeaderElection({ connectionString: database.url, lead() {}, resign() {} });
    await waitFor(() => b.role === "standby", 10_000, "B to stand by");
    const started = Date.now();
    await b.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    await a.stop();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await waitFor(
      async () =>
        (
          await client.query(
            "SELECT 1 FROM pg_stat_activity WHERE application_name = 'classcoin-indexer-election' AND datname = current_database()",
          )
        ).rowCount === 0,
      10_000,
      "the election sessions to end",
    );
    await client.end();
  }, 30_000);
});
