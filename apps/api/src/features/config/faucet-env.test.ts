/** The faucet command the app prints names a non-default stack's data folder and anvil port. */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { faucetEnv } from "./faucet-env";

describe("faucetEnv", () => {
  it("behavior: the default stack needs nothing; another data folder or anvil port is named", () => {
    const local = { chain: "local" as const, dataDir: resolve("data"), rpcUrl: "http://127.0.0.1:8545" };
    expect(faucetEnv(local)).toBe("");
    expect(faucetEnv({ ...local, dataDir: "/tmp/class 7" })).toBe("DATA_DIR='/tmp/class 7'");
    expect(faucetEnv({ ...local, rpcUrl: "http://127.0.0.1:8617" })).toBe("ANVIL_PORT=8617");
    expect(faucetEnv({ ...local, dataDir: "/tmp/x", rpcUrl: "http://localhost:9000" })).toBe(
      "DATA_DIR=/tmp/x ANVIL_PORT=9000",
    );
    expect(faucetEnv({ ...local, rpcUrl: "http://10.0.0.5:8545" })).toBe("RPC_URL=http://10.0.0.5:8545");
    expect(faucetEnv({ ...local, chain: "sepolia" })).toBe("");
  });
});
