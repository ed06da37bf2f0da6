/**
 * Community members made through the real API (as a browser would: SIWE over HTTP, then a multipart
 * POST), for tests on a shared stack that need a profile no other test file touches.
 */
import { signInOverHttp } from "../../apps/api/src/security/http-sign-in";
import { freshWallet, fundWallet } from "./funding";
import type { E2EStack } from "./stack";

export interface Member {
  key: `0x${string}`;
  /** Lowercased, as the API stores it. */
  wallet: `0x${string}`;
  /** The `cookie` header value of its session. */
  cookie: string;
}

export interface NewMember {
  name: string;
  birthday?: string;
  starSign?: string;
  /** Whole CC from the treasury (a profile needs at least 1); 1 ETH for gas comes with it. */
  cc?: string;
}

/** A fresh wallet, funded, signed in, with a profile. */
export async function createMember(stack: E2EStack, member: NewMember): Promise<Member> {
  const { key, address } = freshWallet();
  const wallet = address.toLowerCase() as `0x${string}`;
  await fundWallet(stack, address, { eth: "1", cc: member.cc ?? "10" });
  const cookie = await signInOverHttp(stack.url, key);
  const form = new FormData();
  form.append("wallet", wallet);
  form.append("name", member.name);
  form.append("birthday", member.birthday ?? "2010-06-06");
  form.append("starSign", member.starSign ?? "Gemini");
  const res = await fetch(`${stack.url}/api/profiles`, { method: "POST", headers: { cookie }, body: form });
  if (!res.ok) throw new Error(`POST /api/profiles for ${member.name}: ${res.status} ${await res.text()}`);
  return { key, wallet, cookie };
}
