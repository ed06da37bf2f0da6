/**
 * `npm run faucet -- <address> [amount]`: on the local chain, sends 1 ETH for gas and `amount` CC
 * (default 100) from the treasury (anvil account 0) to <address>. Needs `npm start` running.
 */
import { join } from "node:path";
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { fund } from "@classcoin/contracts/fund";
import { createPublicClient, createWalletClient, formatUnits, http, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { readDeployment } from "./lib/deployment";
import { repoRoot } from "./lib/local-stack";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [address, amountArg = "100"] = process.argv.slice(2);
if (!address || !isAddress(address))
  fail("Usage: npm run faucet -- <address> [amount]   (address: 0x followed by 40 hex characters)");
if (!/^\d+(\.\d+)?$/.test(amountArg) || Number(amountArg) <= 0)
  fail(`Invalid amount "${amountArg}": give a number of CC greater than 0.`);

const dataDir = process.env.DATA_DIR ?? join(repoRoot, "data");
const deployment = readDeployment(dataDir);
if (!deployment) fail(`No local ClassCoin deployment in ${dataDir}. Start the stack first with \`npm start\`.`);
const rpcUrl = process.env.RPC_URL ?? `http://127.0.0.1:${process.env.ANVIL_PORT ?? 8545}`;
const transport = http(rpcUrl);
const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 100 });
const treasury = createWalletClient({
  chain: foundry,
  transport,
  account: privateKeyToAccount(devAccount(0).privateKey),
});
const token = deployment.tokenAddress as `0x${string}`;

try {
  await publicClient.getBlockNumber();
} catch {
  fail(`The local chain at ${rpcUrl} does not answer. Start it with \`npm start\` (in another terminal).`);
}

await fund(treasury, publicClient, address, { token, eth: 1, cc: amountArg });
const balance = await publicClient.readContract({
  address: token,
  abi: classCoinAbi,
  functionName: "balanceOf",
  args: [address],
});
console.log(`Sent 1 ETH and ${amountArg} CC to ${address}. Its balance is now ${formatUnits(balance, 18)} CC.`);
