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

/**
 * A holder's share of the supply (0.25 = 25%), to two decimals, so shares read at one precision down the
 * list (999 CC and 1,003 CC of a million both read 0.1%, not 0.0999% and 0.1%); a holder with less than
 * 0.01% reads "<0.01%" rather than a misleading 0%.
 */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent > 0 && percent < 0.01) return "<0.01%";
  return `${percent.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** Spec §4: completed is green, any other status amber. */
export function statusClass(status: string): string {
  return status === "completed" ? "status status-completed" : "status status-other";
}
