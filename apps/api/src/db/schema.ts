/**
 * The one database schema (PGlite and PostgreSQL alike). Wallets are stored lowercased; amounts of money
 * are kept exactly in base units (`*_wei`, numeric) beside a whole-CC number for display and sums.
 * Change it, then run `npm run db:generate` to add a migration (committed, applied at start).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { WEI_PER_CC } from "./wei";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const profiles = pgTable(
  "profiles",
  {
    id: id(),
    wallet: text("wallet").notNull(),
    name: text("name").notNull(),
    birthday: text("birthday").notNull(),
    starSign: text("star_sign").notNull(),
    photo: text("photo"),
    bio: text("bio"),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("profiles_wallet_key").on(t.wallet), index("profiles_created_idx").on(t.createdAt, t.id)],
);

/** Uploaded images after re-encoding, addressed by a content-hash file name. */
export const images = pgTable("images", {
  name: text("name").primaryKey(),
  kind: text("kind").notNull(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

export const posts = pgTable(
  "posts",
  {
    id: id(),
    authorWallet: text("author_wallet").notNull(),
    content: text("content").notNull(),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    // Kept by triggers on votes and comments (migration 0012), so a page of posts is read without a
    // subquery per post: the wallet → vote map, and the comments shown (visible, not deleted).
    votesMap: jsonb("votes_map").$type<Record<string, "up" | "down">>().notNull().default({}),
    commentCount: integer("comment_count").notNull().default(0),
  },
  (t) => [index("posts_visible_idx").on(t.hidden, t.id)],
);

export const votes = pgTable(
  "votes",
  {
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    wallet: text("wallet").notNull(),
    type: text("type", { enum: ["up", "down"] }).notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.wallet] })],
);

/**
 * Comments on forum posts (issue 18). `parent_id` is null for a comment on the post, else the top-level
 * comment it replies to (one level: a reply to a reply is stored under that reply's parent). `reply_to_id`
 * (migration 0016) is the reply a reply to a reply answers, which the thread alone cannot tell; null for a
 * comment on the post and for a direct reply to the thread's comment (and for rows written before 0016, whose
 * target was not kept). Deleting one's own comment blanks its text and sets `deleted`; the row stays so its
 * replies keep their thread.
 */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    parentId: bigint("parent_id", { mode: "number" }),
    replyToId: bigint("reply_to_id", { mode: "number" }).references((): AnyPgColumn => comments.id, {
      onDelete: "set null",
    }),
    authorWallet: text("author_wallet").notNull(),
    text: text("text").notNull(),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_post_idx").on(t.postId, t.id),
    index("comments_parent_idx").on(t.parentId),
    // For ON DELETE SET NULL: without it, each comment removed (a semester reset removes them all) scans them all.
    index("comments_reply_to_idx").on(t.replyToId),
  ],
);

/** One vote per wallet per comment, as for posts. */
export const commentVotes = pgTable(
  "comment_votes",
  {
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    wallet: text("wallet").notNull(),
    type: text("type", { enum: ["up", "down"] }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.wallet] })],
);

/**
 * The Feed (issue 18): anonymous image posts. `author_wallet` is known to the server and the admin only; the
 * public answers never include it. `images` are the stored images' file names (1–4).
 */
export const feedPosts = pgTable(
  "feed_posts",
  {
    id: id(),
    authorWallet: text("author_wallet").notNull(),
    text: text("text").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("feed_posts_visible_idx").on(t.hidden, t.id), index("feed_posts_author_idx").on(t.authorWallet)],
);

export const projects = pgTable(
  "projects",
  {
    id: id(),
    authorWallet: text("author_wallet").notNull(),
    projectNumber: smallint("project_number").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull(),
    /**
     * CC received, as the API answers it: `total_received_wei` / 10^18, so equal amounts are equal numbers (a
     * running sum of doubles made 1.1 + 2.2 received more than 3.3, and decided predictions on it). Computed by
     * the database from the wei column (migration 0015), so it can never drift from it: write that one instead
     * (an insert or update naming this column is refused).
     */
    totalReceived: doublePrecision("total_received")
      .notNull()
      .generatedAlwaysAs(sql`(${sql.identifier("total_received_wei")} / ${WEI_PER_CC})::double precision`),
    /** The exact sum of the project's tips (`tips.amount_wei`), kept with each tip recorded or undone. */
    totalReceivedWei: numeric("total_received_wei", { precision: 78, scale: 0 }).notNull().default("0"),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("projects_author_number_key").on(t.authorWallet, t.projectNumber),
    index("projects_number_idx").on(t.projectNumber, t.archived, t.id),
  ],
);

/**
 * Predictions (issue 18): per project 2–4 whether the admin has opened them (`open`) and when they were last
 * closed (`closed_at`: the results are public from then on).
 */
export const predictionRounds = pgTable("prediction_rounds", {
  projectNumber: smallint("project_number").primaryKey(),
  open: boolean("open").notNull().default(false),
  openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }),
  closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
});

/**
 * A closed round's result, written in the transaction that closed it (features/predictions `setRound`): each
 * submission the round ranked, with the CC it had received at the close and whether it won (received the
 * most; ties all win; none when nothing was received). A closed round is answered from these rows, never from
 * the live `projects.total_received`, so tips after the close change nothing. Deleted with its round.
 */
export const predictionResults = pgTable(
  "prediction_results",
  {
    projectNumber: smallint("project_number")
      .notNull()
      .references(() => predictionRounds.projectNumber, { onDelete: "cascade" }),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id),
    totalReceived: doublePrecision("total_received").notNull(),
    winner: boolean("winner").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectNumber, t.projectId] })],
);

/** One prediction per student per project (the unique key locks it), of another student's submission. */
export const predictions = pgTable(
  "predictions",
  {
    id: id(),
    projectNumber: smallint("project_number").notNull(),
    predictorWallet: text("predictor_wallet").notNull(),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("predictions_predictor_key").on(t.projectNumber, t.predictorWallet)],
);

/**
 * A verified on-chain tip to a project; one row per Transfer log. `block_number`/`block_hash` are those of
 * the receipt it was recorded from: the indexer removes the tip (and lowers `total_received`) when it rolls
 * that block back or finds the log missing at that height (chain/indexer/store.ts). Null for tips recorded
 * before they were kept.
 */
export const tips = pgTable(
  "tips",
  {
    id: id(),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id),
    fromWallet: text("from_wallet").notNull(),
    toWallet: text("to_wallet").notNull(),
    amount: doublePrecision("amount").notNull(),
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }),
    blockHash: text("block_hash"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tips_tx_log_key").on(t.txHash, t.logIndex), index("tips_block_idx").on(t.blockNumber)],
);

/**
 * Every Transfer log ever recorded as a tip, in any semester: "Start new semester" empties `tips` but not this,
 * so a transfer counts as a tip once for good (before: one from the old semester's last, not yet indexed blocks
 * was at or after the new semester's first block, and could be reported again for the author's new submission).
 * Written by the database itself, in the tip's own insert (trigger `tips_claim_transfer`, migration 0017): a tip
 * whose transfer is here already is not inserted, which the tip's `ON CONFLICT DO NOTHING` reads as a duplicate.
 * The indexer's undo of a tip the chain dropped removes its row too, so the re-mined transfer can be reported.
 */
export const tippedTransfers = pgTable(
  "tipped_transfers",
  {
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.txHash, t.logIndex] })],
);

export const bounties = pgTable("bounties", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  reward: doublePrecision("reward").notNull(),
  status: text("status", { enum: ["active", "completed", "cancelled"] })
    .notNull()
    .default("active"),
  crossedOut: boolean("crossed_out").notNull().default(false),
  completedBy: text("completed_by"),
  completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  /** Set by `/bounties/complete`: the student paid, and the treasury payment of the reward (treasury_payments). */
  completedByWallet: text("completed_by_wallet"),
  rewardTxHash: text("reward_tx_hash"),
  createdAt: createdAt(),
});

export const whitelist = pgTable(
  "whitelist",
  {
    id: id(),
    wallet: text("wallet").notNull(),
    notes: text("notes").notNull().default(""),
    addedAt: timestamp("added_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("whitelist_wallet_key").on(t.wallet)],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/** The explorer's index of the token's Transfer logs (written by the indexer only). */
export const transactions = pgTable(
  "transactions",
  {
    id: id(),
    type: text("type", { enum: ["project_tip", "transfer", "forum_reward", "system", "mint", "burn"] }).notNull(),
    fromWallet: text("from_wallet").notNull(),
    toWallet: text("to_wallet").notNull(),
    fromName: text("from_name"),
    toName: text("to_name"),
    fromPhoto: text("from_photo"),
    toPhoto: text("to_photo"),
    amount: doublePrecision("amount").notNull(),
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull(),
    description: text("description"),
    status: text("status").notNull().default("completed"),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    /*
     * Positions in the explorer's streams, 1, 2, 3, … oldest first in (timestamp, id) order, with no gaps,
     * so page p of any filter is a range lookup (features/explorer/streams.ts): `seq` in all rows, `typeSeq`
     * among the rows of its type, `fromSeq`/`toSeq` in the stream of its sender's/recipient's wallet (the
     * rows that wallet sent or received; a self-transfer is in it once, as `fromSeq`, `toSeq` null), and
     * `fromTypeSeq`/`toTypeSeq` in the wallet's stream of that type. The indexer writes them with each
     * batch; triggers renumber after any other change (migrations/0003_explorer_streams.sql).
     */
    seq: bigint("seq", { mode: "number" }),
    typeSeq: bigint("type_seq", { mode: "number" }),
    fromSeq: bigint("from_seq", { mode: "number" }),
    toSeq: bigint("to_seq", { mode: "number" }),
    fromTypeSeq: bigint("from_type_seq", { mode: "number" }),
    toTypeSeq: bigint("to_type_seq", { mode: "number" }),
  },
  // One index per stream, keyed (stream, position): a page is a range scan of `limit` entries at any depth.
  // The time index finds where a date starts in the stream of all rows (and serves the stats' last hour).
  (t) => [
    uniqueIndex("transactions_tx_log_key").on(t.txHash, t.logIndex),
    index("transactions_block_idx").on(t.blockNumber),
    index("transactions_time_idx").on(t.timestamp, t.id),
    index("transactions_seq_idx").on(t.seq),
    index("transactions_type_seq_idx").on(t.type, t.typeSeq),
    index("transactions_from_seq_idx").on(t.fromWallet, t.fromSeq),
    index("transactions_to_seq_idx").on(t.toWallet, t.toSeq),
    index("transactions_from_type_seq_idx").on(t.fromWallet, t.type, t.fromTypeSeq),
    index("transactions_to_type_seq_idx").on(t.toWallet, t.type, t.toTypeSeq),
  ],
);

/*
 * Explorer aggregates: kept by statement triggers on `transactions` (migrations/0001_explorer_aggregates.sql), so
 * every writer (the indexer, a reorg's deletes, send-coin's reclassification, a bulk load) keeps them
 * exact. Stats and page counts read these instead of count(*), which is O(rows).
 */
export const transactionTotals = pgTable("transaction_totals", {
  type: text("type").primaryKey(),
  count: bigint("count", { mode: "number" }).notNull(),
  volumeWei: numeric("volume_wei", { precision: 78, scale: 0 }).notNull(),
});

/** Per UTC day and type: date filters and the daily chart. */
export const transactionDaily = pgTable(
  "transaction_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    type: text("type").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
    volumeWei: numeric("volume_wei", { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type] })],
);

/** Per UTC hour (timestamp without zone, in UTC): the last-24h tiles. */
export const transactionHourly = pgTable("transaction_hourly", {
  hour: timestamp("hour", { withTimezone: false, mode: "string" }).primaryKey(),
  count: bigint("count", { mode: "number" }).notNull(),
  volumeWei: numeric("volume_wei", { precision: 78, scale: 0 }).notNull(),
});

/**
 * Rows per wallet and type, counting what the wallet sent and what it received from another wallet (a
 * self-transfer once): the length of each wallet's streams, so the indexer numbers a batch's rows from them.
 */
export const transactionWalletTotals = pgTable(
  "transaction_wallet_totals",
  {
    wallet: text("wallet").notNull(),
    type: text("type").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.wallet, t.type] })],
);

/**
 * Each wallet's ClassCoin balance as the indexed Transfer logs add up (the explorer's holders list, issue 18),
 * kept by statement triggers on `transactions` (migrations/0008_holders.sql): written in the indexer's own
 * transaction, taken back by a reorg's deletes. The zero address is never a holder.
 */
export const holders = pgTable(
  "holders",
  {
    wallet: text("wallet").primaryKey(),
    balanceWei: numeric("balance_wei", { precision: 78, scale: 0 }).notNull().default("0"),
  },
  (t) => [index("holders_balance_idx").on(t.balanceWei.desc(), t.wallet).where(sql`balance_wei > 0`)],
);

/**
 * Hashes of the blocks the indexer has read, to notice when the chain no longer has them (reorg): every
 * block with logs, and the end block of each batch (pruned once out of the recent window).
 */
export const indexedBlocks = pgTable(
  "indexed_blocks",
  {
    number: bigint("number", { mode: "number" }).primaryKey(),
    hash: text("hash").notNull(),
    hasLogs: boolean("has_logs").notNull().default(false),
  },
  (t) => [index("indexed_blocks_prunable_idx").on(t.number).where(sql`not ${t.hasLogs}`)],
);

export const indexerState = pgTable("indexer_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/**
 * SIWE nonces: issued once, consumed once (deleted on use), and only by the client that asked: the browser
 * holding the `classcoin_client` cookie whose SHA-256 is `client_hash`, or for a client without cookies the
 * IP it asked from (auth/nonce-binding.ts). Both null for nonces issued before they were bound.
 */
export const siweNonces = pgTable("siwe_nonces", {
  nonce: text("nonce").primaryKey(),
  clientHash: text("client_hash"),
  ip: text("ip"),
  createdAt: createdAt(),
});

/** Server-side wallet sessions; the cookie holds the token, the table holds its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    wallet: text("wallet").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_wallet_idx").on(t.wallet)],
);

/** Every admin signature ever accepted, so none is accepted twice. */
export const adminSignatures = pgTable("admin_signatures", {
  signatureHash: text("signature_hash").primaryKey(),
  action: text("action").notNull(),
  usedAt: createdAt(),
});

/**
 * One row per "Deploy ClassCoin" run. At most one is `running` at a time (partial unique index), which is
 * what refuses a concurrent second deploy; `heartbeat_at` lets a run left behind by a crashed server expire.
 */
export const deployRuns = pgTable(
  "deploy_runs",
  {
    id: id(),
    signatureHash: text("signature_hash").notNull(),
    /** `interrupted`: found `running` with a stale heartbeat (its server stopped); it can be resumed. */
    status: text("status", { enum: ["running", "completed", "failed", "abandoned", "interrupted"] }).notNull(),
    recipients: integer("recipients").notNull().default(0),
    /**
     * The recipients fixed when the run started, minted to in chunks of `chunk_size`; chunk i is the treasury
     * payment with purpose `deploy:<id>:<i>` (features/admin/deploy/run.ts). Null for runs before issue 14.
     */
    recipientWallets: jsonb("recipient_wallets").$type<string[]>(),
    chunkSize: integer("chunk_size"),
    minted: integer("minted").notNull().default(0),
    amountPerProfile: doublePrecision("amount_per_profile").notNull(),
    txHashes: jsonb("tx_hashes").$type<string[]>().notNull().default([]),
    error: text("error"),
    startedAt: createdAt(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("deploy_runs_one_running_key").on(t.status).where(sql`status = 'running'`)],
);

/**
 * Every transaction the treasury signs for a payment (bounty rewards, awards, welcome grants, deploy chunks),
 * recorded with its hash and raw bytes BEFORE it is broadcast (chain/treasury-payments.ts). So:
 * - the indexer classifies its Transfer logs by joining on `tx_hash` (type `system`, `description`);
 * - a crash between signing and mining is recovered by re-broadcasting the same bytes (same hash, same nonce:
 *   it can be mined once at most), and a transaction is known dropped once the treasury's mined nonce has
 *   passed its `nonce` without a receipt for it;
 * - at most one payment per `purpose` (`bounty:<id>`, `award:<message hash>`, `welcome-eth:<wallet>`, …) is
 *   live (`signed` = sent or about to be, `mined` = paid): a second one is refused by the unique index;
 * - a payment priced out by a rising base fee is signed again at its nonce with a higher fee: the old row is
 *   `replaced` and the new one, same purpose and nonce, is live. The chain mines at most one of them (the
 *   nonce); whichever it mines is recorded `mined` and the others `dropped`.
 */
export const treasuryPayments = pgTable(
  "treasury_payments",
  {
    txHash: text("tx_hash").primaryKey(),
    purpose: text("purpose").notNull(),
    kind: text("kind", { enum: ["bounty", "award", "welcome", "deploy", "relay"] }).notNull(),
    /** The explorer's description of its Transfer logs (type `system`); null keeps the plain classification. */
    description: text("description"),
    toWallets: jsonb("to_wallets").$type<string[]>().notNull(),
    /** Per recipient, in base units (CC, or wei of the native coin when `native`). */
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
    native: boolean("native").notNull().default(false),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    rawTx: text("raw_tx").notNull(),
    status: text("status", { enum: ["signed", "mined", "reverted", "dropped", "replaced"] })
      .notNull()
      .default("signed"),
    blockNumber: bigint("block_number", { mode: "number" }),
    /** gasUsed × effectiveGasPrice of the receipt, in wei. */
    feeWei: numeric("fee_wei", { precision: 78, scale: 0 }),
    gasUsed: bigint("gas_used", { mode: "number" }),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("treasury_payments_live_purpose_key").on(t.purpose).where(sql`status in ('signed', 'mined')`),
    index("treasury_payments_open_idx").on(t.createdAt).where(sql`status = 'signed'`),
  ],
);

/**
 * The welcome grant of each wallet ever added to the roster: once per wallet, ever (the primary key), also
 * after a removal and re-add. `cc_tx_hash`/`eth_tx_hash` name the treasury payments that carry it (one
 * `mintBatch` for the CC of the wallets added together, one native transfer each); null until sent, and
 * replaced when that payment was dropped or reverted. `eth_skipped` says why no native coin was sent.
 */
export const welcomeGrants = pgTable("welcome_grants", {
  wallet: text("wallet").primaryKey(),
  ccWei: numeric("cc_wei", { precision: 78, scale: 0 }).notNull(),
  ethWei: numeric("eth_wei", { precision: 78, scale: 0 }).notNull(),
  ccTxHash: text("cc_tx_hash"),
  ethTxHash: text("eth_tx_hash"),
  ethSkipped: text("eth_skipped"),
  createdAt: createdAt(),
});

/** Hands out `live_events.commit_seq`, one writer's commit at a time (migrations/0018_live_events_commit_seq.sql). */
export const liveEventsCommitSeq = pgSequence("live_events_commit_seq");

/**
 * Live updates (events/): each event of `GET /api/events`, announced to every instance with NOTIFY by a
 * trigger (migrations/0006_live_events.sql), and kept an hour so a reconnecting browser catches up.
 * Triggers also add the explorer's and the bounties' changes, whichever code or process made them.
 * `commit_seq` is the event's place in commit order, set as its transaction commits (null until then, so
 * never seen null): the stream's event id, what a reconnect and the bus's catch-up resume after. `id` is in
 * insert order, which a long transaction commits out of (0018).
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: id(),
    commitSeq: bigint("commit_seq", { mode: "number" }),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_created_idx").on(t.createdAt), uniqueIndex("live_events_commit_seq_idx").on(t.commitSeq)],
);

/**
 * Notifications per wallet (features/notifications), worded when created. `dedupe_key` makes a repeat of
 * the same thing one notification (a voter switching a vote back and forth, a retried tip report).
 * `actor_wallet`: who did it (a tipper, voter, commenter); they are named as their profile is when the list is
 * read, so a student who renamed themselves is not shown under an old name, and `text` then goes on after that
 * name. Without one, `text` is the whole sentence.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    wallet: text("wallet").notNull(),
    kind: text("kind").notNull(),
    actorWallet: text("actor_wallet"),
    text: text("text").notNull(),
    link: text("link"),
    dedupeKey: text("dedupe_key"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_wallet_idx").on(t.wallet, t.id),
    index("notifications_unread_idx").on(t.wallet).where(sql`not ${t.read}`),
    uniqueIndex("notifications_dedupe_key").on(t.wallet, t.dedupeKey),
  ],
);

/**
 * Semesters (issue 18, features/semesters): the current semester is the latest row. The live explorer shows
 * the transfers from `start_block` on (the indexer never re-indexes below it for `token`); "Start new
 * semester" adds a row. The first row (block 0) is added by the migration.
 */
export const semesters = pgTable("semesters", {
  id: id(),
  startBlock: bigint("start_block", { mode: "number" }).notNull().default(0),
  /** The token the start block belongs to; null for the first semester (no floor). */
  token: text("token"),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A semester's read-only archive (one per semester: archiving again replaces it). Its sections are snapshot
 * documents in the shapes of packages/shared/src/semesters.ts; its explorer rows are `archive_transactions`.
 */
export const archives = pgTable(
  "archives",
  {
    id: id(),
    semesterId: bigint("semester_id", { mode: "number" })
      .notNull()
      .references(() => semesters.id),
    name: text("name").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    startBlock: bigint("start_block", { mode: "number" }).notNull(),
    endBlock: bigint("end_block", { mode: "number" }).notNull(),
    counts: jsonb("counts").notNull(),
    profiles: jsonb("profiles").notNull(),
    projects: jsonb("projects").notNull(),
    posts: jsonb("posts").notNull(),
    bounties: jsonb("bounties").notNull(),
    predictions: jsonb("predictions").notNull(),
    leaderboard: jsonb("leaderboard").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("archives_semester_key").on(t.semesterId), index("archives_created_idx").on(t.createdAt, t.id)],
);

/**
 * An archive's explorer rows (the live `transactions` rows of its semester, moved here when the next one
 * starts), numbered 1, 2, 3, … oldest first without gaps: a page is a range lookup of the primary key.
 */
export const archiveTransactions = pgTable(
  "archive_transactions",
  {
    archiveId: bigint("archive_id", { mode: "number" })
      .notNull()
      .references(() => archives.id, { onDelete: "cascade" }),
    position: bigint("position", { mode: "number" }).notNull(),
    transactionId: bigint("transaction_id", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    fromWallet: text("from_wallet").notNull(),
    toWallet: text("to_wallet").notNull(),
    fromName: text("from_name"),
    toName: text("to_name"),
    fromPhoto: text("from_photo"),
    toPhoto: text("to_photo"),
    amount: doublePrecision("amount").notNull(),
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull(),
    description: text("description"),
    status: text("status").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.archiveId, t.position] }),
    uniqueIndex("archive_transactions_tx_log_key").on(t.archiveId, t.txHash, t.logIndex),
  ],
);
