/**
 * The server's `.env` for a Sepolia class, as `npm run deploy:sepolia` prints it: every variable the server
 * needs, the known ones filled in, the site-specific ones as CHANGE-ME placeholders the server refuses to
 * start with (config.ts), so a forgotten one is an error rather than a silent default.
 */

/** A keyless public Sepolia endpoint for browsers' reads (any other keyless endpoint works as well). */
export const DEFAULT_PUBLIC_SEPOLIA_RPC = "https://ethereum-sepolia-rpc.publicnode.com";

export const ENV_BLOCK_START = "# ---- ClassCoin server .env (from npm run deploy:sepolia) ----";
export const ENV_BLOCK_END = "# ---- end of .env ----";

export interface ServerEnvValues {
  rpcUrl: string;
  publicRpcUrl: string;
  tokenAddress: string;
  adminWallet: string;
  treasuryPrivateKey: `0x${string}`;
}

export function serverEnvBlock(v: ServerEnvValues): string {
  return [
    ENV_BLOCK_START,
    "CHAIN=sepolia",
    "# The server's RPC endpoint (it may carry a provider key: it never leaves the server).",
    `RPC_URL=${v.rpcUrl}`,
    "# The endpoint browsers read the chain through: public, so never the keyed RPC_URL.",
    `PUBLIC_RPC_URL=${v.publicRpcUrl}`,
    `TOKEN_ADDRESS=${v.tokenAddress}`,
    "# The admin wallet (the instructor's; here the deployer, which also owns the token).",
    `ADMIN_WALLET=${v.adminWallet.toLowerCase()}`,
    "# The token owner's key: the server mints with it (Deploy ClassCoin). Keep this file private.",
    `TREASURY_PRIVATE_KEY=${v.treasuryPrivateKey}`,
    "CONFIRMATIONS=2",
    "# PostgreSQL (with several instances, all use the same database).",
    "DATABASE_URL=postgres://classcoin:CHANGE-ME@127.0.0.1:5432/classcoin",
    "# The https URL students open; its host is the Sign-In with Ethereum domain.",
    "PUBLIC_URL=https://CHANGE-ME.example",
    "# 127.0.0.1 behind a reverse proxy on this machine; 0.0.0.0 to accept connections from other machines.",
    "HOST=127.0.0.1",
    "PORT=5173",
    "# With two or more instances, set it in every instance's file (empty: each keeps its own rate limits).",
    "REDIS_URL=",
    ENV_BLOCK_END,
  ].join("\n");
}
