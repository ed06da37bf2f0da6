/** /wallet: the token wallet page with the deployment's configuration (app/ composes; features do not import each other). */
import { useConfig } from "../../features/config/get-config";
import { WalletPage } from "../../features/wallet-page/wallet-page";

export function WalletRoute() {
  return <WalletPage config={useConfig()} />;
}
