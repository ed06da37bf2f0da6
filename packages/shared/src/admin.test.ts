import { describe, expect, it } from "vitest";
import { addWhitelistSchema, adminAction, adminExtrasOf, buildAdminMessage, createBountySchema } from "./admin";

describe("admin message scheme", () => {
  it("names the action after the method and the path below /api/admin, without path parameters", () => {
    expect(adminAction("GET", "/api/admin/dashboard")).toBe("admin_get_dashboard");
    expect(adminAction("GET", "/dashboard/:wallet")).toBe("admin_get_dashboard");
    expect(adminAction("POST", "/api/admin/profiles/archive")).toBe("admin_post_profiles_archive");
    expect(adminAction("POST", "/api/admin/bounties/cross-out")).toBe("admin_post_bounties_cross_out");
    expect(adminAction("POST", "/api/admin/deploy-classcoin")).toBe("admin_post_deploy_classcoin");
    expect(adminAction("POST", "/api/admin/deploy-ClassCoin")).toBe("admin_post_deploy_classcoin");
    expect(adminAction("post", "/api/admin/bounties")).toBe("admin_post_bounties");
  });

  it("builds JSON with the ms timestamp, action, lowercased wallet and the extras", () => {
    const message = buildAdminMessage({
      action: "admin_post_posts_hide",
      wallet: "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      extras: { postId: "7", hide: true },
      timestamp: 1_700_000_000_000,
    });
    expect(JSON.parse(message)).toEqual({
      timestamp: 1_700_000_000_000,
      action: "admin_post_posts_hide",
      wallet: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
      postId: "7",
      hide: true,
    });
  });

  it("binds the message to the site it is signed on, right after the wallet, when given", () => {
    const message = buildAdminMessage({
      action: "admin_post_posts_hide",
      wallet: "0xADMIN",
      extras: { postId: "7", hide: true },
      timestamp: 1,
      site: "https://class.example",
    });
    expect(message).toBe(
      '{"timestamp":1,"action":"admin_post_posts_hide","wallet":"0xadmin","site":"https://class.example","postId":"7","hide":true}',
    );
    // A body field called `site` cannot pass for the message's own.
    expect(adminExtrasOf({ site: "x" })).toEqual({ targetSite: "x" });
  });

  it("signs a body field named like a message key as target<Name>, so the message's wallet stays the admin's", () => {
    const message = buildAdminMessage({
      action: "admin_post_profiles_archive",
      wallet: "0xADMIN",
      extras: { wallet: "0xStudent", archive: true },
      timestamp: 1,
    });
    expect(JSON.parse(message)).toEqual({
      timestamp: 1,
      action: "admin_post_profiles_archive",
      wallet: "0xadmin",
      targetWallet: "0xStudent",
      archive: true,
    });
    expect(() => adminExtrasOf({ wallet: "a", targetWallet: "b" })).toThrow(/cannot both be fields/);
    expect(adminExtrasOf({ adminWallet: "a", message: "m", signature: "s", postId: "1" })).toEqual({ postId: "1" });
  });

  it("validates the bounty form and the whitelist wallet with the spec's rules", () => {
    expect(createBountySchema.safeParse({ title: "T", description: "D", reward: 0 }).success).toBe(false);
    expect(createBountySchema.safeParse({ title: " ", description: "D", reward: 5 }).success).toBe(false);
    expect(createBountySchema.safeParse({ title: "T", description: "D", reward: 1 }).success).toBe(true);
    const missing = addWhitelistSchema.safeParse({ wallet: "" });
    expect(missing.success || missing.error.issues[0]?.message).toBe("Wallet address is required");
  });
});
