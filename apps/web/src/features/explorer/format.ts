/** How the explorer writes types and amounts. */
import type { TransactionType } from "@classcoin/shared/entities";

export const transactionTypeLabels: Record<TransactionType, string> = {
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

/** Spec §4: completed is green, any other status amber. */
export function statusClass(status: string): string {
  return status === "completed" ? "status status-completed" : "status status-other";
}
