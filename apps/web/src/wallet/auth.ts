/**
 * Sign-In with Ethereum (EIP-4361) before a write: one signature per session, not per action. The server
 * keeps the session behind an httpOnly cookie; `GET /api/auth/session` says whose it is (null for none, not
 * a 401 that every browser would log as an error), so the wallet is asked to sign only when there is none
 * or it belongs to another wallet.
 */
import { authEndpoints } from "@classcoin/shared/endpoints/auth";
import { getAddress } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { Config } from "wagmi";
import { signMessage } from "wagmi/actions";
import { ApiError, callApi } from "../lib/api-client";
import { SignatureError } from "./write-errors";

const STATEMENT = "Sign in to ClassCoin with this wallet. This costs nothing and sends no transaction.";

/** The wallet of the current session, lowercased, or null. */
export async function getSessionWallet(): Promise<string | null> {
  return (await callApi(authEndpoints.session)).wallet;
}

/** The sign-in under way per wallet: two writes at once (a double click) ask the wallet to sign once. */
const signingIn = new Map<string, Promise<void>>();

export function ensureSession(wagmiConfig: Config, wallet: string, chainId: number): Promise<void> {
  const key = wallet.toLowerCase();
  const pending = signingIn.get(key);
  if (pending) return pending;
  const started = signIn(wagmiConfig, wallet, chainId).finally(() => signingIn.delete(key));
  signingIn.set(key, started);
  return started;
}

async function signIn(wagmiConfig: Config, wallet: string, chainId: number): Promise<void> {
  if ((await getSessionWallet()) === wallet.toLowerCase()) return;
  const { nonce } = await callApi(authEndpoints.nonce);
  const address = getAddress(wallet);
  const message = createSiweMessage({
    address,
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    nonce,
    version: "1",
    statement: STATEMENT,
    issuedAt: new Date(),
  });
  let signature: `0x${string}`;
  try {
    signature = await signMessage(wagmiConfig, { account: address, message });
  } catch (error) {
    throw new SignatureError(error);
  }
  try {
    await callApi(authEndpoints.verify, { body: { message, signature } });
  } catch (error) {
    // A signature the server does not accept is a signature problem for the person, not a save error.
    if (error instanceof ApiError && error.status === 401) throw new SignatureError(error);
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await callApi(authEndpoints.logout).catch(() => undefined);
}
