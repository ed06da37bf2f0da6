/**
 * One indexer for any number of instances on one PostgreSQL: each instance asks for a session-level advisory
 * lock on a dedicated connection. The holder is the leader and runs the indexer; the others wait inside
 * `pg_advisory_lock` (no polling of the chain or the database). When the leader dies, even by SIGKILL, its
 * connection closes, PostgreSQL releases the lock and one standby's waiting query returns: it leads from
 * the checkpoint the dead leader's last committed batch left (store.ts), so nothing is skipped or doubled.
 *
 * Server-side TCP keepalives and `client_connection_check_interval` let PostgreSQL notice a leader whose
 * machine vanished without closing its connection, and a standby that was stopped while waiting.
 */
import pg from "pg";

/** pg_advisory_lock key held by the indexer leader for its whole session ("ccld"). */
export const INDEXER_LEADER_LOCK = 0x6363_6c64;

export type LeaderRole = "starting" | "leader" | "standby" | "stopped";

export interface LeaderLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface LeaderElectionOptions {
  connectionString: string;
  /** Called when this instance becomes the leader; start indexing. */
  lead(): void | Promise<void>;
  /** Called when leadership ends (stop, or the lock's connection was lost); stop indexing. */
  resign(): void | Promise<void>;
  log?: LeaderLog;
  lockKey?: number;
  /** Seconds of silence after which PostgreSQL probes, and gives up on, a leader's connection (default 10). */
  keepaliveSeconds?: number;
}

export interface LeaderElection {
  readonly role: LeaderRole;
  /** When this instance last became the leader (ms since the epoch), or undefined. */
  readonly leadingSince: number | undefined;
  stop(): Promise<void>;
}

const silentLog: LeaderLog = { info() {}, warn() {} };

export function startLeaderElection(options: LeaderElectionOptions): LeaderElection {
  const log = options.log ?? silentLog;
  const key = options.lockKey ?? INDEXER_LEADER_LOCK;
  const keepalive = options.keepaliveSeconds ?? 10;
  let role: LeaderRole = "starting";
  let leadingSince: number | undefined;
  let stopping = false;
  let client: pg.Client | undefined;
  let wakeBackoff: (() => void) | undefined;

  async function connect(): Promise<{ client: pg.Client; lost: Promise<Error> }> {
    const c = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepalive * 1000,
      application_name: "classcoin-indexer-election",
    });
    const lost = new Promise<Error>((resolve) => {
      c.once("error", (error) => resolve(error));
      c.once("end", () => resolve(new Error("the connection closed")));
    });
    // A lost connection is reported through `lost`; never as an unhandled error event.
    c.on("error", () => {});
    await c.connect();
    await c.query(
      `SET tcp_keepalives_idle = ${keepalive}; SET tcp_keepalives_interval = ${Math.max(1, Math.ceil(keepalive / 3))}; SET tcp_keepalives_count = 3`,
    );
    // PostgreSQL 14+: notice a vanished client even while this session waits for the lock.
    await c.query("SET client_connection_check_interval = '2s'").catch(() => {});
    return { client: c, lost };
  }

  async function once(): Promise<void> {
    const session = await connect();
    client = session.client;
    if (stopping) return;
    const [first] = (
      await session.client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [key])
    ).rows;
    if (!first?.locked) {
      role = "standby";
      log.info("Indexer: another instance is the indexer leader; standing by (waiting on its lock, no polling)");
      // Blocks until the leader's session ends; a lost connection rejects it.
      await Promise.race([
        session.client.query("SELECT pg_advisory_lock($1)", [key]),
        session.lost.then((error) => Promise.reject(error)),
      ]);
      if (stopping) return;
    }
    role = "leader";
    leadingSince = Date.now();
    log.info(`Indexer: this instance is the indexer leader${first?.locked ? "" : " (took over)"}`);
    try {
      await options.lead();
      const error = await Promise.race([session.lost, stopped]);
      if (error) log.warn(`Indexer: lost the leader lock's database connection (${error.message}); indexing stops`);
    } finally {
      leadingSince = undefined;
      await options.resign();
    }
  }

  let markStopped: () => void = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    markStopped = () => resolve(undefined);
  });

  async function run(): Promise<void> {
    let backoff = 1_000;
    while (!stopping) {
      try {
        await once();
        backoff = 1_000;
      } catch (error) {
        if (stopping) break;
        log.warn(`Indexer: leader election failed (${(error as Error).message}); retrying in ${backoff / 1000} s`);
      } finally {
        const c = client;
        client = undefined;
        await c?.end().catch(() => {});
      }
      if (stopping) break;
      role = "starting";
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff);
        wakeBackoff = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeBackoff = undefined;
      backoff = Math.min(backoff * 2, 30_000);
    }
    role = "stopped";
  }

  const loop = run();

  return {
    get role() {
      return role;
    },
    get leadingSince() {
      return leadingSince;
    },
    async stop() {
      stopping = true;
      markStopped();
      wakeBackoff?.();
      // Ending the connection releases the lock (leader) or abandons the wait (standby).
      await client?.end().catch(() => {});
      await loop;
    },
  };
}
