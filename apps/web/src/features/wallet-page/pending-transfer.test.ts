import { describe, expect, it } from "vitest";
import {
  forgetPendingTransfer,
  type PendingTransfer,
  pendingTransferKey,
  readPendingTransfer,
  rememberPendingTransfer,
} from "./pending-transfer";

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const bob = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as const;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as const;

const transfer: PendingTransfer = {
  hash: `0x${"ab".repeat(32)}`,
  chainId: 31337,
  token,
  from: alice,
  to: bob,
  amount: "7",
  sentAt: 1_700_000_000_000,
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("a pending transfer kept in the browser", () => {
  it("behavior: is found again for the same chain, token and wallet (any letter case), and only for them", () => {
    const storage = memoryStorage();
    rememberPendingTransfer(transfer, storage);
    expect(readPendingTransfer(31337, token.toLowerCase(), alice.toLowerCase(), storage)).toEqual(transfer);
    expect(readPendingTransfer(11155111, token, alice, storage)).toBeNull();
    expect(readPendingTransfer(31337, bob, alice, storage)).toBeNull();
    expect(readPendingTransfer(31337, token, bob, storage)).toBeNull();
  });

  it("behavior: is forgotten once finished, but not a newer one another tab stored meanwhile", () => {
    const storage = memoryStorage();
    rememberPendingTransfer(transfer, storage);
    const newer = { ...transfer, hash: `0x${"cd".repeat(32)}` as const };
    rememberPendingTransfer(newer, storage);
    forgetPendingTransfer(transfer, storage);
    expect(readPendingTransfer(31337, token, alice, storage)).toEqual(newer);
    forgetPendingTransfer(newer, storage);
    expect(readPendingTransfer(31337, token, alice, storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("behavior: something else under its key (edited, an older shape) is not taken for a transfer", () => {
    const storage = memoryStorage();
    const key = pendingTransferKey(31337, token, alice);
    for (const junk of ["not json", "null", JSON.stringify({ ...transfer, hash: "0x12" }), JSON.stringify([1])]) {
      storage.setItem(key, junk);
      expect(readPendingTransfer(31337, token, alice, storage)).toBeNull();
    }
  });

  it("behavior: storage that throws (full, or off in a private window) neither breaks nor remembers", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => rememberPendingTransfer(transfer, broken)).not.toThrow();
    expect(readPendingTransfer(31337, token, alice, broken)).toBeNull();
    expect(() => forgetPendingTransfer(transfer, broken)).not.toThrow();
  });
});
