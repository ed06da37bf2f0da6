/**
 * A class member for API tests: a fresh wallet (a key no other test uses), its profile unless
 * `profile: false`, and a signed-in session cookie.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { profiles } from "../db/schema";
import type { TestApp } from "./app";
import { signIn } from "./sign-in";

export interface TestMember {
  key: `0x${string}`;
  /** Lowercased, as the API stores it. */
  wallet: `0x${string}`;
  name: string;
  cookie: string;
}

export async function newMember(
  t: TestApp,
  name: string,
  options: { profile?: boolean; photo?: string } = {},
): Promise<TestMember> {
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
  if (options.profile !== false) {
    await t.database.db
      .insert(profiles)
      .values({ wallet, name, birthday: "2009-05-05", starSign: "Gemini", photo: options.photo ?? null });
  }
  return { key, wallet, name, cookie: await signIn(t, key) };
}
