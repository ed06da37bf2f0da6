/**
 * The sign-in before a write, with the wallet's signature request left unanswered (its window closed without a
 * choice). The wallet and the server are stand-ins: wagmi's signMessage never settles the first time, and the
 * session and nonce reads answer as the API does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "wagmi";
import { ensureSession, SIGN_IN_ANSWER_MS } from "./auth";
import { SignatureError } from "./write-errors";

const signMessage = vi.hoisted(() => vi.fn());
vi.mock("wagmi/actions", () => ({ signMessage }));

const wallet = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("window", { location: { host: "localhost:5173", origin: "http://localhost:5173" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://localhost:5173").pathname;
      const body = path === "/api/auth/session" ? { wallet: null } : { nonce: "abcdefgh12345678" };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signMessage.mockReset();
});

describe("the sign-in before a write", () => {
  it("behavior: a signature request the wallet never answers fails the write as a refused signature (the catalogue's signature error); the next write asks again", async () => {
    signMessage.mockReturnValueOnce(new Promise(() => {}));
    const first = ensureSession({} as Config, wallet, 31337).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SIGN_IN_ANSWER_MS - 1);
    expect(signMessage).toHaveBeenCalledTimes(1);
    // Before: it waited for ever ("Posting…", disabled, until a reload).
    await vi.advanceTimersByTimeAsync(1);
    const error = await first;
    expect(error).toBeInstanceOf(SignatureError);

    // Trying again asks the wallet again (the unanswered request no longer stands for the sign-in).
    signMessage.mockReturnValueOnce(new Promise(() => {}));
    const second = ensureSession({} as Config, wallet, 31337).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(signMessage).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SIGN_IN_ANSWER_MS);
    expect(await second).toBeInstanceOf(SignatureError);
  });
});
