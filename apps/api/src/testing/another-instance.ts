/**
 * Two instances on one PostgreSQL, in one test process: "another instance" is a transaction of its own on the
 * shared database, caught in the middle of its work (its locks taken, its rows written, not committed), so a
 * request to this instance meets exactly the moment a race would.
 */
import type { Db, Tx } from "../db/client";

export interface OpenTransaction {
  /** Commits the other instance's transaction (idempotent: also call it in `finally`). */
  release(): void;
  /** Settles once the transaction has committed (or failed). */
  done: Promise<void>;
}

/** Runs `work` in a transaction of `db` and keeps it open, uncommitted, until `release()`. */
export async function openTransactionOfAnotherInstance(
  db: Db,
  work: (tx: Tx) => Promise<void>,
): Promise<OpenTransaction> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let worked: () => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    worked = resolve;
    failed = reject;
  });
  const done = db
    .transaction(async (tx) => {
      await work(tx);
      worked();
      await released;
    })
    .catch((error: unknown) => {
      failed(error);
      throw error;
    });
  // A failure before `work` finished is reported by `ready` below; `done` reports one after.
  done.catch(() => {});
  await ready;
  return { release, done };
}

/** Whether `pending` settles within `ms`: a request that must wait for another instance's lock does not. */
export async function settlesWithin(pending: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  const watched = pending.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await Promise.race([watched, new Promise((resolve) => setTimeout(resolve, ms))]);
  return settled;
}
