/**
 * The response cache of hot public reads (issue 19). A descriptor that says `cache: [tags]` (only a
 * `public-read` GET whose answer is the same for every caller) has its 200 answers kept here as bytes, keyed
 * by path and normalized query: a warm hit sends the stored bytes (brotli, gzip or as they are, whichever
 * the client accepts, each compressed once when the entry was filled) without touching the database, the
 * validator, the serializer or the compressor; `If-None-Match` with the entry's ETag answers 304.
 *
 * Invalidation follows the writes, by tag:
 * - every live event (events/bus.ts) names the tags it changes (`EVENT_TAGS`); the bus tells the cache
 *   synchronously when this instance publishes (before the write's reply goes out: read-your-writes) and when
 *   a NOTIFY arrives from another instance, a trigger (the indexer's `transactions`, bounty changes) or a
 *   separate indexer process (within the NOTIFY latency, a few ms). A type not in the map (a newer
 *   instance's, or one added without updating the map) clears everything;
 * - a write whose change is announced only by a trigger names its tags in its descriptor's `invalidates`, so
 *   the instance that served it forgets them before answering (the NOTIFY comes back asynchronously);
 * - a per-tag generation: a miss records the generations of its tags when it starts and stores its answer
 *   only if none changed meanwhile, so an answer computed from data older than an invalidation is never kept;
 * - a safety net: entries live at most `maxAgeMs` (5 s); everything is dropped when the LISTEN connection
 *   reports a problem or comes back (NOTIFYs sent meanwhile are lost), and nothing is served or stored while
 *   it is known to be down; so a lost announcement cannot keep a stale answer for longer than that.
 *
 * Memory is bounded by bytes (identity + compressed variants), least recently used first out.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { CacheTag, Endpoint } from "@classcoin/shared/endpoint";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
} from "fastify";
import { COMPRESS_THRESHOLD } from "./compression";
import { ifNoneMatches } from "./if-none-match";

declare module "fastify" {
  interface FastifyInstance {
    /** Undefined when RESPONSE_CACHE_MB=0 (or in an app built without it). */
    responseCache?: ResponseCache;
  }
}

export const ALL_CACHE_TAGS: readonly CacheTag[] = [
  "posts",
  "comments",
  "profiles",
  "projects",
  "bounties",
  "explorer",
  "leaderboard",
  "archives",
  "config",
];

/**
 * What each live event changes, by tag. Generous where an answer shows data of another kind: names and
 * photos of profiles appear on posts, comments, submissions, the explorer and the leaderboard; tips and the
 * indexer's rows move the projects' totals and the leaderboard. `notification` and `notifications.read` are
 * per wallet, and no cached answer is. A type missing here clears every tag (`tagsForEvent`): the safe
 * default for a new event type (and the right answer for `semester.reset`).
 */
export const EVENT_TAGS: Readonly<Record<string, readonly CacheTag[]>> = {
  "post.created": ["posts", "leaderboard"],
  "post.voted": ["posts", "leaderboard"],
  "comment.changed": ["comments", "posts"],
  tip: ["projects", "leaderboard", "explorer"],
  transactions: ["explorer", "projects", "leaderboard"],
  balances: ["leaderboard"],
  "bounty.changed": ["bounties"],
  "bounty.completed": ["bounties", "leaderboard"],
  award: ["explorer", "leaderboard"],
  // Not mined yet: nothing any answer shows has changed.
  "award.sent": [],
  "profile.changed": ["profiles", "posts", "comments", "projects", "explorer", "leaderboard"],
  "project.changed": ["projects", "leaderboard"],
  moderation: ["posts", "comments", "profiles", "projects", "explorer", "leaderboard"],
  notification: [],
  "notifications.read": [],
  // A round's answer and the Feed hold the caller's own (`mine`): never cached, so nothing to forget.
  "prediction.changed": [],
  "feed.changed": [],
  // A closed semester's archive; `semester.reset` is left out on purpose: it changes everything.
  "semester.archived": ["archives"],
};

/** The tags an event of `type` changes; null (everything) for an unknown type or an unknown change. */
export function tagsForEvent(type: string | null): readonly CacheTag[] | null {
  if (type === null || !Object.hasOwn(EVENT_TAGS, type)) return null;
  return EVENT_TAGS[type] ?? null;
}

export type Encoding = "br" | "gzip" | "identity";

export interface CachedAnswer {
  key: string;
  tags: readonly CacheTag[];
  contentType: string;
  /** The answer as serialized. */
  body: Buffer;
  /** Present when the body is at least COMPRESS_THRESHOLD bytes. */
  br?: Buffer;
  gzip?: Buffer;
  /** Strong hash of the bytes; the compressed variants carry it with a suffix (`"…-br"`), made once here. */
  etag: string;
  etagBr: string;
  etagGzip: string;
  bytes: number;
  storedAt: number;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  /** Entries older than this are not served (the safety net). */
  maxAgeMs?: number;
  /** One answer bigger than this is not kept (default an eighth of maxBytes). */
  maxEntryBytes?: number;
  now?: () => number;
}

export const DEFAULT_MAX_AGE_MS = 5_000;
/** Over a few KiB, a key is not worth keeping: a query that long is not a hot read. */
const MAX_KEY_LENGTH = 2_048;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The same settings as the compression of answers not cached (http/compression.ts). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly byTag = new Map<CacheTag, Set<string>>();
  private readonly generations = new Map<CacheTag, number>();
  private epoch = 0;
  private used = 0;
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  readonly maxEntryBytes: number;
  private readonly now: () => number;
  /** Counters for the benchmark and the tests. */
  readonly stats = { hits: 0, misses: 0, stored: 0, dropped: 0, notModified: 0 };

  constructor(options: ResponseCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.maxEntryBytes = options.maxEntryBytes ?? Math.floor(options.maxBytes / 8);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  /** A number that changes whenever any of `tags` is invalidated; a fill started at one value stores only at it. */
  generation(tags: readonly CacheTag[]): number {
    let sum = this.epoch;
    for (const tag of tags) sum += this.generations.get(tag) ?? 0;
    return sum;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.maxAgeMs) {
      this.remove(entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores the entry unless one of its tags was invalidated since `generation` was read. */
  set(entry: CachedAnswer, generation: number): boolean {
    if (this.generation(entry.tags) !== generation || entry.bytes > this.maxEntryBytes) {
      this.stats.dropped++;
      return false;
    }
    const old = this.entries.get(entry.key);
    if (old) this.remove(old);
    this.entries.set(entry.key, entry);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      this.byTag.set(tag, keys);
      keys.add(entry.key);
    }
    this.used += entry.bytes;
    while (this.used > this.maxBytes) {
      const oldest = this.entries.values().next().value;
      if (!oldest) break;
      this.remove(oldest);
    }
    this.stats.stored++;
    return true;
  }

  /** Forgets every answer under one of `tags`, or everything (null). */
  invalidate(tags: readonly CacheTag[] | null): void {
    if (tags === null) {
      this.epoch++;
      this.entries.clear();
      this.byTag.clear();
      this.used = 0;
      return;
    }
    for (const tag of tags) {
      this.generations.set(tag, (this.generations.get(tag) ?? 0) + 1);
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        const entry = this.entries.get(key);
        if (entry) this.remove(entry);
      }
    }
  }

  private remove(entry: CachedAnswer): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.used -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(entry.key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** The answer as bytes, its ETag and (over the threshold) its brotli and gzip variants. */
export async function makeAnswer(
  key: string,
  tags: readonly CacheTag[],
  contentType: string,
  body: Buffer,
  now = Date.now(),
): Promise<CachedAnswer> {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  let br: Buffer | undefined;
  let gz: Buffer | undefined;
  if (body.length >= COMPRESS_THRESHOLD) {
    // Off the event loop (zlib's thread pool), both at once.
    [br, gz] = await Promise.all([brotli(body, BROTLI_OPTIONS), gzipAsync(body, GZIP_OPTIONS)]);
  }
  const bytes = key.length * 2 + body.length + (br?.length ?? 0) + (gz?.length ?? 0) + 256;
  return {
    key,
    tags,
    contentType,
    body,
    ...(br ? { br } : {}),
    ...(gz ? { gzip: gz } : {}),
    etag,
    etagBr: `${etag.slice(0, -1)}-br"`,
    etagGzip: `${etag.slice(0, -1)}-gz"`,
    bytes,
    storedAt: now,
  };
}

/** The query as Fastify parsed it for the handler: a string per name, or an array for a repeated name. */
export type ParsedQuery = Readonly<Record<string, unknown>>;

/**
 * The cache key: the path the router matched and the query the handler reads, its parameters sorted
 * (`?b=1&a=2` and `?a=2&b=1` are one answer). Both come from what Fastify parsed, never from a second parser:
 * WHATWG URLSearchParams reads `%FF` as U+FFFD where Fastify keeps `%FF`, so a key from it stored the
 * answer to one query under another's (a search for "%FF" served to whoever searched for "�"). The path
 * is kept as sent, up to where the router ends it (`?` or `#`): a route matches case-sensitively and a
 * handler that lowercases a wallet answers both spellings the same, so at worst one answer is kept twice.
 */
export function cacheKey(url: string, query: ParsedQuery, queryKeys?: ReadonlySet<string>): string | undefined {
  if (url.length > MAX_KEY_LENGTH) return undefined;
  // Filtering and sorting the query costs as much as the rest of a hit, and the hot URLs are few: remembered
  // (at most 4,096 of up to 512 characters; a flood of distinct URLs only empties the memo now and then).
  // One URL is always parsed into the same query, so the URL alone names its key.
  const known = normalizedUrls.get(url);
  if (known !== undefined) return known;
  const key = normalizeQuery(url, query, queryKeys);
  if (url.length <= 512) {
    if (normalizedUrls.size >= 4_096) normalizedUrls.clear();
    normalizedUrls.set(url, key);
  }
  return key;
}

const normalizedUrls = new Map<string, string>();

/**
 * A parameter the endpoint's query schema does not declare is ignored by its handler, so it is left out of
 * the key too: otherwise `?junk=<random>` would make every request a miss that fills (and compresses) a new
 * entry, and a client could push the hot answers out of the cache at will. The values are written as JSON,
 * which tells every pair of strings apart (a lone surrogate included, which percent-encoding cannot write).
 */
function normalizeQuery(url: string, query: ParsedQuery, queryKeys?: ReadonlySet<string>): string {
  const path = url.slice(0, routedPathEnd(url));
  const names = Object.keys(query)
    .filter((name) => !queryKeys || queryKeys.has(name))
    .sort();
  if (names.length === 0) return path;
  const pairs = names.map((name) => [name, query[name]]);
  return `${path}?${JSON.stringify(pairs)}`;
}

/** Where find-my-way (Fastify's router) ends the path: at the first `?` or `#`. */
function routedPathEnd(url: string): number {
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 || c === 35) return i;
  }
  return url.length;
}

/**
 * The encoding to send, from `Accept-Encoding` (RFC 9110 §12.5.3): the highest q of br and gzip (`*` covers
 * both, `x-gzip` is gzip); brotli on a tie; identity when neither is acceptable.
 */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  // Browsers send one of a handful of values.
  const known = encodingsChosen.get(header);
  if (known) return known;
  const chosen = parseAcceptEncoding(header);
  if (header.length <= 256) {
    if (encodingsChosen.size >= 256) encodingsChosen.clear();
    encodingsChosen.set(header, chosen);
  }
  return chosen;
}

const encodingsChosen = new Map<string, Encoding>();

function parseAcceptEncoding(header: string): Encoding {
  let br = -1;
  let gz = -1;
  let star = -1;
  for (const part of header.split(",", 32)) {
    const [rawName, ...params] = part.split(";");
    const name = rawName?.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [k, v] = param.split("=");
      if (k?.trim().toLowerCase() === "q") {
        const parsed = Number(v?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    if (name === "br") br = Math.max(br, q);
    else if (name === "gzip" || name === "x-gzip") gz = Math.max(gz, q);
    else if (name === "*") star = Math.max(star, q);
  }
  if (br < 0) br = star;
  if (gz < 0) gz = star;
  if (br <= 0 && gz <= 0) return "identity";
  return br >= gz ? "br" : "gzip";
}

function variantOf(entry: CachedAnswer, encoding: Encoding): { encoding: Encoding; bytes: Buffer; etag: string } {
  if (encoding === "br" && entry.br) return { encoding, bytes: entry.br, etag: entry.etagBr };
  if (encoding === "gzip" && entry.gzip) return { encoding, bytes: entry.gzip, etag: entry.etagGzip };
  return { encoding: "identity", bytes: entry.body, etag: entry.etag };
}

/**
 * Whether `If-None-Match` names this answer: any of its variants' ETags (the same bytes before coding), weak
 * or strong (RFC 9110 §13.1.2 compares weakly), or `*`. Anything else, malformed values included, is no match.
 */
export function matchesIfNoneMatch(header: string | string[] | undefined, entry: CachedAnswer): boolean {
  return ifNoneMatches(header, [entry.etag, entry.etagBr, entry.etagGzip]);
}

/**
 * Clients (and shared caches) must revalidate each time (`no-cache`: the answer may change with any write),
 * and the bytes depend on Accept-Encoding.
 */
function cacheHeaders(reply: FastifyReply, etag: string): void {
  reply.header("cache-control", "no-cache").header("etag", etag);
  const vary = reply.getHeader("vary");
  if (vary === undefined) {
    reply.header("vary", "accept-encoding");
    return;
  }
  const current = Array.isArray(vary) ? vary.join(", ") : typeof vary === "string" ? vary : "";
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) {
    reply.header("vary", current ? `${current}, accept-encoding` : "accept-encoding");
  }
}

/** Sends a stored answer: 304 when the client has it, else the variant its Accept-Encoding takes. */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer, cache?: ResponseCache) {
  const variant = variantOf(entry, chooseEncoding(request.headers["accept-encoding"]));
  cacheHeaders(reply, variant.etag);
  if (matchesIfNoneMatch(request.headers["if-none-match"], entry)) {
    if (cache) cache.stats.notModified++;
    return reply.code(304).send();
  }
  reply.header("content-type", entry.contentType);
  if (variant.encoding !== "identity") reply.header("content-encoding", variant.encoding);
  return reply.send(variant.bytes);
}

/** GET or HEAD: Fastify sends a HEAD's headers and drops its body (a filled entry holds the body). */
const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

interface PendingFill {
  key: string;
  generation: number;
}

const pendingFills = new WeakMap<FastifyRequest, PendingFill>();

/** The query parameters an endpoint's schema declares (a zod object's keys); none when it has no query. */
function declaredQueryKeys(endpoint: Endpoint): ReadonlySet<string> {
  const shape = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (endpoint.query && !shape) {
    throw new Error(`${endpoint.path}: a cached endpoint's query must be a zod object, so its key can be exact`);
  }
  return new Set(Object.keys(shape ?? {}));
}

/**
 * The route options that put an endpoint behind the cache: its own compression (the route opts out of
 * @fastify/compress, whose per-request compression a warm hit must not pay), a lookup before anything else
 * runs, and the fill once the answer is serialized. Undefined when the endpoint is not cached here.
 */
export function cachedRouteOptions(
  app: FastifyInstance,
  endpoint: Endpoint,
): { compress: false; onRequest: onRequestAsyncHookHandler; onSend: onSendHookHandler } | undefined {
  const tags = endpoint.cache;
  if (!tags || tags.length === 0) return undefined;
  // A cached answer is served to everyone: only a public read of the same data for every caller.
  if (endpoint.method !== "GET" || endpoint.access !== "public-read") {
    throw new Error(`${endpoint.method} ${endpoint.path} (${endpoint.access}) cannot be in the response cache`);
  }
  const cache = app.responseCache;
  if (!cache) return undefined;
  const queryKeys = declaredQueryKeys(endpoint);

  const onRequest: onRequestAsyncHookHandler = async (request, reply) => {
    // HEAD (Fastify's automatic twin of the GET) too: it must say what GET says (ETag, Cache-Control), and
    // when it went to the handler every HEAD was a database read that no cache stood in front of.
    if (!isRead(request)) return;
    const key = cacheKey(request.url, (request.query ?? {}) as ParsedQuery, queryKeys);
    // Not served nor stored (generation -1 never matches) while this instance cannot hear other
    // instances' writes, or for a URL too long to be a hot read; the answer is still compressed below.
    if (key === undefined || !app.events.listening) {
      pendingFills.set(request, { key: key ?? "", generation: -1 });
      return;
    }
    const entry = cache.get(key);
    if (entry) {
      cache.stats.hits++;
      return sendAnswer(request, reply, entry, cache);
    }
    cache.stats.misses++;
    pendingFills.set(request, { key, generation: cache.generation(tags) });
  };

  const onSend: onSendHookHandler = async (request, reply, payload) => {
    if (!isRead(request)) return payload;
    const fill = pendingFills.get(request);
    // A hit sent from onRequest, or an answer this hook must leave as it is (an error, a stream).
    if (!fill || reply.statusCode !== 200 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) {
      return payload;
    }
    pendingFills.delete(request);
    const contentType = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
    const entry = await makeAnswer(fill.key, tags, contentType, Buffer.from(payload as string | Buffer));
    // Never keep an answer that sets a cookie: it belongs to one caller.
    if (reply.getHeader("set-cookie") === undefined) cache.set(entry, fill.generation);
    const variant = variantOf(entry, chooseEncoding(request.headers["accept-encoding"]));
    cacheHeaders(reply, variant.etag);
    if (matchesIfNoneMatch(request.headers["if-none-match"], entry)) {
      cache.stats.notModified++;
      reply.code(304);
      reply.removeHeader("content-type");
      return null;
    }
    if (variant.encoding !== "identity") reply.header("content-encoding", variant.encoding);
    return variant.bytes;
  };

  return { compress: false, onRequest, onSend };
}

/**
 * Mounts the cache as `app.responseCache` (before the routes: `registerEndpoint` reads it) and lets the
 * live-event bus invalidate it. After registerEvents.
 */
export function registerResponseCache(app: FastifyInstance): void {
  const mb = app.deps.config.responseCacheMb ?? 64;
  if (mb <= 0) return;
  const cache = new ResponseCache({ maxBytes: mb * 1024 * 1024 });
  app.decorate("responseCache", cache);
  app.events.watch((type) => cache.invalidate(tagsForEvent(type)));
}
