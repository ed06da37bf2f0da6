/**
 * `npm run deploy:sepolia`: deploys ClassCoin to Sepolia from DEPLOYER_PRIVATE_KEY via SEPOLIA_RPC_URL (from
 * the environment or `.env`). The deployer becomes the owner (treasury) and receives the initial supply.
 * It prints the server's complete `.env` block (serverEnvBlock); PUBLIC_RPC_URL, if set, is used in it as
 * the endpoint browsers read.
 */
import { loadEnvFile } from "@classcoin/api/env-file";
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sepolia } from "viem/chains";
import { DEFAULT_PUBLIC_SEPOLIA_RPC, serverEnvBlock } from "./lib/server-env-block";

loadEnvFile();

const key = process.env.DEPLOYER_PRIVATE_KEY;
const rpcUrl = process.env.SEPOLIA_RPC_URL;
const missing = [!key && "DEPLOYER_PRIVATE_KEY", !rpcUrl && "SEPOLIA_RPC_URL"].filter(Boolean);
if (missing.length > 0 || !key || !rpcUrl) {
  console.error(
    `Refusing to deploy: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.\n` +
      "Set DEPLOYER_PRIVATE_KEY (0x… key of a wallet holding Sepolia ETH) and SEPOLIA_RPC_URL (an https Sepolia RPC endpoint).",
  );
  process.exit(1);
}
if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
  console.error("Refusing to deploy: DEPLOYER_PRIVATE_KEY must be 0x followed by 64 hex characters.");
  process.exit(1);
}

const account = privateKeyToAccount(key as `0x${string}`);
const transport = http(rpcUrl);
const publicClient = createPublicClient({ chain: sepolia, transport });
const chainId = await publicClient.getChainId();
if (chainId !== sepolia.id) {
  console.error(`Refusing to deploy: SEPOLIA_RPC_URL answers for chain ${chainId}, not Sepolia (${sepolia.id}).`);
  process.exit(1);
}
console.log(`Deploying ClassCoin to Sepolia from ${account.address}…`);
const address = await deployClassCoin(createWalletClient({ chain: sepolia, transport, account }), publicClient);
console.log(`ClassCoin deployed at ${address}.

Save this block as .env next to package.json on the server (chmod 600: it holds the treasury key), replace
the two CHANGE-ME values (DATABASE_URL and PUBLIC_URL), then run \`npm run serve\`:

${serverEnvBlock({
  rpcUrl,
  publicRpcUrl: process.env.PUBLIC_RPC_URL?.trim() || DEFAULT_PUBLIC_SEPOLIA_RPC,
  tokenAddress: address,
  adminWallet: account.address,
  treasuryPrivateKey: key as `0x${string}`,
})}`);
