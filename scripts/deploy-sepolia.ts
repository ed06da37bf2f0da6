/**
 * `npm run deploy:sepolia`: deploys ClassCoin to Sepolia from DEPLOYER_PRIVATE_KEY via SEPOLIA_RPC_URL.
 * The deployer becomes the owner (treasury) and receives the initial supply.
 */
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sepolia } from "viem/chains";

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
Run the server with:
  CHAIN=sepolia RPC_URL=${rpcUrl} TOKEN_ADDRESS=${address} ADMIN_WALLET=<the instructor's wallet>
  TREASURY_PRIVATE_KEY=<the deployer key: it owns the token and mints> PUBLIC_URL=<https URL of the site>`);
