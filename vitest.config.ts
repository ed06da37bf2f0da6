import { configDefaults, defineConfig } from "vitest/config";

/**
 * One anvil per run: the root global setup (`apps/api/src/testing/shared-anvil.ts`) starts it before any
 * project's files and stops it at the end; `startTestChain()` gives each file its own deployment and
 * accounts on it. Vitest runs the root's global setup whichever projects are selected.
 *
 * The stress projects (`npm run test:stress`, `--project 'stress*'`: the class rehearsal, the README's production
 * steps behind nginx and Caddy, an indexer SIGKILL soak and a 60 s load) run only when asked for by name, so plain
 * `vitest run` (`npm test`) does not run them.
 */
const stressRequested = process.argv.some(
  (arg, i, all) => arg.startsWith("--project=stress") || (arg.startsWith("stress") && all[i - 1] === "--project"),
);

export default defineConfig({
  test: {
    globalSetup: ["apps/api/src/testing/shared-anvil.ts"],
    // Two files at a time, whatever the machine (Vitest's default is one fewer than the cores: one file at
    // a time on a two-core CI machine). The end-to-end files spend most of their time waiting on a browser,
    // a chain and a server, so two overlap well: on two cores the whole run took 454 s instead of 606 s
    // (the e2e project alone 310 s instead of ~400 s; three at a time was slower again, 334 s). Files are
    // built to share a run: each has its own accounts on the shared anvil, its own database and stack.
    maxWorkers: 2,
    projects: [
      ...(stressRequested
        ? [
            {
              test: {
                name: "stress",
                // Side by side: each checks an outcome (no gap or duplicate, a failover, two servers up), not
                // the machine's speed. 163 s one at a time, the load soak included.
                include: ["stress/**/*.test.ts"],
                exclude: [...configDefaults.exclude, "stress/load.test.ts"],
                testTimeout: 240_000,
                hookTimeout: 120_000,
              },
            },
            {
              test: {
                name: "stress-load",
                // After the others, alone: it drives the server as hard as the machine allows for 60 s.
                include: ["stress/load.test.ts"],
                sequence: { groupOrder: 1 },
                testTimeout: 240_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: { name: "contracts", include: ["contracts/test/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"] } },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "scripts/**/*.test.ts"],
          // Migrated databases, made once a run, which each test's database starts from.
          globalSetup: ["apps/api/src/testing/database-templates.ts"],
          // The files run one after another in each worker process, importing the app once per worker: apart,
          // each file spent ~1.3 s importing it again (85 s of the project's 388 s; 248 s in all). Each file builds
          // its own app, database, accounts and token; the app's process-wide state is keyed by RPC URL and
          // no two chains of a run share one (testing/chain.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // One stack (with the demo community) for the files that share it; see e2e/harness/shared-stack.ts.
          globalSetup: ["e2e/harness/shared-stack-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
