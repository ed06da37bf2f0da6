/** Runs the indexer inside the API process: started once the app is ready, stopped when it closes. */
import type { App } from "../../app";
import { createIndexer, type Indexer } from "./indexer";

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
  app.addHook("onReady", async () => indexer.start());
  app.addHook("onClose", async () => indexer.stop());
  return indexer;
}
