/** Who signs admin calls: the connected (admin) wallet, asked for a personal_sign signature per call. */
import { useMemo } from "react";
import { useConfig as useWagmiConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import { useSignedIn } from "../../wallet/session";
import { useWallet } from "../../wallet/use-wallet";

/** The wallet did not sign the admin message (refused, or no wallet to ask). */
export class AdminSignatureError extends Error {
  constructor(cause: unknown) {
    super("The admin message was not signed", { cause });
    this.name = "AdminSignatureError";
  }
}

export interface AdminSigner {
  /** The connected (admin) wallet, lowercased. */
  wallet: `0x${string}`;
  sign(message: string): Promise<`0x${string}`>;
  /** The wallet has a sign-in session: admin reads go without a signature (issue 14). */
  bySession?: boolean;
}

/** Signs with the connected wallet; null when none is connected. */
export function useAdminSigner(): AdminSigner | null {
  const wagmiConfig = useWagmiConfig();
  const { address, wallet } = useWallet();
  const bySession = useSignedIn() === true;
  return useMemo(() => {
    if (!address || !wallet) return null;
    return {
      wallet,
      bySession,
      async sign(message: string) {
        try {
          return await signMessage(wagmiConfig, { account: address, message });
        } catch (error) {
          throw new AdminSignatureError(error);
        }
      },
    };
  }, [wagmiConfig, address, wallet, bySession]);
}
