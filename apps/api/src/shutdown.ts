/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections (requests arriving meanwhile get 503 with
 * `Connection: close`, so a load balancer moves on), let requests in flight finish for up to the drain
 * limit, then close what is left, stop the indexer (releasing its leader lock to a standby) and the
 * database, and log one line saying so. A second signal, or a close that hangs past the limit, exits at once.
 * The same signal arriving twice within a second is one request: Ctrl-C, and systemd's default KillMode, signal
 * both `npm` and the server, and `npm run serve` passes its copy on.
 */
import type { Server } from "node:http";
import type { FastifyBaseLogger } from "fastify";

/** What is stopped: the listening app and everything it holds (server.ts's RunningServer). */
export interface StoppableServer {
  app: { server: Server };
  close(): Promise<void>;
}

/** A repeat of the same signal within this time is the same request delivered twice (see above). */
const DUPLICATE_SIGNAL_MS = 1_000;

export interface ShutdownOptions {
  /** How long requests in flight may take to finish (ms). */
  drainMs: number;
  log: FastifyBaseLogger;
  /** Extra time after the drain for the indexer and database to close before exiting anyway (ms). */
  closeGraceMs?: number;
  exit?: (code: number) => void;
}

/** The stop sequence for one signal; a second call exits at once. */
export function gracefulStopper(
  server: StoppableServer,
  options: ShutdownOptions,
): (signal: NodeJS.Signals) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { log, drainMs } = options;
  let stopping: { signal: NodeJS.Signals; at: number } | undefined;

  return async function stop(signal: NodeJS.Signals): Promise<void> {
    if (stopping) {
      if (signal === stopping.signal && Date.now() - stopping.at < DUPLICATE_SIGNAL_MS) return;
      log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    const started = Date.now();
    stopping = { signal, at: started };
    log.info(`${signal}: shutting down; finishing requests in flight (drain limit ${drainMs / 1000} s)`);
    const drainTimer = setTimeout(() => {
      log.warn(`Drain limit of ${drainMs / 1000} s reached: closing the connections still open`);
      server.app.server.closeAllConnections();
    }, drainMs);
    const hardTimer = setTimeout(
      () => {
        log.error("Shutdown did not finish in time; exiting");
        exit(1);
      },
      drainMs + (options.closeGraceMs ?? 10_000),
    );
    // A keep-alive connection whose request finishes during the drain stays open until its idle timeout
    // (Node closes idle connections once, when closing starts): close each as soon as it is idle.
    const idleSweep = setInterval(() => server.app.server.closeIdleConnections(), 100);
    drainTimer.unref();
    hardTimer.unref();
    idleSweep.unref();
    let code = 0;
    try {
      await server.close();
    } catch (error) {
      code = 1;
      log.error(`Error while shutting down: ${(error as Error).message}`);
    }
    clearTimeout(drainTimer);
    clearTimeout(hardTimer);
    clearInterval(idleSweep);
    log.info(`ClassCoin API stopped (${signal}) in ${Date.now() - started} ms`);
    exit(code);
  };
}

export function installGracefulShutdown(server: StoppableServer, options: ShutdownOptions): void {
  const stop = gracefulStopper(server, options);
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
