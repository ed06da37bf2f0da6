/**
 * The accounts of the current test file. On the run's shared anvil every file gets ten fresh accounts of
 * its own (funded with ETH by `startTestChain`), so parallel files never share a sender or a nonce; on a
 * chain of its own (and outside Vitest, e.g. the benchmarks) they are anvil's dev accounts. Inside a file,
 * account 0 owns the file's ClassCoin (treasury, admin) and 1-9 are users, as dev accounts 0-9 were.
 *
 * The helpers that take an account index (`signIn(t, 1)`, `dev(2)`, `signedAdminRequest`) resolve it here.
 * Vitest loads modules per test file, so this module's state is the file's.
 */
import { type DevAccount, devAccount } from "@classcoin/contracts/dev-accounts";

export const ACCOUNTS_PER_FILE = 10;

let accountOf: (index: number) => DevAccount = devAccount;

/** The file's admin wallet (its account 0), lowercased; follows the file's chain once it has started. */
export let ADMIN_WALLET = devAccount(0).address.toLowerCase() as `0x${string}`;

/** Called by `startTestChain`: from now on indexes resolve to these accounts. */
export function useTestAccounts(resolve: (index: number) => DevAccount): void {
  accountOf = resolve;
  ADMIN_WALLET = resolve(0).address.toLowerCase() as `0x${string}`;
}

/** The file's account `index` (0-9). */
export function testAccount(index: number): DevAccount {
  if (!Number.isInteger(index) || index < 0 || index >= ACCOUNTS_PER_FILE) {
    throw new Error(`a test file has accounts 0-${ACCOUNTS_PER_FILE - 1}, not ${index}`);
  }
  return accountOf(index);
}
