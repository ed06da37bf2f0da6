/**
 * Compressed delivery. API answers of COMPRESS_THRESHOLD bytes or more go out with brotli or gzip, whichever
 * the client prefers (@fastify/compress; brotli at quality 4: JSON shrinks 5–10× for a fraction of a
 * millisecond, where the default quality 11 costs tens of milliseconds per answer). Every answer of a type
 * that can be compressed says `Vary: Accept-Encoding`, also the ones sent as they are (small, or to a client
 * asking for none), so a shared cache never hands one client's encoding to another.
 *
 * The web build's files are compressed once, at build time (.br and .gz beside each file,
 * apps/web/precompress.ts), and @fastify/static serves those files as they are (`preCompressed` in app.ts):
 * no per-request compression of the 0.5 MB of JavaScript.
 */
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Bytes below which an answer is sent as it is: compressing a few hundred bytes saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** What @fastify/compress compresses by default (text but not event streams, JSON, XML). */
const compressible = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies are taken as sent: they are small, and inflating them would invite zip bombs.
    globalDecompression: false,
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && compressible.test(type)) addVary(reply, "accept-encoding");
    return payload;
  });
}

function addVary(
  reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown },
  field: string,
) {
  const current = reply.getHeader("vary");
  const value = Array.isArray(current) ? current.join(", ") : typeof current === "string" ? current : "";
  const fields = value.split(",").map((f) => f.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field)) return;
  reply.header("vary", value ? `${value}, ${field}` : field);
}
