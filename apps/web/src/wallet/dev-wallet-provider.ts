/**
 * The Dev wallet: an EIP-1193 provider for the local anvil chain, so someone who just ran `npm start` can use
 * the app in any browser without a wallet extension. anvil keeps its dev accounts unlocked, so signing and
 * sending are forwarded to the node as they are: no private key ever reaches the browser. It only works
 * against anvil; the app offers it only when the configured chain is local.
 */

export const DEV_WALLET_NAME = "Dev wallet (anvil)";
export const DEV_WALLET_RDNS = "dev.classcoin.devwallet";
/** Where the chosen account is kept; present means the site is connected, so a reload reconnects. */
export const DEV_WALLET_STORAGE_KEY = "classcoin.devWallet.account";

type Address = `0x${string}`;
type Listener = (data: unknown) => void;
export type DevWalletEvent = "accountsChanged" | "chainChanged" | "connect" | "disconnect";

export interface Eip1193RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

/** An EIP-1193 provider error: `code` 4001 is a user rejection, 4902 an unknown chain. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ProviderRpcError";
  }
}

export interface DevWalletProvider {
  readonly isDevWallet: true;
  request(args: Eip1193RequestArguments): Promise<unknown>;
  on(event: string, listener: Listener): DevWalletProvider;
  removeListener(event: string, listener: Listener): DevWalletProvider;
  /** The dev accounts it can act as (account 0 is the admin). */
  readonly accounts: readonly Address[];
  /** The account the wallet acts as (connected or not). */
  readonly selectedAccount: Address;
  /** Whether the site is connected (eth_accounts answers the account). */
  readonly connected: boolean;
  /** Acts as another dev account from now on: connects, remembers it, and emits accountsChanged. */
  selectAccount(address: string): void;
  /** Disconnects the site: forgets the account and emits accountsChanged with no account. */
  disconnect(): void;
}

export interface DevWalletOptions {
  rpcUrl: string;
  chainId: number;
  accounts: readonly string[];
  /** The account to act as; default the remembered one, else the first. */
  initialAccount?: string;
}

export function createDevWalletProvider(options: DevWalletOptions): DevWalletProvider {
  const accounts = options.accounts as readonly Address[];
  if (accounts.length === 0) throw new Error("The Dev wallet needs at least one dev account.");
  const chainIdHex = `0x${options.chainId.toString(16)}`;
  const listeners = new Map<string, Set<Listener>>();
  const remembered = findAccount(accounts, readStoredAccount());
  let selected: Address = findAccount(accounts, options.initialAccount) ?? remembered ?? (accounts[0] as Address);
  let connected = remembered !== null;
  let nextId = 1;

  const emit = (event: DevWalletEvent, data: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(data);
      } catch (error) {
        console.error(`Dev wallet: a ${event} listener failed`, error);
      }
    }
  };

  const connect = (): Address[] => {
    connected = true;
    writeStoredAccount(selected);
    return [selected];
  };

  const forward = async (method: string, params: unknown): Promise<unknown> => {
    const response = await fetch(options.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: params ?? [] }),
    });
    if (!response.ok) throw new ProviderRpcError(-32603, `The local chain answered HTTP ${response.status}.`);
    const body = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
    return body.result;
  };

  const provider: DevWalletProvider = {
    isDevWallet: true,
    accounts,
    get selectedAccount() {
      return selected;
    },
    get connected() {
      return connected;
    },
    async request({ method, params }) {
      switch (method) {
        case "eth_requestAccounts":
          return connect();
        case "eth_accounts":
          return connected ? [selected] : [];
        case "eth_coinbase":
          return connected ? selected : null;
        case "eth_chainId":
          return chainIdHex;
        case "net_version":
          return String(options.chainId);
        case "wallet_switchEthereumChain":
        case "wallet_addEthereumChain": {
          const target = Array.isArray(params) ? (params[0] as { chainId?: string } | undefined)?.chainId : undefined;
          if (target !== undefined && Number(target) === options.chainId) return null;
          throw new ProviderRpcError(4902, `The Dev wallet only knows the local chain ${options.chainId}.`);
        }
        case "wallet_requestPermissions":
          connect();
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_getPermissions":
          return connected ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_revokePermissions":
          provider.disconnect();
          return null;
        case "eth_sendTransaction": {
          if (!connected) throw new ProviderRpcError(4100, "The Dev wallet is not connected to this site.");
          const [tx] = (Array.isArray(params) ? params : []) as [Record<string, unknown> | undefined];
          return forward(method, [{ ...tx, from: tx?.from ?? selected }]);
        }
        default:
          // Reads, and signing by the unlocked dev accounts (personal_sign, eth_signTypedData_v4), go to anvil.
          return forward(method, params);
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    selectAccount(address) {
      const account = findAccount(accounts, address);
      if (!account) throw new Error(`${address} is not one of the Dev wallet's accounts.`);
      selected = account;
      connect();
      emit("accountsChanged", [selected]);
    },
    disconnect() {
      connected = false;
      removeStoredAccount();
      emit("accountsChanged", []);
    },
  };
  return provider;
}

const DEV_WALLET_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%234338ca'/%3E%3Ctext x='16' y='21' font-family='sans-serif' font-size='13' font-weight='700' fill='white' text-anchor='middle'%3EDEV%3C/text%3E%3C/svg%3E";

/** A fixed UUIDv4: one Dev wallet per page (crypto.randomUUID needs a secure context). */
const DEV_WALLET_UUID = "3f6c2a7e-9b41-4d2e-8a55-1c0e7b9d4f21";

/**
 * Announces the provider over EIP-6963 (now and whenever a dapp asks), so wagmi's discovery lists it next to
 * installed wallets. Returns a function that stops answering discovery requests.
 */
export function announceDevWallet(provider: DevWalletProvider): () => void {
  const detail = Object.freeze({
    info: Object.freeze({ uuid: DEV_WALLET_UUID, name: DEV_WALLET_NAME, icon: DEV_WALLET_ICON, rdns: DEV_WALLET_RDNS }),
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
  return () => window.removeEventListener("eip6963:requestProvider", announce);
}

/** The account a previous visit connected with the Dev wallet, if any. */
export function readStoredAccount(): string | null {
  try {
    return globalThis.localStorage?.getItem(DEV_WALLET_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): the wallet simply does not remember
  }
}

function writeStoredAccount(address: string): void {
  try {
    globalThis.localStorage?.setItem(DEV_WALLET_STORAGE_KEY, address);
  } catch {
    // see readStoredAccount
  }
}

function removeStoredAccount(): void {
  try {
    globalThis.localStorage?.removeItem(DEV_WALLET_STORAGE_KEY);
  } catch {
    // see readStoredAccount
  }
}

function findAccount(accounts: readonly Address[], address: string | null | undefined): Address | null {
  if (!address) return null;
  return accounts.find((a) => a.toLowerCase() === address.toLowerCase()) ?? null;
}
