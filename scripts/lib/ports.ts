import { createServer } from "node:net";

/** Resolves when `port` can be bound on `host`; rejects with a message that says what to do otherwise. */
export function assertPortFree(port: number, host: string, variable: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `Port ${port} is already in use (is another \`npm start\` running?). Stop that process or set ${variable} to a free port.`
            : `Cannot use port ${port}: ${error.message}`,
        ),
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
