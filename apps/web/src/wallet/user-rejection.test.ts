import { ContractFunctionExecutionError, erc20Abi, UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { isUserRejection } from "./user-rejection";
import { SignatureError } from "./write-errors";

const bob = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as const;

describe("a request declined in the wallet", () => {
  it("behavior: a user rejection (4001) is recognised however deeply viem wraps it", () => {
    const rejected = new UserRejectedRequestError(new Error("User rejected the request."));
    const wrapped = new ContractFunctionExecutionError(rejected, {
      abi: erc20Abi,
      functionName: "transfer",
      args: [bob, 1n],
    });
    expect(isUserRejection(wrapped)).toBe(true);
    expect(isUserRejection(Object.assign(new Error("no"), { code: 4001 }))).toBe(true);
    expect(isUserRejection(new Error("execution reverted"))).toBe(false);
  });

  it("behavior: a declined sign-in signature is still a rejection under the app's own error", () => {
    const declined = new SignatureError(new UserRejectedRequestError(new Error("User rejected the request.")));
    expect(isUserRejection(declined)).toBe(true);
    expect(isUserRejection(new SignatureError(new Error("bad signature")))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
    expect(isUserRejection("4001")).toBe(false);
  });
});
