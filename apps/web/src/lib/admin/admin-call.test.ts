import { adminMessageSchema } from "@classcoin/shared/admin";
import { adminEndpoints } from "@classcoin/shared/endpoints/admin";
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { profileAdminEndpoints } from "@classcoin/shared/endpoints/profiles";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { recoverMessageAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminQueryOptions, readAdminListsAgain, signAdminCall } from "./admin-call";
import type { AdminSigner } from "./admin-signer";

const account = privateKeyToAccount(generatePrivateKey());
const signer: AdminSigner = {
  wallet: account.address.toLowerCase() as `0x${string}`,
  sign: (message) => account.signMessage({ message }),
};

describe("a signed admin call (spec §6–§7)", () => {
  it("behavior: the message names the site the page is on, so another deployment refuses it", async () => {
    vi.stubGlobal("location", { origin: "https://class.example" });
    try {
      const { query } = await signAdminCall(signer, adminEndpoints.dashboard);
      expect(adminMessageSchema.parse(JSON.parse(query?.message ?? "")).site).toBe("https://class.example");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("behavior: a GET puts the admin wallet in the path and the signed message in the query", async () => {
    const { params, query, body } = await signAdminCall(signer, adminEndpoints.dashboard);
    expect(params).toEqual({ wallet: signer.wallet });
    expect(body).toBeUndefined();
    const message = adminMessageSchema.parse(JSON.parse(query?.message ?? ""));
    expect(message).toMatchObject({ action: "admin_get_dashboard", wallet: signer.wallet });
    expect(message.site).toBeUndefined(); // no page here: nothing to bind to
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

describe("reading admin lists again after a live update or a refused write", () => {
  const bounty = (title: string) => ({
    _id: "1",
    title,
    description: "d",
    reward: 5,
    status: "active",
    createdAt: new Date(0).toISOString(),
    completedBy: null,
    completedAt: null,
    crossedOut: false,
  });

  /**
   * The admin's Bounties tab, loaded with the session (`Read 1`); then the server answers `answer()`. Counts
   * the requests and the wallet's prompts.
   */
  async function openTab(answer: (n: number) => Response) {
    const queryClient = new QueryClient();
    const prompts: string[] = [];
    const admin: AdminSigner = {
      ...signer,
      bySession: true,
      sign: async (message) => {
        prompts.push(message);
        return "0x";
      },
    };
    const requests: string[] = [];
    let n = 0;
    vi.stubGlobal("fetch", async (url: string) => {
      requests.push(String(url));
      n++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return n === 1 ? Response.json([bounty("Read 1")]) : answer(n);
    });
    const options = adminQueryOptions(bountyAdminEndpoints.list, admin);
    const tab = new QueryObserver(queryClient, options);
    tab.subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryData(options.queryKey)).toBeDefined());
    return { queryClient, prompts, requests, key: options.queryKey };
  }
  afterEach(() => vi.unstubAllGlobals());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it("behavior: a session signed out in another tab (403) leaves the list as it is and never asks the wallet", async () => {
    const { queryClient, prompts, requests, key } = await openTab(() =>
      Response.json({ error: "Admin signature required" }, { status: 403 }),
    );
    for (let i = 0; i < 3; i++) readAdminListsAgain(queryClient);
    await settle();
    // Before: each event refetched the list, whose read then fell back to a signed one: a prompt per event.
    expect(prompts).toEqual([]);
    expect(queryClient.getQueryData(key)).toMatchObject([{ title: "Read 1" }]);
    // One read by session; refused, it is not tried again for the rest of the burst.
    expect(requests).toHaveLength(2);
  });

  it("behavior: a burst of events is at most two reads, and the list shows the last answer", async () => {
    const { queryClient, prompts, requests, key } = await openTab((n) => Response.json([bounty(`Read ${n}`)]));
    for (let i = 0; i < 10; i++) readAdminListsAgain(queryClient, "/api/admin/bounties/");
    await settle();
    expect(requests).toHaveLength(3);
    expect(requests.every((url) => url.includes("/api/admin/bounties/"))).toBe(true);
    expect(prompts).toEqual([]);
    expect(queryClient.getQueryData(key)).toMatchObject([{ title: "Read 3" }]);
  });
});
