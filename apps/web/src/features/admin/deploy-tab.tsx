/**
 * Deploy ClassCoin (spec §4, §6): 10,000 CC minted to every active profile except the admin's. Two steps: the
 * first click shows the recipients and the total, the second executes ("Deploying..." while busy); Cancel
 * returns.
 */
import { DEPLOY_AMOUNT_PER_PROFILE } from "@classcoin/shared/constants";
import type { DeployResult, Profile } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LoadState } from "../../lib/admin/load-state";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useDeployClassCoin } from "./api/deploy-classcoin";
import { lastDeployRunKeyPrefix } from "./api/get-last-deploy-run";
import "./admin.css";

/** `profiles`: the admin's list of every profile (the Profiles tab's query), to count the recipients. */
export function DeployTab({ profiles }: { profiles: UseQueryResult<Profile[]> }) {
  const { config } = useWalletSetup();
  const deploy = useDeployClassCoin();
  const act = useAdminAction();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<DeployResult | null>(null);
  const cc = (n: number) => `${n.toLocaleString("en-US")} ${config.productSymbol}`;
  const details = (r: DeployResult) =>
    messages.admin.deployDetails(r.recipients, cc(r.amountPerProfile), cc(r.totalDeployed));

  // A double click on "Yes, Deploy ClassCoin" sends one deploy: `act` ignores the second while the first runs.
  const run = async () => {
    const done = await act(
      () => deploy.mutateAsync({ confirmed: true }),
      (r) => `${messages.catalogue.deploySuccess}\n${details(r)}`,
      { errorPrefix: messages.catalogue.deployFailed },
    );
    setConfirming(false);
    if (done) setResult(done);
    // The last run's view (issue 14) shows how it went, completed or stopped.
    await queryClient.invalidateQueries({ queryKey: lastDeployRunKeyPrefix });
  };

  return (
    <section className="card deploy-panel" aria-labelledby="deploy-title">
      <h2 id="deploy-title">Deploy ClassCoin</h2>
      <p>
        Mints {cc(DEPLOY_AMOUNT_PER_PROFILE)} of new coins to every active profile except the admin's, on the{" "}
        {config.chainName} network. The server sends the mint transactions as the token's owner; no one's balance pays
        for them.
      </p>
      <LoadState tab="Profiles" query={profiles}>
        {(list) => {
          const admin = config.adminWallet.toLowerCase();
          const recipients = list.filter((p) => !p.archived && p.wallet.toLowerCase() !== admin).length;
          const total = recipients * DEPLOY_AMOUNT_PER_PROFILE;
          if (!confirming) {
            return (
              <button type="button" className="button" onClick={() => setConfirming(true)} disabled={recipients === 0}>
                Deploy ClassCoin
              </button>
            );
          }
          return (
            <fieldset className="deploy-confirm" aria-label="Confirm deploy">
              <p>
                <strong>Are you sure?</strong> This mints {cc(DEPLOY_AMOUNT_PER_PROFILE)} to each of{" "}
                <strong data-testid="deploy-recipients">{recipients}</strong> active profiles (admin excluded):{" "}
                <strong data-testid="deploy-total">{cc(total)}</strong> in total. It cannot be undone.
              </p>
              <div className="form-actions">
                <button type="button" className="button danger" disabled={deploy.isPending} onClick={() => void run()}>
                  {deploy.isPending ? messages.admin.deploying : "Yes, Deploy ClassCoin"}
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={deploy.isPending}
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </button>
              </div>
            </fieldset>
          );
        }}
      </LoadState>
      {result && (
        <p className="deploy-result" role="status" data-testid="deploy-result">
          {messages.catalogue.deploySuccess} {details(result)}
        </p>
      )}
    </section>
  );
}
