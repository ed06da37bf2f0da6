/**
 * Admin calls (spec §6–§7): the signed-message scheme shared by the API (which verifies it) and the web
 * admin panel (which builds and signs it), and the request/response schemas of every admin call.
 *
 * A call carries `message = JSON.stringify({timestamp, action, wallet, ...extras})` and its EIP-191
 * (personal_sign) signature: `timestamp` in ms, `wallet` lowercased, `action` derived from the call's method
 * and path, and `extras` exactly the call's body fields (none for GET calls). The admin panel also signs
 * `site`, the origin it runs on, so a message sent to one deployment cannot be replayed on another that has
 * the same admin wallet (a class's two sections, a test server); the server refuses a `site` not its own and
 * accepts a message without one, as the spec writes them.
 */
import { z } from "zod";
import { BOUNTY_STATUSES } from "./constants";
import { messages } from "./messages";
import { booleanish, idSchema, signatureSchema, walletSchema } from "./primitives";

/** Keys of the admin message itself (`site` optional); any other key is an extra and must equal a body field. */
export const ADMIN_MESSAGE_KEYS = ["timestamp", "action", "wallet", "site"] as const;
/** Body fields that authenticate a POST call and therefore are not extras. */
const ADMIN_AUTH_FIELDS = ["adminWallet", "message", "signature"] as const;

export type AdminMethod = "GET" | "POST";

/**
 * The action name of an admin call: `admin_<method>_<path after /api/admin/ with / and - as _>`.
 * Path parameters (`:wallet`) are not part of it, so pass the route pattern or the path without the wallet:
 * `adminAction("GET", "/api/admin/dashboard")` → `admin_get_dashboard`,
 * `adminAction("POST", "/api/admin/bounties/cross-out")` → `admin_post_bounties_cross_out`.
 */
export function adminAction(method: AdminMethod | Lowercase<AdminMethod>, path: string): string {
  const rest = path
    .split("?")[0]!
    .replace(/^\/?(api\/)?admin\/?/, "")
    .split("/")
    .filter((segment) => segment !== "" && !segment.startsWith(":"))
    .join("_")
    .replaceAll("-", "_")
    // Spec §7's `/deploy-{product}` is `/deploy-ClassCoin`; its action is `admin_post_deploy_classcoin`,
    // whichever spelling of the path it is sent to.
    .toLowerCase();
  return `admin_${method.toLowerCase()}_${rest}`;
}

/**
 * The extras of a call: its body fields without adminWallet/message/signature. A body field named like one of
 * the message's own keys is signed as `target` + its name (`wallet` → `targetWallet`): in
 * `/profiles/archive {wallet, archive}` the message's `wallet` stays the admin's and the profile's wallet
 * is still covered by the signature.
 */
export function adminExtrasOf(fields: Record<string, unknown>): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if ((ADMIN_AUTH_FIELDS as readonly string[]).includes(key)) continue;
    const name = (ADMIN_MESSAGE_KEYS as readonly string[]).includes(key)
      ? `target${key[0]!.toUpperCase()}${key.slice(1)}`
      : key;
    if (name in extras || (name !== key && name in fields)) {
      throw new Error(`"${key}" and "${name}" cannot both be fields of an admin call`);
    }
    extras[name] = value;
  }
  return extras;
}

export interface AdminMessageInput {
  action: string;
  /** The admin wallet (lowercased into the message). */
  wallet: string;
  /** The call's body fields as sent (for GET calls: none); see `adminExtrasOf`. */
  extras?: Record<string, unknown>;
  /** Milliseconds since the epoch; defaults to now. */
  timestamp?: number;
  /** The origin of the site the call is for (`location.origin`); binds the signature to that deployment. */
  site?: string;
}

export function buildAdminMessage({
  action,
  wallet,
  extras = {},
  timestamp = Date.now(),
  site,
}: AdminMessageInput): string {
  const bound = site === undefined ? {} : { site };
  return JSON.stringify({ timestamp, action, wallet: wallet.toLowerCase(), ...bound, ...adminExtrasOf(extras) });
}

/** The parsed fields of a signed admin message (extras are kept as they are). */
export const adminMessageSchema = z
  .object({
    timestamp: z.number().int().nonnegative(),
    action: z.string(),
    wallet: z.string(),
    site: z.string().optional(),
  })
  .catchall(z.unknown());

/** Query of every admin GET (the wallet is in the path). */
export const adminQuerySchema = z.object({
  message: z.string().max(10_000),
  signature: signatureSchema,
});
export const adminWalletParamsSchema = z.object({ wallet: walletSchema });

/** Authentication fields added to every admin POST body. */
export const adminAuthSchema = z.object({
  adminWallet: walletSchema,
  message: z.string().max(10_000),
  signature: signatureSchema,
});

// ---- request bodies (the extras of the signed message) ----

export const archiveProfileSchema = z.object({ wallet: walletSchema, archive: booleanish });
export const hidePostSchema = z.object({ postId: idSchema, hide: booleanish });
export const archiveProjectSchema = z.object({ projectId: idSchema, archive: booleanish });

const bountyTitle = z.string().trim().min(1, "Title is required").max(200, "Title is too long (max 200 characters)");
const bountyDescription = z
  .string()
  .trim()
  .min(1, "Description is required")
  .max(5000, "Description is too long (max 5000 characters)");
const bountyReward = z.coerce
  .number({ error: "Reward must be a number" })
  .refine(Number.isFinite, "Reward must be a number")
  .min(1, "Reward must be at least 1");

export const createBountySchema = z.object({
  title: bountyTitle,
  description: bountyDescription,
  reward: bountyReward,
});
export type CreateBounty = z.output<typeof createBountySchema>;

/** Edit a bounty; optionally mark it completed (by whom) or cancelled, or active again. */
export const updateBountySchema = createBountySchema.extend({
  bountyId: idSchema,
  status: z.enum(BOUNTY_STATUSES).optional(),
  completedBy: z.string().trim().max(200).nullable().optional(),
});
export type UpdateBounty = z.output<typeof updateBountySchema>;

export const crossOutBountySchema = z.object({ bountyId: idSchema, crossOut: booleanish });
export const deleteBountySchema = z.object({ bountyId: idSchema });

export const updateSettingSchema = z.object({ key: z.literal("whitelistMode"), value: booleanish });

const requiredWallet = z
  .string({ error: messages.whitelist.walletRequired })
  .trim()
  .min(1, messages.whitelist.walletRequired)
  .pipe(walletSchema);

export const addWhitelistSchema = z.object({
  wallet: requiredWallet,
  notes: z.string().trim().max(500, "Notes are too long (max 500 characters)").optional().default(""),
});
export const removeWhitelistSchema = z.object({ wallet: requiredWallet });

export const deployClassCoinSchema = z.object({
  confirmed: z.literal(true, { error: "confirmed must be true to deploy" }),
});

// ---- responses ----

export const adminSuccessSchema = z.object({ success: z.literal(true), message: z.string() });

/** Success texts of spec §8 for the admin writes. */
export const adminSuccessMessages = {
  profileArchived: (archived: boolean) => (archived ? "Profile archived" : "Profile unarchived"),
  postHidden: (hidden: boolean) => (hidden ? "Post hidden" : "Post unhidden"),
  commentHidden: (hidden: boolean) => (hidden ? "Comment hidden" : "Comment unhidden"),
  feedPostHidden: (hidden: boolean) => (hidden ? "Feed post hidden" : "Feed post unhidden"),
  predictionsOpen: (projectNumber: number, open: boolean) =>
    open ? `Predictions for Project ${projectNumber} opened` : `Predictions for Project ${projectNumber} closed`,
  projectArchived: (archived: boolean) => (archived ? "Project archived" : "Project unarchived"),
  bountyCreated: "Bounty created",
  bountyUpdated: "Bounty updated",
  bountyCrossedOut: (crossedOut: boolean) => (crossedOut ? "Bounty crossed out" : "Bounty restored"),
  bountyDeleted: "Bounty deleted",
  whitelistMode: (enabled: boolean) => (enabled ? "Whitelist mode enabled" : "Whitelist mode disabled"),
  walletAdded: "Wallet added to the whitelist",
  walletRemoved: "Wallet removed from the whitelist",
} as const;
