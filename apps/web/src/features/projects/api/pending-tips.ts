/**
 * Tips sent and not yet reported, kept in the browser: a tip is reported (`POST /api/projects/send-coin`)
 * only once its transfer is mined, and a page reloaded or closed while it waited for its block (a minute or
 * more on a slow Sepolia) lost it: the coins moved, the project's total did not, and the explorer showed a
 * plain transfer. The projects page reports what is left here (resume-pending-tips.ts).
 */
export interface PendingTip {
  txHash: `0x${string}`;
  fromWallet: string;
  toWallet: string;
  amount: number;
  projectId: string;
  projectNumber: number;
  sentAt: number;
  /**
   * Sent by the class treasury (a gasless tip): in a fee spike the treasury signs it again under another hash,
   * which the server names (`GET /api/relay/transfers/:hash`).
   */
  relayed?: boolean;
}

const KEY = "classcoin-pending-tips";
/** Older ones are dropped unreported: a transfer not mined in a day is not coming. */
const MAX_AGE_MS = 24 * 60 * 60_000;

export function readPendingTips(): PendingTip[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? "[]") as PendingTip[];
    return Array.isArray(stored) ? stored.filter((tip) => Date.now() - tip.sentAt < MAX_AGE_MS) : [];
  } catch {
    return [];
  }
}

function write(tips: PendingTip[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(tips));
  } catch {
    // Storage full or off (a private window): the tip is still reported by the page that sent it.
  }
}

export function rememberPendingTip(tip: PendingTip): void {
  write([...readPendingTips().filter((t) => t.txHash !== tip.txHash), tip]);
}

export function forgetPendingTip(txHash: string): void {
  write(readPendingTips().filter((t) => t.txHash !== txHash));
}

/** Tips this tab is waiting for and reporting now: the projects page leaves them to the request that sent them. */
export const beingReported = new Set<string>();
