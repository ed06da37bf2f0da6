import { adminMessageSchema } from "@classcoin/shared/admin";
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { profileAdminEndpoints } from "@classcoin/shared/endpoints/profiles";
import { recoverMessageAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { signAdminCall } from "./admin-call";
import type { AdminSigner } from "./admin-signer";

const account = privateKeyToAccount(generatePrivateKey());
const signer: AdminSigner = {
  wallet: account.address.toLowerCase() as `0x${string}`,
  sign: (message) => account.signMessage({ message }),
};

describe("a signed admin call (spec §6–§7)", () => {
  it("behavior: a GET puts the admin wallet in the path and the signed message in the query", async () => {
    const { params, query, body } = await signAdminCall(signer, adminEndpoints.dashboard);
    expect(params).toEqual({ wallet: signer.wallet });
    expect(body).toBeUndefined();
    const message = adminMessageSchema.parse(JSON.parse(query?.message ?? ""));
    expect(message).toMatchObject({ action: "admin_get_dashboard", wallet: signer.wallet });
    expect(Math.abs(message.timestamp - Date.now())).toBeLessThan(5_000);
    const signedBy = await recoverMessageAddress({
      message: query?.message ?? "",
      signature: query?.signature ?? "0x",
    });
    expect(signedBy).toBe(account.address);
  });

  it("behavior: a POST sends its fields beside adminWallet, message and signature, and signs the fields too", async () => {
    const target = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    const { body, params, query } = await signAdminCall(signer, profileAdminEndpoints.archive, {
      wallet: target,
      archive: true,
    });
    expect(params).toBeUndefined();
    expect(query).toBeUndefined();
    expect(body).toMatchObject({ wallet: target, archive: true, adminWallet: signer.wallet });
    const message = JSON.parse(String(body?.message));
    // The profile's wallet is signed as targetWallet: the message's own wallet is the admin's.
    expect(message).toMatchObject({
      action: "admin_post_profiles_archive",
      wallet: signer.wallet,
      targetWallet: target,
      archive: true,
    });
    const signedBy = await recoverMessageAddress({
      message: String(body?.message),
      signature: body?.signature as `0x${string}`,
    });
    expect(signedBy).toBe(account.address);
  });
});
