/**
 * anvil's deterministic development accounts (its default mnemonic). Account 0 deploys ClassCoin, owns it
 * (the treasury) and is the local admin wallet. Never use these keys on a real network.
 */

import { bytesToHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";

export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

export interface DevAccount {
  index: number;
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

function derive(index: number): DevAccount {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error("could not derive a dev account key");
  return { index, address: account.address, privateKey: bytesToHex(key) };
}

/** The ten accounts anvil funds with 10,000 ETH each at start. */
export const devAccounts: readonly DevAccount[] = Array.from({ length: 10 }, (_, i) => derive(i));

export function devAccount(index: number): DevAccount {
  const account = devAccounts[index];
  if (!account) throw new Error(`anvil has no dev account ${index} (0-9)`);
  return account;
}
