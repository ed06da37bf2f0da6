/**
 * Runs the indexer inside the API process: started once the app is ready, stopped when it closes. On
 * PostgreSQL it runs only while this instance is the elected leader (leader.ts); the embedded PGlite
 * database belongs to one process, which always indexes.
 */
import type { App } from "../../deps";
import { createIndexer, type Indexer } from "./indexer";
import { type LeaderElection, startLeaderElection } from "./leader";
import { reportIndexerRole } from "./role";

export function attachIndexer(app: App): Indexer | undefined {
  const { config, database, chain } = app.deps;
  if (!config.tokenAddress) {
    app.log.warn("Indexer not started: TOKEN_ADDRESS is not set");
    return undefined;
  }
  const indexer = createIndexer({
    database,
    chain,
    config,
    log: {
      info: (m) => app.log.info(m),
      warn: (m) => app.log.warn(m),
      error: (m) => app.log.error(m),
    },
  });
  const connectionString = database.kind === "postgres" ? config.databaseUrl : undefined;
  if (!connectionString) {
    reportIndexerRole(app, () => (indexer.running ? "leader" : "starting"));
    app.addHook("onReady", async () => indexer.start());
    app.addHook("onClose", async () => indexer.stop());
    return indexer;
  }
  let election: LeaderElection | undefined;
  reportIndexerRole(app, () => {
    const role = election?.role ?? "starting";
    return role === "stopped" ? "off" : role;
  });
  app.addHook("onReady", async () => {
    election = startLeaderElection({
      connectionString,
      lead: () => indexer.start(),
      resign: () => indexer.stop(),
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    });
  });
  app.addHook("onClose", async () => {
    // The batch in flight is written before the lock is let go, so the standby that takes over starts from its
    // checkpoint instead of reading the same blocks while this one still writes them (store.ts would refuse its
    // write, but only after the work), as `npm run indexer` stops.
    await indexer.stop();
    await election?.stop();
  });
  return indexer;
}
