/** Entities of spec §3 as the API returns them: `_id` strings, ISO dates, amounts in whole CC. */
import { z } from "zod";
import { BOUNTY_STATUSES, STAR_SIGNS, TRANSACTION_TYPES } from "./constants";

const iso = z.string();

export const profileSchema = z.object({
  _id: z.string(),
  wallet: z.string(),
  name: z.string(),
  birthday: z.string(),
  starSign: z.enum(STAR_SIGNS),
  photo: z.string().nullable(),
  bio: z.string().nullable().optional(),
  createdAt: iso,
  archived: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const bountySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  reward: z.number(),
  status: z.enum(BOUNTY_STATUSES),
  createdAt: iso,
  completedBy: z.string().nullable(),
  completedAt: iso.nullable(),
  crossedOut: z.boolean(),
  /** Set when completed through `/bounties/complete`: the student's wallet and the reward's transaction. */
  completedByWallet: z.string().nullable().optional(),
  rewardTxHash: z.string().nullable().optional(),
});
export type Bounty = z.infer<typeof bountySchema>;

export const voteTypeSchema = z.enum(["up", "down"]);
export type VoteType = z.infer<typeof voteTypeSchema>;

export const postSchema = z.object({
  _id: z.string(),
  authorWallet: z.string(),
  content: z.string(),
  createdAt: iso,
  upvotes: z.number(),
  downvotes: z.number(),
  votes: z.record(z.string(), voteTypeSchema),
  hidden: z.boolean(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  /** Comments shown under the post (visible, not deleted); beyond the spec's fields (issue 18). */
  commentCount: z.number().int().nonnegative(),
});
export type Post = z.infer<typeof postSchema>;

export const projectSchema = z.object({
  _id: z.string(),
  authorWallet: z.string(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  projectNumber: z.number().int().min(1).max(4),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  totalReceived: z.number(),
  archived: z.boolean(),
  createdAt: iso,
});
export type Project = z.infer<typeof projectSchema>;

const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const transactionSchema = z.object({
  _id: z.string(),
  type: transactionTypeSchema,
  fromWallet: z.string(),
  toWallet: z.string(),
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  fromPhoto: z.string().nullable(),
  toPhoto: z.string().nullable(),
  amount: z.number(),
  timestamp: iso,
  description: z.string().nullable(),
  status: z.string(),
  txHash: z.string(),
  blockNumber: z.number().optional(),
  logIndex: z.number().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const whitelistEntrySchema = z.object({
  _id: z.string(),
  wallet: z.string(),
  notes: z.string(),
  addedAt: iso,
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const settingsSchema = z.object({ whitelistMode: z.boolean() });
export type Settings = z.infer<typeof settingsSchema>;

export const dashboardSchema = z.object({
  profiles: z.object({ total: z.number(), archived: z.number(), totalExcludingAdmin: z.number() }),
  posts: z.object({ total: z.number(), hidden: z.number() }),
  bounties: z.object({ total: z.number(), active: z.number() }),
  projects: z.object({ total: z.number(), archived: z.number() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const explorerStatsSchema = z.object({
  totalTransactions: z.number(),
  totalVolume: z.number(),
  last24h: z.object({ transactions: z.number(), volume: z.number() }),
});
export type ExplorerStats = z.infer<typeof explorerStatsSchema>;

const paginationSchema = z.object({
  current: z.number(),
  total: z.number(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const explorerPageSchema = z.object({
  transactions: z.array(transactionSchema),
  pagination: paginationSchema,
});
export type ExplorerPage = z.infer<typeof explorerPageSchema>;

export const deployResultSchema = z.object({
  recipients: z.number(),
  amountPerProfile: z.number(),
  totalDeployed: z.number(),
});
export type DeployResult = z.infer<typeof deployResultSchema>;
