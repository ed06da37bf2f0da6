/**
 * The class roster pasted at once (issue 14): one `wallet[,notes]` per line. Every bad line is reported by
 * its number and then nothing is added; otherwise the new wallets are added and their welcome grants claimed
 * in one transaction (with the signed message), and the grants are sent after it commits. A wallet already
 * listed is skipped, and its grant, if unfinished, is sent again (never twice: welcome-grant.ts).
 */
import { messages } from "@classcoin/shared/messages";
import { parseRoster, type RosterResult } from "@classcoin/shared/treasury";
import type { AdminGrant } from "../../auth/admin";
import { whitelist } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { validationFailed } from "../../http-errors";
import { toEntry } from "./service";
import { claimWelcomeGrants, readWelcomeGrants, sendWelcomeGrantsAfterAdding } from "./welcome-grant";

const t = messages.treasury;

export async function addRoster(deps: AppDeps, grant: AdminGrant, list: string): Promise<RosterResult> {
  const { lines, errors } = parseRoster(list);
  if (errors.length > 0) throw validationFailed(errors);
  const wallets = lines.map((l) => l.wallet);
  const { added, skipped } = await deps.database.db.transaction(async (tx) => {
    await grant.consume(tx);
    const inserted = await tx
      .insert(whitelist)
      .values(lines.map((l) => ({ wallet: l.wallet, notes: l.notes })))
      .onConflictDoNothing()
      .returning();
    const fresh = new Set(inserted.map((row) => row.wallet));
    await claimWelcomeGrants(tx, deps, [...fresh]);
    const byLine = new Map<string, number>(lines.map((l) => [l.wallet, l.line]));
    return {
      added: inserted.sort((a, b) => (byLine.get(a.wallet) ?? 0) - (byLine.get(b.wallet) ?? 0)).map(toEntry),
      skipped: lines
        .filter((l) => !fresh.has(l.wallet))
        .map((l) => ({ line: l.line, wallet: l.wallet, reason: t.rosterAlreadyListed as string })),
    };
  });
  // The listed wallets' grants before sending: a part sent now (ETH once skipped for want of it, a failed
  // payment) is said on its line and in the summary, not "already on the whitelist" as if nothing was sent.
  const before = new Map(
    (
      await readWelcomeGrants(
        deps.database.db,
        skipped.map((s) => s.wallet),
      )
    ).map((g) => [g.wallet, g]),
  );
  const { grants, notSent } = await sendWelcomeGrantsAfterAdding(deps, wallets);
  const after = new Map(grants.map((g) => [g.wallet, g]));
  const sentAgain = skipped.filter((s) => {
    const [was, now] = [before.get(s.wallet), after.get(s.wallet)];
    return was && now && (was.ccTxHash !== now.ccTxHash || was.ethTxHash !== now.ethTxHash);
  });
  for (const s of sentAgain) s.reason = t.rosterAlreadyListedGrantSent;
  return {
    success: true,
    message: [t.rosterAdded(added.length, skipped.length, sentAgain.length), notSent].filter(Boolean).join(". "),
    added,
    skipped,
    grants,
  };
}
