/**
 * One clear line (or, for configuration, one list) when the server cannot start, instead of a stack trace:
 * what failed and the underlying reasons (a refused connection, a wrong password, a port in use…).
 * LOG_LEVEL=debug or trace adds the stack.
 */
import { ConfigError } from "./config";

export function describeStartFailure(error: unknown, logLevel = process.env.LOG_LEVEL): string {
  if (error instanceof ConfigError) return error.message;
  const reasons: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    const e = current as { message?: unknown; code?: unknown; errors?: unknown[]; cause?: unknown };
    const message = typeof e.message === "string" && e.message.trim() ? (e.message.trim().split("\n")[0] ?? "") : "";
    const code = typeof e.code === "string" ? e.code : "";
    // node-postgres reports "connection refused on every address" as an AggregateError with no message.
    const inner = Array.isArray(e.errors) ? e.errors.map((x) => (x as Error)?.message).filter(Boolean) : [];
    const text = [message, code && !message.includes(code) ? `(${code})` : "", inner.length ? inner.join("; ") : ""]
      .filter(Boolean)
      .join(" ");
    if (text && !reasons.includes(text)) reasons.push(text);
    current = e.cause;
  }
  const stack = ["debug", "trace"].includes(logLevel ?? "") && error instanceof Error ? `\n${error.stack}` : "";
  return `ClassCoin could not start: ${reasons.join(": ") || String(error)}${stack}`;
}
