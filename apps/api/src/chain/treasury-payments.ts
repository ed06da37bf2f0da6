/**
 * Payments from the treasury (the token owner's key): bounty rewards, awards, welcome grants, deploy chunks.
 * One rule makes them pay once, through crashes, retries and several instances:
 *
 * 1. The transaction is signed here (nonce chosen here) and recorded in `treasury_payments` with its hash and
 *    raw bytes, in the caller's database transaction (with the caller's own checks and row locks), and only
 *    broadcast after that commits. A `purpose` can have one live payment (a partial unique index): a second
 *    one is refused by the database, whatever process tries it.
 * 2. A recorded payment is settled from the chain (`settle`): a receipt → `mined` or `reverted`; no receipt
 *    and the treasury's mined nonce past the payment's nonce, CONFIRMATIONS blocks deep → `dropped` (another
 *    transaction took that nonce, so these bytes can never be mined); otherwise still pending, and the same
 *    bytes are broadcast again (same hash, same nonce: mined at most once). Only `dropped`/`reverted` frees
 *    the purpose.
 * 3. A recorded payment the base fee has priced out is signed again at its nonce with a higher fee cap by the
 *    settler (`repriceOpen`): the old row turns `replaced`, the copy is the live row of the purpose, and the
 *    rows naming the payment follow it. The chain mines at most one of them (one nonce); settling records
 *    that one and drops the others, whichever it is.
 *
 * 4. A payment whose bytes no node holds (a broadcast refused, an eviction) does not hold back the next one:
 *    that one takes the nonce the node counts as next, which may be its nonce. From then on the older
 *    payment is superseded: never broadcast or signed again, so its bytes cannot take the nonce back from the
 *    newer one (a rehearsal saw a welcome grant re-sent by the other server's settler replace an award that
 *    was then answered "failed on chain"); it is dropped once the newer one is mined, freeing its purpose.
 *
 * Signing and broadcasting are serialized per treasury: in this process by a promise chain, and across the
 * instances on one PostgreSQL by an advisory lock held from reading the pending nonce until the broadcast, so
 * the next instance's read counts it (two instances relaying two students' transfers at once used to sign the
 * same nonce: one was refused by the node and answered 502).
 * The indexer reads `description` by transaction hash to show these payments as type `system`.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type Account,
  type Chain,
  createWalletClient,
  encodeFunctionData,
  formatEther,
  formatGwei,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseTransaction,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Config } from "../config";
import type { Database, Db, Tx } from "../db/client";
import { treasuryPayments } from "../db/schema";
import { allowLongStatements } from "../db/statement-timeout";
import type { AppDeps } from "../deps";
import { chainFor } from "./clients";
import { movePaymentReferences } from "./payment-references";
import { pendingCostsByNonce } from "./unmined-payments";

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

export type PaymentCall =
  /** `mintBatch(to, amountWei)`: `amountWei` CC to each address. */
  | { kind: "mint"; to: `0x${string}`[]; amountWei: bigint }
  /** `amountWei` of the chain's native coin (gas money). */
  | { kind: "native"; to: `0x${string}`; amountWei: bigint }
  /** A holder's signed EIP-3009 `transferWithAuthorization` (bytes signature), submitted for them. */
  | {
      kind: "relay";
      from: `0x${string}`;
      to: `0x${string}`;
      amountWei: bigint;
      validAfter: bigint;
      validBefore: bigint;
      nonce: Hex;
      signature: Hex;
    };

export interface PaymentOrder {
  /** What the payment is for; one live payment per purpose (`bounty:12`, `welcome-eth:0xabc…`). */
  purpose: string;
  kind: "bounty" | "award" | "welcome" | "deploy" | "relay";
  /** The explorer's description of its Transfer logs (type `system`); null keeps the plain type. */
  description: string | null;
  call: PaymentCall;
}

/** A payment's outcome so far (a `replaced` transaction's payment goes on as its re-signed copy). */
export type PaymentStatus = "signed" | "mined" | "reverted" | "dropped";

/** A payment's outcome and its transaction: the one mined, or the one the chain may still mine. */
export interface SettledPayment {
  status: PaymentStatus;
  hash: string;
}

/** A payment `settleOpen` found mined. */
export type MinedLate = Pick<
  typeof treasuryPayments.$inferSelect,
  "txHash" | "kind" | "description" | "toWallets" | "amountWei"
>;

/** The purpose already has a live payment (signed or mined); nothing was signed. */
export class PurposeTaken extends Error {
  constructor(readonly purpose: string) {
    super(`a treasury payment for ${purpose} is already recorded`);
    this.name = "PurposeTaken";
  }
}

/** The treasury cannot pay a payment's gas: the node refused to estimate or accept it for want of funds. */
export class TreasuryOutOfGas extends Error {
  constructor(
    readonly address: `0x${string}`,
    readonly balanceWei: bigint,
    /**
     * Signed and recorded, refused only when broadcast: every server's settler sends it again (once a minute)
     * and it goes out once the treasury has the ETH; nothing pays it twice.
     */
    readonly queued = false,
    /** The payments recorded and not sent (when `queued`). */
    readonly hashes: string[] = [],
  ) {
    super(`the treasury ${address} has too little native coin for gas (${balanceWei} wei)`);
    this.name = "TreasuryOutOfGas";
  }
}

/**
 * How nodes word a sender that cannot pay: they refuse a transaction costing more than its balance
 * ("insufficient funds"), and geth and anvil cap an estimate's gas at what the balance buys ("gas required
 * exceeds allowance"), which they also say of a call needing more than a block's gas: that one counts only
 * when the balance could not buy a block's gas (`BLOCK_GAS`).
 */
const INSUFFICIENT_FUNDS = /insufficient funds/i;
const OVER_ALLOWANCE = /exceeds allowance|gas required exceeds/i;
const BLOCK_GAS = 30_000_000n;

export type Sign = (order: PaymentOrder) => Promise<Hash>;

/** Where the settler says what it did on its own: a payment re-signed, or one it could not re-sign. */
export interface SettleLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface TreasuryPayments {
  address: `0x${string}`;
  /**
   * Runs `work` in one database transaction; each `sign(order)` inside it signs a payment and records it in
   * that transaction (throwing `PurposeTaken` when its purpose has a live payment). After the commit the
   * signed transactions are broadcast in order; if `work` throws, nothing is recorded or sent. A broadcast the
   * node refuses for want of ETH throws `TreasuryOutOfGas` (queued); one refused otherwise (a rate limit, a
   * timeout) returns as sent: the payment is recorded, and settling sends it again.
   */
  send<T>(work: (tx: Tx, sign: Sign) => Promise<T>): Promise<T>;
  /** Settles a recorded payment from the chain, waiting up to `timeoutMs` (default 3 min) for it to be mined. */
  settle(hash: string, options?: { timeoutMs?: number }): Promise<PaymentStatus>;
  /**
   * `settle`, with the hash of the payment's transaction now: a payment re-signed with a higher fee has another.
   * `onResigned` is told each new copy's hash while it waits (a page showing the first hash can follow it).
   */
  settlePayment(hash: string, options?: SettleOptions): Promise<SettledPayment>;
  /**
   * Re-signs with a higher fee the payments the base fee has priced out, then settles every payment still
   * `signed` (re-broadcasting its bytes), without waiting for receipts; answers the rows found mined here (for
   * what their requests, given up, did not announce).
   */
  settleOpen(options?: { log?: SettleLog }): Promise<MinedLate[]>;
  /** The fee cap per gas a payment signed now gets (the base fee's headroom plus the tip). */
  feeCap(): Promise<bigint>;
}

export interface SettleOptions {
  timeoutMs?: number;
  onResigned?: (hash: `0x${string}`) => Promise<void>;
}

const DEFAULT_SETTLE_TIMEOUT_MS = 180_000;
/**
 * The fee cap is this many times the latest base fee, plus the tip. Under EIP-1559 a transaction pays the
 * block's base fee, not its cap, so the headroom costs nothing; without it (viem's 1.2×) two full blocks on
 * Sepolia priced a payment out, and it and every later one (queued behind its nonce) waited for good.
 */
const BASE_FEE_HEADROOM = 3n;
const REBROADCAST_EVERY_MS = 15_000;
/** Receipt reads (one poll apart) before a payment whose nonce is used elsewhere counts as dropped. */
const DROPPED_LOOKS = 4;

/** One lock per treasury address and chain in this process: its nonces are handed out one signer at a time. */
const locks = new Map<string, { tail: Promise<unknown>; nextNonce: number | undefined; nextNonceAt: number }>();

function lockOf(key: string) {
  let lock = locks.get(key);
  if (!lock) {
    lock = { tail: Promise.resolve(), nextNonce: undefined, nextNonceAt: 0 };
    locks.set(key, lock);
  }
  return lock;
}

function serialized<T>(lock: { tail: Promise<unknown> }, run: () => Promise<T>): Promise<T> {
  const result = lock.tail.then(run, run);
  lock.tail = result.catch(() => undefined);
  return result;
}

const instances = new WeakMap<AppDeps, TreasuryPayments>();

/** The app's treasury payments (one per app: its database, chain client and key). */
export function treasuryPaymentsOf(deps: AppDeps): TreasuryPayments {
  let payments = instances.get(deps);
  if (!payments) {
    payments = createTreasuryPayments(deps.config, deps.chain, deps.database);
    instances.set(deps, payments);
  }
  return payments;
}

/** pg_advisory_xact_lock key of a treasury's nonces ("cctr"), with the hash of its address. */
export const TREASURY_LOCK = 0x6363_7472;

/** pg_advisory_xact_lock key of a payment's transactions ("ccpg"), with the hash of its purpose. */
const PAYMENT_GROUP_LOCK = 0x6363_7067;

/**
 * Re-signing a payment and recording its outcome take this lock first, so each reads the other's rows once
 * committed (a statement after the lock sees them; one that waited on a row lock would not see a new copy).
 */
async function lockGroup(tx: Tx, purpose: string): Promise<void> {
  // Its holder may be waiting on the chain (re-signing a payment): no time limit for this wait.
  await allowLongStatements(tx);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYMENT_GROUP_LOCK}, hashtext(${purpose}))`);
}

/** Takes the lock another instance holds while it signs and broadcasts from this treasury. */
export async function lockTreasury(tx: Tx, address: string): Promise<void> {
  // Its holder signs and broadcasts, i.e. waits on the chain: no time limit for this wait.
  await allowLongStatements(tx);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TREASURY_LOCK}, hashtext(${address.toLowerCase()}))`);
}

export function createTreasuryPayments(
  config: Config,
  chain: PublicClient,
  database: Pick<Database, "db" | "kind">,
): TreasuryPayments {
  const { db } = database;
  const account = privateKeyToAccount(config.treasuryPrivateKey);
  const wallet: WalletClient<Transport, Chain, Account> = createWalletClient({
    account,
    chain: chainFor(config),
    transport: http(config.rpcUrl, { timeout: 30_000, retryCount: 1 }),
  });
  const lock = lockOf(`${config.rpcUrl}|${account.address.toLowerCase()}`);
  const pollMs = config.chain === "local" ? 50 : 3_000;
  const nonceMemoryMs = config.chain === "local" ? 1_000 : 30_000;
  const repriceAfterSeconds = config.chain === "local" ? 0 : 15;
  /** The treasury's balance when each payment was last said to be waiting for want of ETH. */
  const warnedAt = new Map<string, bigint>();
  /**
   * When this server last sent each transaction's bytes, by hash (only the last REBROADCAST_EVERY_MS count).
   * A payment this server has just sent is not sent again at once (a call for nothing, on a metered RPC); one
   * it has not (signed by a server that stopped before sending it, or by another instance) goes out at once.
   */
  const sentAt = new Map<string, number>();
  function noteSent(hash: string): void {
    const now = Date.now();
    if (sentAt.size >= 1_000) for (const [h, at] of sentAt) if (now - at >= REBROADCAST_EVERY_MS) sentAt.delete(h);
    sentAt.set(hash, now);
  }

  function callOf(order: PaymentOrder): { to: `0x${string}`; data?: Hex; value?: bigint } {
    if (order.call.kind === "native") return { to: order.call.to, value: order.call.amountWei };
    const token = config.tokenAddress;
    if (!token) throw new Error("TOKEN_ADDRESS is not configured: the ClassCoin token has not been deployed yet");
    if (order.call.kind === "relay") {
      const c = order.call;
      return {
        to: token,
        data: encodeFunctionData({
          abi: classCoinAbi,
          functionName: "transferWithAuthorization",
          args: [c.from, c.to, c.amountWei, c.validAfter, c.validBefore, c.nonce, c.signature],
        }),
      };
    }
    return {
      to: token,
      data: encodeFunctionData({
        abi: classCoinAbi,
        functionName: "mintBatch",
        args: [order.call.to, order.call.amountWei],
      }),
    };
  }

  /** Sends signed bytes; "already known" and a nonce already used mean the chain has (had) them: not an error. */
  async function broadcast(raw: Hex, { quiet }: { quiet: boolean }): Promise<void> {
    const hash = keccak256(raw);
    noteSent(hash);
    try {
      await chain.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const text = String((error as Error)?.message ?? error).toLowerCase();
      if (text.includes("already known") || text.includes("already imported") || text.includes("nonce too low")) return;
      // Not sent: the next settle may send it at once.
      sentAt.delete(hash);
      if (!quiet) throw error;
    }
  }

  /**
   * Records the outcome of a payment's transactions (the one first signed and its re-signed copies, all at
   * one nonce): `settled` with its receipt's status, every other one `dropped`, others first (the purpose's
   * unique index allows one live row). The group is read again under its lock (`lockGroup`), as it stands
   * now: a copy the settler of another server signed since `checked` was read is dropped too, and a "dropped"
   * verdict that did not look at every copy is not recorded (false: look again). The rows naming the payment
   * follow the transaction the chain mined.
   */
  async function record(
    group: Pick<PaymentRow, "purpose" | "nonce">,
    checked: ReadonlySet<string>,
    settled: { hash: string; status: PaymentStatus },
    receipt?: { blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      await lockGroup(tx, group.purpose);
      const rows = await tx
        .select({ hash: treasuryPayments.txHash, status: treasuryPayments.status })
        .from(treasuryPayments)
        .where(and(eq(treasuryPayments.purpose, group.purpose), eq(treasuryPayments.nonce, group.nonce)));
      const open = rows.filter((r) => r.status === "signed" || r.status === "replaced").map((r) => r.hash);
      if (settled.status === "dropped" && open.some((hash) => !checked.has(hash))) return false;
      const others = open.filter((hash) => hash !== settled.hash);
      if (others.length > 0) {
        await tx
          .update(treasuryPayments)
          .set({ status: "dropped", settledAt: new Date() })
          .where(inArray(treasuryPayments.txHash, others));
      }
      await tx
        .update(treasuryPayments)
        .set({
          status: settled.status,
          settledAt: new Date(),
          ...(receipt
            ? {
                blockNumber: Number(receipt.blockNumber),
                gasUsed: Number(receipt.gasUsed),
                feeWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
              }
            : {}),
        })
        .where(
          and(eq(treasuryPayments.txHash, settled.hash), inArray(treasuryPayments.status, ["signed", "replaced"])),
        );
      if (settled.status !== "dropped") {
        await movePaymentReferences(
          tx,
          rows.map((r) => r.hash),
          settled.hash,
        );
      }
      return true;
    });
  }

  async function receiptOf(hash: Hash) {
    try {
      return await chain.getTransactionReceipt({ hash });
    } catch (error) {
      if ((error as Error).name === "TransactionReceiptNotFoundError") return undefined;
      throw error;
    }
  }

  async function membersOf(hash: string): Promise<PaymentRow[]> {
    const members = await paymentMembers(db, hash);
    if (!members) throw new Error(`no treasury payment ${hash}`);
    return members;
  }

  /**
   * The treasury's mined nonce as of CONFIRMATIONS blocks behind the head. A load-balanced RPC provider
   * answers each call from one of several nodes, a block or two apart: the newest one counts the nonce used
   * while a lagging one has no receipt for the transaction that used it. A "dropped" verdict frees the
   * purpose, and a bounty paid again is paid twice, so it waits until the nonce has been used for
   * CONFIRMATIONS blocks, as long as the indexer waits before it trusts a log. A node that has not seen that
   * block yet counts as "not yet".
   */
  async function nonceUsedSettled(): Promise<number> {
    if (config.confirmations === 0) {
      return chain.getTransactionCount({ address: account.address, blockTag: "latest" });
    }
    const head = await chain.getBlockNumber({ cacheTime: 0 });
    const settledAt = head - BigInt(config.confirmations);
    if (settledAt < 0n) return 0;
    return chain.getTransactionCount({ address: account.address, blockNumber: settledAt }).catch(() => 0);
  }

  async function settlePayment(hash: string, options: SettleOptions = {}): Promise<SettledPayment> {
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS);
    /** When its bytes last went out from here (`sentAt`; 0: not lately, so at once). */
    let lastBroadcast: number | undefined;
    /** The copy the caller was last told of (or the hash it gave). */
    let told = hash;
    for (;;) {
      const members = await membersOf(hash);
      const outcome = outcomeOf(members);
      const live = members.find((m) => m.status === "signed");
      if (outcome.status !== "signed" || !live) return outcome;
      if (live.txHash !== told) {
        told = live.txHash;
        await options.onResigned?.(live.txHash as `0x${string}`);
      }
      // The re-signed copy is the one to wait for, but the chain may have mined an earlier one first.
      const open = members.filter((m) => m.status === "signed" || m.status === "replaced").reverse();
      // The earliest of its copies: if any was not sent from here lately, all go out at once.
      lastBroadcast ??= Math.min(...open.map((m) => sentAt.get(m.txHash) ?? 0));
      const checked = new Set(open.map((m) => m.txHash));
      const mined = async () => {
        for (const m of open) {
          const receipt = await receiptOf(m.txHash as Hash);
          if (receipt) return { m, receipt };
        }
        return undefined;
      };
      let found = await mined();
      if (!found) {
        if ((await nonceUsedSettled()) > live.nonce) {
          // The nonce is used; by one of these only if its receipt shows up (read after the count). A node can
          // report the nonce a moment before it serves the receipt (load-balanced RPC providers; anvil on a
          // loaded machine is the likely cause of an award reported failed in one CI run), so look a few times.
          for (let look = 1; !found && look < DROPPED_LOOKS; look++) {
            await new Promise((resolve) => setTimeout(resolve, pollMs));
            found = await mined();
          }
          if (!found) {
            // Not recorded if another server re-signed it meanwhile (a copy not looked at): look again.
            if (await record(live, checked, { hash: live.txHash, status: "dropped" })) {
              return { status: "dropped", hash: live.txHash };
            }
            continue;
          }
        }
      }
      if (found) {
        const status = found.receipt.status === "success" ? "mined" : "reverted";
        await record(live, checked, { hash: found.m.txHash, status }, found.receipt);
        continue; // read back: another server may have recorded it first
      }
      if (Date.now() - lastBroadcast >= REBROADCAST_EVERY_MS && !(await isSuperseded(db, live.txHash))) {
        // The newest copy first, then the earlier bytes: a copy the treasury's ETH no longer covers (it was
        // priced at what the balance bought, and the treasury has paid other things since) is refused, while
        // the first bytes go through once the fee falls back under their cap. A node keeps whichever it can.
        for (const m of open) await broadcast(m.rawTx as Hex, { quiet: true });
        lastBroadcast = Date.now();
      }
      if (Date.now() >= deadline) return { status: "signed", hash: live.txHash };
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * Signs again, with a higher fee, each open payment whose fee cap the base fee has passed: such bytes wait
   * until the fee falls, and every later payment of the treasury waits behind their nonce (bounty rewards,
   * awards, grants, and every student's gasless transfer). Same nonce and call: the chain mines one of the
   * two at most, and a wallet watching the first hash sees it "repriced" (viem) and follows the new one.
   * The fee cap is the base fee's headroom again, at least 1/8 above the old one, as is the tip (nodes
   * refuse a replacement bumped by less than 10 %); the fee paid is still the block's base fee plus the tip.
   */
  async function repriceOpen(log: SettleLog | undefined): Promise<number> {
    // Not one signed a moment ago: its broadcast is done (settleOpen waits for the treasury's lock), but may
    // not have reached the other nodes yet, and the fee seen now may be a moment's peak.
    const open = await db
      .select()
      .from(treasuryPayments)
      .where(
        and(
          eq(treasuryPayments.status, "signed"),
          sql`${treasuryPayments.createdAt} < now() - ${repriceAfterSeconds}::int * interval '1 second'`,
          // A copy at its nonce would compete with the newer payment that took it (rule 4).
          sql`NOT ${supersededNow}`,
        ),
      )
      .orderBy(asc(treasuryPayments.nonce));
    if (open.length === 0) return 0;
    const block = await chain.getBlock({ blockTag: "latest" });
    const baseFee = block.baseFeePerGas;
    if (baseFee === null || baseFee === undefined) return 0;
    const used = await chain.getTransactionCount({ address: account.address, blockTag: "latest" });
    let tip: bigint | undefined;
    /** The treasury's balance as read. */
    let balance: bigint | undefined;
    /**
     * What the treasury's transactions waiting in the node's pool may cost at their caps, per nonce: a node
     * (geth's pool) refuses a transaction that would take the sender's pending total past its balance, so a
     * copy's budget is the balance less the others (later payments within their cap, copies of an earlier
     * round or signed just before), and a copy takes the place of its nonce's old cost.
     */
    let waiting: Map<number, bigint> | undefined;
    let repriced = 0;
    for (const row of open) {
      if (row.nonce < used) continue; // mined or dropped: settling records which
      const signed = parseTransaction(row.rawTx as Hex);
      if (signed.type !== "eip1559" || signed.maxFeePerGas === undefined || signed.maxPriorityFeePerGas === undefined)
        continue;
      if (signed.maxFeePerGas >= baseFee) continue;
      tip ??= await chain.estimateMaxPriorityFeePerGas();
      const bump = (fee: bigint) => fee + fee / 8n + 1n;
      const maxPriorityFeePerGas = max(tip, bump(signed.maxPriorityFeePerGas));
      const least = max(baseFee + maxPriorityFeePerGas, bump(signed.maxFeePerGas));
      // A node refuses a transaction whose gas at its cap costs more than the treasury has; with less ETH than
      // the headroom needs, the cap is what the balance buys (and nothing is re-signed below `least`).
      balance ??= await chain.getBalance({ address: account.address });
      waiting ??= await waitingCosts(used);
      const others = [...waiting.entries()].reduce((sum, [n, cost]) => (n === row.nonce ? sum : sum + cost), 0n);
      const left = balance - others;
      const gas = signed.gas ?? 0n;
      const affordable = gas > 0n ? (left - (signed.value ?? 0n)) / gas : 0n;
      const maxFeePerGas = min(max(baseFee * BASE_FEE_HEADROOM + maxPriorityFeePerGas, least), affordable);
      if (maxFeePerGas < least) {
        // The payment waits, as it would anyway; the instructor is the one who can change that. Said once per
        // payment and balance: the settler comes back every minute until the fee falls or ETH arrives.
        if (warnedAt.get(row.txHash) === balance) continue;
        warnedAt.set(row.txHash, balance);
        log?.warn(
          `Treasury payment ${row.txHash} (${row.purpose}) is priced out by the base fee (${formatGwei(baseFee)} gwei, its cap ${formatGwei(signed.maxFeePerGas)} gwei) and the treasury ${account.address} has too little ETH (${formatEther(balance)} ETH${others > 0n ? `, of which ${formatEther(others)} covers its other payments waiting to be mined` : ""}) to sign it again above it: it waits until the fee falls, or send the treasury some ETH.`,
        );
        continue;
      }
      const raw = await wallet.signTransaction({
        chainId: signed.chainId,
        type: "eip1559",
        nonce: row.nonce,
        gas: signed.gas,
        ...(signed.to ? { to: signed.to } : {}),
        ...(signed.data ? { data: signed.data } : {}),
        ...(signed.value ? { value: signed.value } : {}),
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      const replaced = await db.transaction(async (tx) => {
        await lockGroup(tx, row.purpose);
        const [taken] = await tx
          .update(treasuryPayments)
          .set({ status: "replaced", settledAt: new Date() })
          .where(and(eq(treasuryPayments.txHash, row.txHash), eq(treasuryPayments.status, "signed")))
          .returning({ hash: treasuryPayments.txHash });
        if (!taken) return false; // settled or re-signed by another server meanwhile
        const { txHash: _old, rawTx: _raw, createdAt: _at, settledAt: _settled, ...same } = row;
        await tx.insert(treasuryPayments).values({ ...same, txHash: keccak256(raw), rawTx: raw, status: "signed" });
        await movePaymentReferences(tx, [row.txHash], keccak256(raw));
        return true;
      });
      if (!replaced) continue;
      warnedAt.delete(row.txHash);
      log?.info(
        `Treasury payment ${row.txHash} (${row.purpose}) was priced out by the base fee (${formatGwei(baseFee)} gwei, its cap ${formatGwei(signed.maxFeePerGas)} gwei): signed again at nonce ${row.nonce} with a cap of ${formatGwei(maxFeePerGas)} gwei as ${keccak256(raw)}.`,
      );
      // What the node counts against the balance for this nonce now, before the next one is priced.
      waiting.set(row.nonce, gas * maxFeePerGas + (signed.value ?? 0n));
      repriced++;
      await broadcast(raw, { quiet: true });
    }
    return repriced;
  }

  /** The most each nonce not yet used (`used` on) may cost the treasury: gas at its cap plus value. */
  function waitingCosts(used: number): Promise<Map<number, bigint>> {
    return pendingCostsByNonce(db, used);
  }

  async function feesWithHeadroom() {
    const [block, tip] = await Promise.all([
      chain.getBlock({ blockTag: "latest" }),
      chain.estimateMaxPriorityFeePerGas(),
    ]);
    const baseFee = block.baseFeePerGas ?? 0n;
    return { maxFeePerGas: baseFee * BASE_FEE_HEADROOM + tip, maxPriorityFeePerGas: tip };
  }

  async function recorded(tx: Tx, hash: string): Promise<boolean> {
    const rows = await tx
      .select({ hash: treasuryPayments.txHash })
      .from(treasuryPayments)
      .where(eq(treasuryPayments.txHash, hash));
    return rows.length > 0;
  }

  /**
   * Runs `run` holding the treasury's lock across instances: a transaction of its own that only holds the
   * lock, while `run` writes through other connections. PGlite is one process (and one connection, which
   * that transaction would hold): the promise chain is enough there.
   */
  function acrossInstances<T>(run: () => Promise<T>): Promise<T> {
    if (database.kind !== "postgres") return run();
    return db.transaction(async (held) => {
      await lockTreasury(held, account.address);
      return run();
    });
  }

  return {
    address: account.address.toLowerCase() as `0x${string}`,

    send(work) {
      return serialized(lock, () =>
        acrossInstances(async () => {
          const signed: Hex[] = [];
          let nonce: number | undefined;
          let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined;
          const result = await db.transaction(async (tx) => {
            const sign: Sign = async (order) => {
              if (nonce === undefined) {
                const pending = await chain.getTransactionCount({ address: account.address, blockTag: "pending" });
                // The nonce after our last broadcast, for a node slow to count it as pending (load-balanced
                // providers); only for a while: past that, a lower count means the node evicted those bytes
                // (a fee priced out), and trusting the memory would queue every payment behind the gap.
                const remembered = Date.now() - lock.nextNonceAt < nonceMemoryMs ? (lock.nextNonce ?? 0) : 0;
                nonce = Math.max(pending, remembered);
              }
              // A purpose already paid or being paid is refused before anything is estimated: the node's
              // estimate of a repeat (an authorization already used) fails first, as a raw 502.
              const [live] = await tx
                .select({ hash: treasuryPayments.txHash })
                .from(treasuryPayments)
                .where(
                  and(
                    eq(treasuryPayments.purpose, order.purpose),
                    inArray(treasuryPayments.status, ["signed", "mined"]),
                  ),
                );
              if (live) throw new PurposeTaken(order.purpose);
              fees ??= await feesWithHeadroom();
              let request = await wallet
                .prepareTransactionRequest({ ...callOf(order), nonce, ...fees })
                .catch(async (error: unknown) => {
                  // Said as what it is, for the instructor to act on, not as the node's words.
                  const text = String((error as Error)?.message ?? error);
                  const insufficient = INSUFFICIENT_FUNDS.test(text);
                  if (!insufficient && !OVER_ALLOWANCE.test(text)) throw error;
                  const balance = await chain.getBalance({ address: account.address });
                  if (!insufficient && balance >= (fees?.maxFeePerGas ?? 0n) * BLOCK_GAS) throw error;
                  throw new TreasuryOutOfGas(account.address, balance);
                });
              let raw = await wallet.signTransaction(request);
              // The same bytes already recorded: an earlier payment at this nonce whose broadcast failed (else
              // the nonce would be used). Another tip makes this one a transaction of its own (and, were the
              // earlier one still somewhere, its replacement), instead of a refusal as a "purpose taken".
              for (let bump = 0; bump < 3 && (await recorded(tx, keccak256(raw))); bump++) {
                request = await wallet.prepareTransactionRequest({
                  ...callOf(order),
                  nonce,
                  maxFeePerGas: request.maxFeePerGas + request.maxFeePerGas / 8n + 1n,
                  maxPriorityFeePerGas: request.maxPriorityFeePerGas + request.maxPriorityFeePerGas / 8n + 1n,
                });
                raw = await wallet.signTransaction(request);
              }
              const hash = keccak256(raw);
              const to = order.call.kind === "mint" ? order.call.to : [order.call.to];
              const inserted = await tx
                .insert(treasuryPayments)
                .values({
                  txHash: hash,
                  purpose: order.purpose,
                  kind: order.kind,
                  description: order.description,
                  toWallets: to.map((w) => w.toLowerCase()),
                  amountWei: order.call.amountWei.toString(),
                  native: order.call.kind === "native",
                  nonce,
                  rawTx: raw,
                })
                .onConflictDoNothing()
                .returning({ hash: treasuryPayments.txHash });
              if (inserted.length === 0) throw new PurposeTaken(order.purpose);
              signed.push(raw);
              nonce++;
              return hash;
            };
            return work(tx, sign);
          });
          try {
            for (const raw of signed) await broadcast(raw, { quiet: false });
            if (nonce !== undefined) {
              lock.nextNonce = nonce;
              lock.nextNonceAt = Date.now();
            }
          } catch (error) {
            // Recorded but maybe not sent: `settle` re-broadcasts it or finds its nonce taken (dropped).
            lock.nextNonce = undefined;
            if (INSUFFICIENT_FUNDS.test(String((error as Error)?.message ?? error))) {
              const balance = await chain.getBalance({ address: account.address });
              throw new TreasuryOutOfGas(
                account.address,
                balance,
                true,
                signed.map((raw) => keccak256(raw)),
              );
            }
            // Any other refusal (a metered RPC's 429, a timeout) is no failure to report: the payment is recorded
            // and every server's settler sends its bytes until it is mined or its nonce is taken. Answered as
            // sent, so a caller follows it; answered "could not be sent", a student sent a gasless transfer
            // again and paid it twice once the settler sent the first.
          }
          return result;
        }),
      );
    },

    settle: async (hash, options) => (await settlePayment(hash, options)).status,
    settlePayment,

    async settleOpen(options = {}) {
      // Not while a payment is being signed and sent, here or on another server: one recorded and not yet
      // broadcast (a roster's welcome grants go out one by one) would be re-signed, its own broadcast then
      // refused as underpriced, and its request would answer "not sent" for a payment on its way.
      await serialized(lock, () => acrossInstances(() => repriceOpen(options.log)));
      const open = await db
        .select({
          txHash: treasuryPayments.txHash,
          kind: treasuryPayments.kind,
          description: treasuryPayments.description,
          toWallets: treasuryPayments.toWallets,
          amountWei: treasuryPayments.amountWei,
        })
        .from(treasuryPayments)
        .where(eq(treasuryPayments.status, "signed"))
        .orderBy(asc(treasuryPayments.nonce));
      const mined: MinedLate[] = [];
      for (const row of open) {
        const settled = await settlePayment(row.txHash, { timeoutMs: 0 });
        if (settled.status !== "mined") continue;
        // The re-signed copy may be the one mined: report the row of the hash the chain has.
        mined.push(settled.hash === row.txHash ? row : { ...row, txHash: settled.hash });
      }
      return mined;
    },

    async feeCap() {
      return (await feesWithHeadroom()).maxFeePerGas;
    },
  };
}

type PaymentRow = typeof treasuryPayments.$inferSelect;

/**
 * Whether a payment of another purpose was signed later at the same nonce and is live (rule 4): for a row of
 * `treasury_payments` as it appears in the outer query.
 */
const supersededNow = sql`EXISTS (SELECT 1 FROM treasury_payments AS newer
  WHERE newer.nonce = ${treasuryPayments.nonce} AND newer.purpose <> ${treasuryPayments.purpose}
    AND newer.status IN ('signed', 'mined') AND newer.created_at > ${treasuryPayments.createdAt})`;

/** Whether the payment `hash` is superseded (rule 4). */
async function isSuperseded(db: Db | Tx, hash: string): Promise<boolean> {
  const rows = await db
    .select({ hash: treasuryPayments.txHash })
    .from(treasuryPayments)
    .where(and(eq(treasuryPayments.txHash, hash), supersededNow));
  return rows.length > 0;
}

/**
 * A payment's transactions, by the hash of any of them: the one first signed and its re-signed copies (same
 * purpose, same nonce), oldest first; undefined for a hash the treasury never signed.
 */
export async function paymentMembers(db: Db | Tx, hash: string): Promise<PaymentRow[] | undefined> {
  const [row] = await db.select().from(treasuryPayments).where(eq(treasuryPayments.txHash, hash));
  if (!row) return undefined;
  return db
    .select()
    .from(treasuryPayments)
    .where(and(eq(treasuryPayments.purpose, row.purpose), eq(treasuryPayments.nonce, row.nonce)))
    .orderBy(asc(treasuryPayments.createdAt));
}

/** A payment's outcome as recorded: its mined or reverted transaction, else its live one, else dropped. */
export function outcomeOf(members: readonly Pick<PaymentRow, "txHash" | "status">[]): SettledPayment {
  const done = members.find((m) => m.status === "mined" || m.status === "reverted");
  if (done) return { status: done.status as PaymentStatus, hash: done.txHash };
  const live = members.find((m) => m.status === "signed");
  if (live) return { status: "signed", hash: live.txHash };
  // All dropped: the rows naming it name the last one signed.
  const last = members.at(-1);
  if (!last) throw new Error("a payment has at least one transaction");
  return { status: "dropped", hash: last.txHash };
}

/** Payment rows by hash, for the callers that show them (the explorer reads descriptions itself). */
export async function paymentsByHash(db: Db | Tx, hashes: string[]) {
  if (hashes.length === 0) return new Map<string, typeof treasuryPayments.$inferSelect>();
  const rows = await db
    .select()
    .from(treasuryPayments)
    .where(sql`${treasuryPayments.txHash} IN (SELECT jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb))`);
  return new Map(rows.map((r) => [r.txHash, r]));
}
