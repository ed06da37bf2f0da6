/** How the archive writes amounts and transaction types (as the live explorer does). */
import type { TransactionType } from "@classcoin/shared/entities";

const transactionTypeLabels: Record<TransactionType, string> = {
  project_tip: "Project tip",
  transfer: "Transfer",
  forum_reward: "Forum reward",
  system: "System",
  mint: "Mint",
  burn: "Burn",
};

export function typeLabel(type: string): string {
  return transactionTypeLabels[type as TransactionType] ?? type;
}

export function formatCc(amount: number, symbol: string): string {
  return `${amount.toLocaleString("en-US", { maximumFractionDigits: 4 })} ${symbol}`;
}

/** "3 posts", "1 post". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
