/**
 * Demo data for a first local start: six students (anvil dev accounts 1-6) funded on chain from the
 * treasury, with profiles, posts, votes, project submissions and bounties in every state. It runs only
 * on the local chain, with SEED_DEMO on, and only in a class that has not begun (no profile, bounty, archive
 * or second semester), so a second start (or a real class) is never touched. Everything goes through the
 * features' services, as a user would.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { fund } from "@classcoin/contracts/fund";
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { sql } from "drizzle-orm";
import { createWalletClient, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { invalidateBalance } from "../chain/balances";
import { chainFor } from "../chain/clients";
import { queryRows } from "../db/raw-rows";
import { archives, bounties, profiles, semesters } from "../db/schema";
import type { App } from "../deps";
import { storeImage } from "../features/images/service";
import { createPost, votePost } from "../features/posts/service";
import { insertProfile } from "../features/profiles/service";
import { saveProject } from "../features/projects/service";
import { recordTip } from "../features/tips/service";
import { artPalettes, DEMO_FUNDING_CC, demoBounties, demoPeople, demoPosts, demoProjects, demoTips } from "./community";
import { artworkPng, avatarPng } from "./pictures";

export type SeedOutcome = "seeded" | "disabled" | "not-local" | "not-empty";

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0] ?? "")
    .join("")
    .toUpperCase();

export async function seedDemoData(app: App): Promise<SeedOutcome> {
  const deps = app.deps;
  const { config } = deps;
  const { db } = deps.database;
  if (!config.seedDemo) return "disabled";
  if (config.chain !== "local" || !config.tokenAddress) return "not-local";
  // A class that has begun, even with no profile now (after "Start new semester" its students are in the
  // archive), is never seeded again: the demo students would come back, every bounty twice, paid again.
  const [begun] = await queryRows<{ begun: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${profiles}) OR EXISTS (SELECT 1 FROM ${bounties})
          OR EXISTS (SELECT 1 FROM ${archives}) OR (SELECT count(*) FROM ${semesters}) > 1 AS begun`,
  );
  if (begun?.begun) return "not-empty";

  const wallets = demoPeople.map((p) => devAccount(p.account).address.toLowerCase() as `0x${string}`);
  const walletOf = (index: number) => wallets[index] as `0x${string}`;

  // Coins first: posting and submitting check real on-chain balances.
  const treasury = createWalletClient({
    chain: chainFor(config),
    transport: http(config.rpcUrl),
    account: privateKeyToAccount(config.treasuryPrivateKey),
  });
  for (const wallet of wallets) {
    await fund(treasury, deps.chain, wallet, { token: config.tokenAddress, cc: DEMO_FUNDING_CC });
    invalidateBalance(wallet);
  }

  for (const [i, person] of demoPeople.entries()) {
    const photo = await storeImage(db, await avatarPng(initials(person.name), person.colour), "photo");
    await insertProfile(
      db,
      walletOf(i),
      { name: person.name, birthday: person.birthday, starSign: person.starSign },
      photo,
    );
  }

  for (const post of demoPosts) {
    const { post: created } = await createPost(deps, { authorWallet: walletOf(post.author), content: post.content });
    for (const [voter, type] of post.votes) {
      await votePost(db, { postId: created._id, type, voterWallet: walletOf(voter) });
    }
  }

  const projectIds: string[] = [];
  for (const [i, project] of demoProjects.entries()) {
    const bytes = await artworkPng(i + 1, artPalettes[i % artPalettes.length] ?? []);
    const saved = await saveProject(
      deps,
      {
        wallet: walletOf(project.author),
        projectNumber: project.project,
        title: project.title,
        description: project.description,
      },
      { bytes, mimetype: "image/png", filename: `demo-${i + 1}.png` },
    );
    projectIds.push(saved._id);
  }

  // Real tips: each tipper's own wallet sends the coins, then the tip is reported and checked like any other.
  for (const tip of demoTips) {
    const project = demoProjects[tip.project];
    const projectId = projectIds[tip.project];
    if (!project || !projectId) continue;
    const tipper = createWalletClient({
      chain: chainFor(config),
      transport: http(config.rpcUrl),
      account: privateKeyToAccount(devAccount(demoPeople[tip.from]?.account ?? 0).privateKey),
    });
    const toWallet = walletOf(project.author);
    const txHash = await tipper.writeContract({
      address: config.tokenAddress,
      abi: classCoinAbi,
      functionName: "transfer",
      args: [toWallet, parseUnits(String(tip.amount), TOKEN_DECIMALS)],
    });
    await deps.chain.waitForTransactionReceipt({ hash: txHash });
    await recordTip(deps, { fromWallet: walletOf(tip.from), toWallet, amount: tip.amount, projectId, txHash });
  }

  await db.insert(bounties).values(
    demoBounties(Date.now()).map(({ completedBy, ...bounty }) => ({
      ...bounty,
      // As the admin's "completed" with a student writes it: the name to show, the wallet beside it.
      completedBy: completedBy === undefined ? null : (demoPeople[completedBy]?.name ?? null),
      completedByWallet: completedBy === undefined ? null : walletOf(completedBy),
    })),
  );
  return "seeded";
}

/**
 * The start hook (start-hooks.ts runs it with its context; typed here by shape, so the two modules do not
 * import each other): demo data is a convenience, so a failure is reported and the app still starts.
 */
export async function seedDemoStartHook(app: App, context: { log: (line: string) => void }): Promise<void> {
  try {
    if ((await seedDemoData(app)) === "seeded") {
      context.log(
        `Demo data created: ${demoPeople.length} students (dev accounts 1-${demoPeople.length}) with profiles, ` +
          "posts, project submissions and bounties. Set SEED_DEMO=false to start empty.",
      );
    }
  } catch (error) {
    context.log(`Demo data could not be created: ${(error as Error).message}`);
  }
}
