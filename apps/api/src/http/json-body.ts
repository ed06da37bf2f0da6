/**
 * JSON bodies are parsed only when they nest at most MAX_JSON_DEPTH arrays and objects. JSON.parse of a 1 MB
 * body of 500,000 `[` took a second of the event loop, before any session, schema or rate limit was asked,
 * and anyone could send one a second to any POST route (every reader waited 1–7 s). No request of ours
 * nests more than 3; the linear scan below costs about a millisecond per megabyte. Fastify's own parser
 * (prototype-poisoning refused) does the parsing.
 */
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http-errors";

export const MAX_JSON_DEPTH = 32;

export const jsonBodyErrors = {
  tooDeep: `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Whether the JSON text opens more than `max` arrays/objects inside one another (strings skipped). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, jsonBodyErrors.tooDeep), undefined);
      return;
    }
    parse(request, text, done);
  });
}
