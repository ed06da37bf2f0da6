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

/**
 * How long the sign-in's signature request may go unanswered. A wallet whose window was closed without a
 * choice may never answer (MetaMask rejects; others wait), and the write that asked stayed "Posting…",
 * disabled, with no word, until a reload. After this the write fails with the catalogue's signature error,
 * and trying again asks again.
 */
export const SIGN_IN_ANSWER_MS = 90_000;

function unansweredAfter(ms: number): { promise: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The wallet did not answer the sign-in request within ${ms / 1000} s`)),
      ms,
    );
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

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
  const unanswered = unansweredAfter(SIGN_IN_ANSWER_MS);
  try {
    signature = await Promise.race([signMessage(wagmiConfig, { account: address, message }), unanswered.promise]);
  } catch (error) {
    throw new SignatureError(error);
  } finally {
    unanswered.cancel();
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
