/**
 * Bulk seeding straight into the tables with `INSERT … SELECT generate_series(…)`: seconds for a million
 * rows, where the HTTP API would take hours. Run it on a database whose app is already built, so the
 * explorer's aggregate triggers (installed at app build) see the transactions go in.
 */
import { createHash } from "node:crypto";
import type { Db } from "@classcoin/api/db/client";
import { queryRows } from "@classcoin/api/db/raw-rows";
import { sql } from "drizzle-orm";

/** A realistic-looking lowercase address, stable for a given label and number. */
export const walletSql = (label: string, n: string) =>
  `'0x' || substr(md5('${label}' || ${n}), 1, 32) || substr(md5('${label}x' || ${n}), 1, 8)`;

export function profileWallet(i: number): `0x${string}` {
  // Same formula as walletSql('p', i), computed in JS for the benchmark's requests.
  return `0x${md5(`p${i}`).slice(0, 32)}${md5(`px${i}`).slice(0, 8)}` as `0x${string}`;
}

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}

export interface CommunitySizes {
  profiles: number;
  posts: number;
  votesPerPost: number;
  projectsPerNumber: number;
}

export async function seedCommunity(db: Db, s: CommunitySizes): Promise<void> {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`
    INSERT INTO profiles (wallet, name, birthday, star_sign, bio, created_at)
    SELECT ${walletSql("p", "i")}, 'Student ' || i, '2010-0' || (1 + i % 9) || '-1' || (i % 10),
           (ARRAY['Aries','Taurus','Gemini','Cancer','Leo','Virgo','Libra','Scorpio','Sagittarius','Capricorn','Aquarius','Pisces'])[1 + i % 12],
           'I like drawing and code. Profile number ' || i,
           now() - make_interval(mins => (${s.profiles} - i) * 5)
      FROM generate_series(1, ${s.profiles}) AS i`);
  await run(`
    INSERT INTO posts (author_wallet, content, created_at)
    SELECT ${walletSql("p", `(1 + i % ${s.profiles})`)},
           'Post ' || i || ': ' || repeat('Today in class we talked about saving and giving. ', 1 + i % 4),
           now() - make_interval(secs => (${s.posts} - i) * 60)
      FROM generate_series(1, ${s.posts}) AS i`);
  await run(`
    INSERT INTO votes (post_id, wallet, type)
    SELECT p.id, ${walletSql("p", `(1 + (p.id * 7 + v) % ${s.profiles})`)},
           CASE WHEN (p.id + v) % 4 = 0 THEN 'down' ELSE 'up' END
      FROM posts p, generate_series(1, ${s.votesPerPost}) AS v
    ON CONFLICT DO NOTHING`);
  await run(`
    UPDATE posts p SET upvotes = c.up, downvotes = c.down
      FROM (SELECT post_id, count(*) FILTER (WHERE type = 'up') AS up, count(*) FILTER (WHERE type = 'down') AS down
              FROM votes GROUP BY post_id) c
     WHERE c.post_id = p.id`);
  await run(`
    INSERT INTO projects (author_wallet, project_number, title, description, image, total_received_wei)
    SELECT ${walletSql("p", "a")}, n, 'Artwork ' || a || ' for project ' || n, 'Pencil and watercolour, week ' || (a % 12),
           md5('img' || a || '-' || n) || '.webp', ((a * n) % 50) * 1000000000000000000::numeric
      FROM generate_series(1, 4) AS n, generate_series(1, ${s.projectsPerNumber}) AS a`);
}

/**
 * Transactions number `from`..`to` (1-based, inclusive): 70 % transfers, tips, forum rewards, system,
 * mints from and burns to the zero address; wallets from the profiles (with names) and 4× as many other
 * addresses; timestamps spread over the last 90 days; amounts 0.01–500 CC, skewed small.
 */
export async function addTransactions(db: Db, from: number, to: number, profiles: number): Promise<void> {
  // A big load goes in faster with the secondary indexes built afterwards (a sort each) than kept up row
  // by row; they come back exactly as the schema made them (their definitions are read back first).
  const rebuild = to - from >= 50_000;
  const indexes = rebuild
    ? await queryRows<{ name: string; definition: string }>(
        db,
        sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
             WHERE tablename = 'transactions' AND indexname <> 'transactions_pkey'`,
      )
    : [];
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  await insertTransactions(db, from, to, profiles);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

async function insertTransactions(db: Db, from: number, to: number, profiles: number): Promise<void> {
  const others = profiles * 4;
  const zero = "'0x0000000000000000000000000000000000000000'";
  // wallet k < profiles: a profile; else another address.
  const wallet = (k: string) =>
    `CASE WHEN ${k} < ${profiles} THEN ${walletSql("p", `(${k} + 1)`)} ELSE ${walletSql("o", k)} END`;
  // Into an empty table the rows go in with their explorer stream positions (migration 0003) computed
  // here; otherwise the streams' insert trigger renumbers everything from the oldest new row (one UPDATE).
  const [empty] = await queryRows<{ empty: boolean }>(db, sql`SELECT NOT EXISTS (SELECT 1 FROM transactions) AS empty`);
  const generated = `
    SELECT row_number() OVER (ORDER BY g.ts, g.i) AS k, g.type,
           CASE WHEN g.type = 'mint' THEN ${zero} ELSE ${wallet("g.a")} END AS from_wallet,
           CASE WHEN g.type = 'burn' THEN ${zero} ELSE ${wallet("g.b")} END AS to_wallet,
           CASE WHEN g.type <> 'mint' AND g.a < ${profiles} THEN 'Student ' || (g.a + 1) END AS from_name,
           CASE WHEN g.type <> 'burn' AND g.b < ${profiles} THEN 'Student ' || (g.b + 1) END AS to_name,
           g.amount::double precision AS amount, (g.amount * 1000000000000000000)::numeric(78, 0) AS amount_wei,
           g.ts AS "timestamp",
           CASE WHEN g.type = 'project_tip' THEN 'Tip for project #' || (1 + g.i % 4) END AS description,
           md5('tx' || g.i) || md5('txx' || g.i) AS tx_hash, (g.i % 3)::int AS log_index,
           (extract(epoch FROM g.ts) / 2)::bigint AS block_number
      FROM (
        SELECT i,
               CASE WHEN r < 0.70 THEN 'transfer' WHEN r < 0.80 THEN 'project_tip' WHEN r < 0.88 THEN 'mint'
                    WHEN r < 0.95 THEN 'forum_reward' WHEN r < 0.98 THEN 'system' ELSE 'burn' END AS type,
               -- Skewed: a few wallets are busy, most are not (as in a class).
               floor(${profiles + others} * power(random(), 2))::int AS a,
               floor(${profiles + others} * power(random(), 2))::int AS b,
               round((0.01 + 500 * power(random(), 4))::numeric, 2) AS amount,
               date_trunc('second', now()) - make_interval(secs => random() * 90 * 86400) AS ts
          FROM (SELECT i, random() AS r FROM generate_series(${from}, ${to}) AS i) s
      ) g
`;
  const columns = `type, from_wallet, to_wallet, from_name, to_name, amount, amount_wei, "timestamp", description, tx_hash,
                   log_index, block_number`;
  if (!empty?.empty) {
    await db.execute(
      sql.raw(`INSERT INTO transactions (${columns}) SELECT ${columns} FROM (${generated}) r ORDER BY k`),
    );
    return;
  }
  await db.execute(
    sql.raw(`
    WITH r AS (${generated}),
    o AS (SELECT r.*, row_number() OVER (PARTITION BY type ORDER BY k) AS type_seq FROM r),
    legs AS (SELECT o.*, from_wallet AS wallet, true AS is_from FROM o
             UNION ALL SELECT o.*, to_wallet, false FROM o WHERE to_wallet <> from_wallet),
    ranked AS (SELECT legs.*, row_number() OVER (PARTITION BY wallet ORDER BY k) AS w_seq,
                      row_number() OVER (PARTITION BY wallet, type ORDER BY k) AS wt_seq FROM legs),
    paired AS (SELECT ranked.*, lead(k) OVER w AS next_k, lead(w_seq) OVER w AS next_w, lead(wt_seq) OVER w AS next_wt
                 FROM ranked WINDOW w AS (ORDER BY k, is_from DESC))
    INSERT INTO transactions (${columns}, seq, type_seq, from_seq, to_seq, from_type_seq, to_type_seq)
    SELECT ${columns}, k, type_seq, w_seq, CASE WHEN next_k = k THEN next_w END, wt_seq,
           CASE WHEN next_k = k THEN next_wt END
      FROM paired WHERE is_from ORDER BY k`),
  );
}
