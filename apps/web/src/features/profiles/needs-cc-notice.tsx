/**
 * Above the create form of a wallet with less than 1 CC (spec §5): the spec's sentence, then where CC comes
 * from. Locally, `npm run faucet`. On Sepolia there is no faucet for CC: a student who owns nothing is added to
 * the class roster by the instructor, whose welcome grant sends CC (and ETH for gas), so the page gives the
 * student their whole address to send (it was only in the header's tooltip).
 */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { useAlert } from "../../ui/alerts";
import { copyText } from "../../ui/copy-text";
import { faucetCommand } from "../../wallet/faucet-command";

export function NeedsCcNotice({
  config,
  wallet,
  balanceKnown,
}: {
  config: PublicConfig;
  wallet: string | undefined;
  /** False while the balance is being read: what to do is said once it is known to be short. */
  balanceKnown: boolean;
}) {
  const alert = useAlert();
  const advise = wallet !== undefined && balanceKnown;
  return (
    <div className="notice" role="status">
      <p>{messages.profile.balance}</p>
      {advise && config.local && (
        <p className="small">
          On the local chain, get some with <code>{faucetCommand(config, wallet)}</code>
        </p>
      )}
      {advise && !config.local && (
        <p className="small" data-testid="ask-for-cc">
          {messages.profile.askForCc(config.welcomeCc)} Your wallet: <code className="mono break">{wallet}</code>{" "}
          <button
            type="button"
            className="button small secondary"
            aria-label="Copy your wallet address"
            onClick={async () => {
              if (await copyText(wallet)) void alert(messages.catalogue.copied);
            }}
          >
            Copy
          </button>
        </p>
      )}
    </div>
  );
}
