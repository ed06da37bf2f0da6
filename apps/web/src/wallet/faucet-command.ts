/**
 * The local faucet command for an address, as the person should type it: with the stack's DATA_DIR and
 * ANVIL_PORT when they are not the defaults (the API says which, `faucetEnv` in GET /api/config).
 */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";

export function faucetCommand(config: Pick<PublicConfig, "faucetEnv">, address: string): string {
  const command = messages.wallet.faucetCommand(address);
  return config.faucetEnv ? `${config.faucetEnv} ${command}` : command;
}
