/**
 * The last Deploy ClassCoin run (issue 14): its status, each chunk's transaction (linked to the block
 * explorer when the chain has one) and, for a run its server left unfinished, "Resume", which mints only to
 * the recipients not minted to yet.
 */
import { messages } from "@classcoin/shared/messages";
import type { DeployRunView } from "@classcoin/shared/treasury";
import { useQueryClient } from "@tanstack/react-query";
import type { AdminSigner } from "../../lib/admin/admin-signer";
import { LoadState } from "../../lib/admin/load-state";
import { TxLink } from "../../lib/admin/tx-link";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { formatDate } from "../../ui/dates";
import { lastDeployRunKeyPrefix, useLastDeployRun } from "./api/get-last-deploy-run";
import { useResumeDeploy } from "./api/resume-deploy";

const statusText: Record<DeployRunView["status"], string> = {
  running: "Running",
  interrupted: "Interrupted (its server stopped)",
  failed: "Stopped by an error",
  completed: "Completed",
  abandoned: "Abandoned",
};
const chunkText = {
  minted: "Minted",
  pending: "Sent, not mined yet",
  failed: "Not mined",
  unsent: "Not sent",
} as const;

export function LastDeployRun({ signer }: { signer: AdminSigner }) {
  const query = useLastDeployRun(signer);
  const resume = useResumeDeploy();
  const act = useAdminAction();
  const queryClient = useQueryClient();
  const onResume = async (run: DeployRunView) => {
    await act(
      () => resume.mutateAsync({ runId: run.id }),
      (r) =>
        `${messages.catalogue.deploySuccess}\n${messages.admin.deployDetails(r.recipients, `${r.amountPerProfile} CC`, `${r.totalDeployed} CC`)}`,
      { errorPrefix: messages.catalogue.deployFailed },
    );
    await queryClient.invalidateQueries({ queryKey: lastDeployRunKeyPrefix });
  };

  return (
    <section className="card deploy-last-run" aria-labelledby="last-run-title" data-testid="last-deploy-run">
      <h2 id="last-run-title">Last deploy</h2>
      <LoadState tab="Deploy" query={query}>
        {({ run }) =>
          run === null ? (
            <p className="muted">No deploy yet.</p>
          ) : (
            <>
              <p>
                <strong data-testid="last-run-status">{statusText[run.status]}</strong> · started{" "}
                {formatDate(run.startedAt)} · minted to <strong>{run.minted}</strong> of {run.recipients} profiles
                {run.error ? ` · ${run.error}` : ""}
              </p>
              {run.chunks.length > 0 && (
                <table className="small">
                  <thead>
                    <tr>
                      <th scope="col">Chunk</th>
                      <th scope="col">Profiles</th>
                      <th scope="col">Status</th>
                      <th scope="col">Transaction</th>
                    </tr>
                  </thead>
                  <tbody>
                    {run.chunks.map((c) => (
                      <tr key={c.index} data-testid="deploy-chunk">
                        <td>{c.index + 1}</td>
                        <td>{c.recipients}</td>
                        <td>{chunkText[c.state]}</td>
                        <td>{c.txHash ? <TxLink hash={c.txHash} /> : "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {run.resumable && (
                <button type="button" className="button" disabled={resume.isPending} onClick={() => void onResume(run)}>
                  {resume.isPending ? messages.admin.deploying : "Resume"}
                </button>
              )}
            </>
          )
        }
      </LoadState>
    </section>
  );
}
