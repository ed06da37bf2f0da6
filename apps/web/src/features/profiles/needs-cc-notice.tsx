/**
 * Above the create form of a wallet with less than 1 CC (spec §5): the spec's sentence, then where CC comes
 * from. Locally, `npm run faucet`. On Sepolia there is no faucet for CC: a student who owns nothing is added to
 * the class roster by the instructor, whose welcome grant sends CC (and ETH for gas), so the page gives the
 * student their whole address to send (it was only in the header's tooltip). A signed-in student already on
 * the roster is told where their grant stands instead (GET /api/whitelist/me): asking them to be added, when
 * their grant had failed for want of ETH in the treasury, sent them to the instructor with the wrong request.
 */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import type { RosterSelf } from "@classcoin/shared/roster-self";
import { useAlert } from "../../ui/alerts";
import { copyText } from "../../ui/copy-text";
import { faucetCommand } from "../../wallet/faucet-command";

/** What a student on Sepolia reads, and whether they need their address to give the instructor. */
export function rosterAdvice(
  config: PublicConfig,
  self: RosterSelf | undefined,
): { text: string; state: string; showWallet: boolean } {
  const m = messages.profile;
  if (!self?.listed) return { text: m.askForCc(config.welcomeCc), state: "ask", showWallet: true };
  const grant = self.grant;
  if (!grant) return { text: m.listedWithoutGrant, state: "none", showWallet: true };
  switch (grant.state) {
    case "paid":
      return { text: m.grantPaid(grant.cc), state: grant.state, showWallet: false };
    case "underWay":
      return { text: m.grantUnderWay(grant.cc), state: grant.state, showWallet: false };
    case "ethOwed":
      return { text: m.grantEthOwed(grant.cc), state: grant.state, showWallet: true };
    case "failed":
      return { text: m.grantFailed(grant.cc), state: grant.state, showWallet: true };
  }
}

export function NeedsCcNotice({
  config,
  wallet,
  balanceKnown,
  self,
  onCheckGrant,
}: {
  config: PublicConfig;
  wallet: string | undefined;
  /** False while the balance is being read: what to do is said once it is known to be short. */
  balanceKnown: boolean;
  /** The signed-in wallet's roster entry and grant; undefined when not signed in (or not read yet). */
  self?: RosterSelf | undefined;
  /** Offered to a student not signed in: signs in (their choice), and the grant is read then. */
  onCheckGrant?: (() => void) | undefined;
}) {
  const alert = useAlert();
  const advise = wallet !== undefined && balanceKnown;
  const advice = rosterAdvice(config, self);
  return (
    <div className="notice" role="status">
      <p>{messages.profile.balance}</p>
      {advise && config.local && (
        <p className="small">
          On the local chain, get some with <code>{faucetCommand(config, wallet)}</code>
        </p>
      )}
      {advise && !config.local && (
        <p className="small" data-testid="ask-for-cc" data-state={advice.state}>
          {advice.text}
          {advice.showWallet && (
            <>
              {" "}
              Your wallet: <code className="mono break">{wallet}</code>{" "}
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
            </>
          )}
        </p>
      )}
      {advise && !config.local && !self && onCheckGrant && config.welcomeCc > 0 && (
        <p className="small">
          <button type="button" className="button small secondary" onClick={onCheckGrant}>
            {messages.profile.checkGrant}
          </button>
        </p>
      )}
    </div>
  );
}
