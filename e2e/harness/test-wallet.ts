/**
 * An injected EIP-1193 wallet for end-to-end tests. In the page it is `window.ethereum` and announces itself
 * over EIP-6963; every request crosses to Node, where a real viem account signs and a real anvil answers.
 * The test controls it like a person would: approve or reject (code 4001) requests, change account or chain.
 */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { Page } from "playwright-core";
import {
  type Account,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  type TransactionRequest,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";

export interface TestWalletOptions {
  rpcUrl: string;
  /** anvil dev account index or a private key; default account 1 (account 0 is the admin). */
  signer?: number | Hex;
  /** The chain id the wallet reports at start (default 31337, the local chain). */
  chainId?: number;
  /**
   * Chains the wallet knows, so `wallet_switchEthereumChain` to them succeeds (default: 31337 only; any
   * other answers 4902). A Sepolia rehearsal on anvil with chain id 11155111 adds it here.
   */
  chains?: number[];
  /** Whether the site is already authorised (eth_accounts returns the account without a prompt). */
  authorised?: boolean;
  /** Announce via EIP-6963 under this name (default "Test Wallet"). */
  name?: string;
}

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export class TestWallet {
  account: Account;
  chainId: number;
  authorised: boolean;
  /** Methods that answer 4001 (user rejected) until cleared, e.g. "personal_sign", "eth_sendTransaction". */
  readonly rejecting = new Set<string>();
  /**
   * Methods the person never answers (a wallet popup closed without a choice: some wallets then never reject),
   * e.g. "eth_requestAccounts": the page's request stays pending until the page is closed.
   */
  readonly unanswered = new Set<string>();
  /** Every request the page made, in order (method names). */
  readonly calls: string[] = [];
  /** Every request the page made, in order, with its parameters. */
  readonly requests: { method: string; params: unknown }[] = [];
  private readonly publicClient: PublicClient;

  private constructor(
    private readonly page: Page,
    private readonly options: TestWalletOptions,
  ) {
    this.account = toAccount(options.signer ?? 1);
    this.chainId = options.chainId ?? foundry.id;
    this.authorised = options.authorised ?? false;
    this.publicClient = createPublicClient({ chain: foundry, transport: http(options.rpcUrl), pollingInterval: 50 });
  }

  /** Installs the wallet into `page` (before any navigation). */
  static async install(page: Page, options: TestWalletOptions): Promise<TestWallet> {
    const wallet = new TestWallet(page, options);
    await page.exposeBinding("__testWalletRequest", (_source, method: string, params: unknown) =>
      wallet.handle(method, params),
    );
    await page.addInitScript(injectedProvider, { name: options.name ?? "Test Wallet" });
    return wallet;
  }

  get address(): `0x${string}` {
    return this.account.address;
  }

  /** Switches to another account and tells the page (accountsChanged). */
  async switchAccount(signer: number | Hex): Promise<void> {
    this.account = toAccount(signer);
    await this.emit("accountsChanged", [this.account.address]);
  }

  /** The user disconnects the site: accountsChanged with no account. */
  async disconnect(): Promise<void> {
    this.authorised = false;
    await this.emit("accountsChanged", []);
  }

  /** The user changes the wallet's network (chainChanged). */
  async switchChain(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.emit("chainChanged", numberToHex(chainId));
  }

  async emit(event: "accountsChanged" | "chainChanged" | "connect" | "disconnect", data: unknown): Promise<void> {
    await this.page.evaluate(([e, d]) => (window as unknown as TestWalletWindow).__testWalletEmit(e, d), [
      event,
      data,
    ] as const);
  }

  private async handle(method: string, params: unknown): Promise<{ result?: unknown; error?: RpcError }> {
    this.calls.push(method);
    this.requests.push({ method, params });
    if (this.rejecting.has(method)) return { error: { code: 4001, message: "User rejected the request." } };
    if (this.unanswered.has(method)) return new Promise(() => {});
    try {
      return { result: await this.answer(method, Array.isArray(params) ? params : []) };
    } catch (error) {
      const e = error as { code?: number; message?: string; shortMessage?: string; data?: unknown; details?: string };
      return {
        error: { code: e.code ?? -32603, message: e.details ?? e.shortMessage ?? e.message ?? "error", data: e.data },
      };
    }
  }

  private async answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        this.authorised = true;
        return [this.account.address];
      case "eth_accounts":
        return this.authorised ? [this.account.address] : [];
      case "eth_chainId":
        return numberToHex(this.chainId);
      case "net_version":
        return String(this.chainId);
      case "wallet_switchEthereumChain": {
        const target = Number((params[0] as { chainId: string }).chainId);
        const known = this.options.chains ?? [foundry.id];
        if (!known.includes(target) && target !== this.chainId) {
          throw Object.assign(new Error(`Unrecognized chain ID ${target}.`), { code: 4902 });
        }
        if (target !== this.chainId) {
          this.chainId = target;
          void this.emit("chainChanged", numberToHex(target));
        }
        return null;
      }
      case "wallet_addEthereumChain":
        return null;
      case "wallet_requestPermissions":
      case "wallet_getPermissions":
        return [{ parentCapability: "eth_accounts" }];
      case "personal_sign": {
        const [data] = params as [Hex, string];
        return this.signer().signMessage({ message: { raw: data } });
      }
      case "eth_signTypedData_v4": {
        const [, json] = params as [string, string];
        return this.signer().signTypedData(JSON.parse(json));
      }
      case "eth_sendTransaction": {
        const [tx] = params as [Record<string, Hex | undefined>];
        // Signed for the chain the wallet is on (the node refuses it if that is not the node's chain).
        const chain = defineChain({ ...foundry, id: this.chainId });
        const client = createWalletClient({ account: this.account, chain, transport: http(this.options.rpcUrl) });
        const request: TransactionRequest = {
          to: tx.to,
          data: tx.data ?? tx.input,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        };
        return client.sendTransaction({ ...request, account: this.account, chain } as Parameters<
          typeof client.sendTransaction
        >[0]);
      }
      default:
        // Reads (eth_call, eth_getBalance, eth_blockNumber, receipts, …) go to the real node.
        return this.publicClient.request({ method, params } as Parameters<PublicClient["request"]>[0]);
    }
  }

  private signer() {
    const account = this.account;
    if (!account.signMessage || !account.signTypedData) throw new Error("test wallet account cannot sign");
    return account as Required<Pick<Account, "signMessage" | "signTypedData">> & Account;
  }
}

function toAccount(signer: number | Hex): Account {
  return privateKeyToAccount(typeof signer === "number" ? devAccount(signer).privateKey : signer);
}

interface TestWalletWindow {
  __testWalletRequest(method: string, params: unknown): Promise<{ result?: unknown; error?: RpcError }>;
  __testWalletEmit(event: string, data: unknown): void;
}

/** Runs in the page before its scripts: defines window.ethereum and answers EIP-6963 discovery. */
function injectedProvider({ name }: { name: string }) {
  const w = window as unknown as TestWalletWindow & { ethereum?: unknown };
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const provider = {
    isTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown }) {
      const answer = await w.__testWalletRequest(method, params ?? []);
      if (answer.error) {
        throw Object.assign(new Error(answer.error.message), { code: answer.error.code, data: answer.error.data });
      }
      return answer.result;
    },
    on(event: string, fn: (data: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
      return provider;
    },
    removeListener(event: string, fn: (data: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return provider;
    },
  };
  w.__testWalletEmit = (event, data) => {
    for (const fn of listeners.get(event) ?? []) fn(data);
  };
  w.ethereum = provider;
  const info = {
    uuid: "6f1b1f52-6b5e-4a4e-9d3c-2d8c3f7f0a11",
    name,
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%23888'/%3E%3C/svg%3E",
    rdns: "dev.classcoin.testwallet",
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}
