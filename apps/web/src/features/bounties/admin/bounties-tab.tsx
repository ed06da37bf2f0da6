/**
 * Bounties: the create/edit form, and every bounty with Edit, Cross out/Restore and Delete (after a
 * confirmation); and (issue 14) Complete (the student picked by name is paid the reward on chain), Cancel and
 * Reopen.
 */
import { adminSuccessMessages, type CreateBounty } from "@classcoin/shared/admin";
import type { Bounty } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { useState } from "react";
import { AdminList } from "../../../lib/admin/admin-list";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { formatDate } from "../../../ui/dates";
import { shortAddress } from "../../../ui/short-address";
import { useCancelBounty } from "./api/cancel-bounty";
import { useCompleteBounty } from "./api/complete-bounty";
import { useCreateBounty } from "./api/create-bounty";
import { useCrossOutBounty } from "./api/cross-out-bounty";
import { useDeleteBounty } from "./api/delete-bounty";
import { useAdminBounties } from "./api/get-admin-bounties";
import { useReopenBounty } from "./api/reopen-bounty";
import { useUpdateBounty } from "./api/update-bounty";
import { BountyForm } from "./bounty-form";
import { CompleteBountyDialog } from "./complete-bounty-dialog";
import "../bounties.css";

const statusLabels = { active: "Active", completed: "Completed", cancelled: "Cancelled" } as const;

export function BountiesTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminBounties(signer);
  const create = useCreateBounty();
  const update = useUpdateBounty();
  const crossOut = useCrossOutBounty();
  const remove = useDeleteBounty();
  const act = useAdminAction();
  const [editing, setEditing] = useState<Bounty | null>(null);
  const [deleting, setDeleting] = useState<Bounty | null>(null);
  // Issue 14: complete (pays the reward on chain), cancel, reopen.
  const complete = useCompleteBounty();
  const cancel = useCancelBounty();
  const reopen = useReopenBounty();
  const [completing, setCompleting] = useState<Bounty | null>(null);
  const lifecycleBusy = (b: Bounty) =>
    [complete, cancel, reopen].some((m) => m.isPending && m.variables?.bountyId === b._id);

  const save = async (fields: CreateBounty): Promise<boolean> => {
    const target = editing;
    const result = target
      ? await act(
          () => update.mutateAsync({ bountyId: target._id, ...fields }),
          () => adminSuccessMessages.bountyUpdated,
          { key: "save" },
        )
      : await act(
          () => create.mutateAsync(fields),
          () => adminSuccessMessages.bountyCreated,
          { key: "save" },
        );
    if (result && target) setEditing(null);
    return result !== undefined;
  };

  return (
    <div className="bounties-admin">
      <BountyForm
        key={editing?._id ?? "new"}
        bounty={editing}
        busy={create.isPending || update.isPending}
        onSave={save}
        onCancel={() => setEditing(null)}
      />
      <LoadState tab="Bounties" query={query}>
        {(bounties) => (
          <AdminList
            items={bounties}
            empty="No bounties yet."
            rowTestId="admin-bounty"
            rowClassName={(b) => (b.crossedOut ? "crossed-out" : undefined)}
          >
            {(b) => (
              <>
                <div className="admin-row-main">
                  <strong className="bounty-title">{b.title}</strong>{" "}
                  {b.status === "active" && b.rewardTxHash ? (
                    <span className="badge badge-completed">Being paid</span>
                  ) : (
                    <span className={`badge badge-${b.status}`}>{statusLabels[b.status]}</span>
                  )}
                  {b.crossedOut && <span className="badge badge-cancelled">Crossed out</span>}
                  <div className="muted small">
                    {b.reward.toLocaleString("en-US")} CC · created {formatDate(b.createdAt)}
                    {b.status === "completed" && b.completedBy && (
                      <>
                        {" "}
                        · completed by {b.completedBy}
                        {b.completedAt ? ` on ${formatDate(b.completedAt)}` : ""}
                      </>
                    )}
                    {/* Completed, its reward not mined yet (also after a reload): Complete for the same student
                        follows that payment; another student is refused. */}
                    {b.status === "active" && b.rewardTxHash && (
                      <>
                        {" "}
                        · reward being paid to {shortAddress(b.completedByWallet ?? "")} (transaction{" "}
                        {shortAddress(b.rewardTxHash)})
                      </>
                    )}
                  </div>
                </div>
                <div className="admin-row-actions">
                  {b.status === "active" && (
                    <>
                      <button
                        type="button"
                        className="button small"
                        aria-label={`Complete ${b.title}`}
                        disabled={lifecycleBusy(b)}
                        onClick={() => setCompleting(b)}
                      >
                        {complete.isPending && complete.variables?.bountyId === b._id ? "Paying…" : "Complete"}
                      </button>
                      <button
                        type="button"
                        className="button small secondary"
                        aria-label={`Cancel ${b.title}`}
                        disabled={lifecycleBusy(b)}
                        onClick={() =>
                          void act(
                            () => cancel.mutateAsync({ bountyId: b._id }),
                            (r) => r.message,
                            { key: `lifecycle:${b._id}` },
                          )
                        }
                      >
                        Cancel
                      </button>
                    </>
                  )}
                  {b.status === "cancelled" && (
                    <button
                      type="button"
                      className="button small secondary"
                      aria-label={`Reopen ${b.title}`}
                      disabled={lifecycleBusy(b)}
                      onClick={() =>
                        void act(
                          () => reopen.mutateAsync({ bountyId: b._id }),
                          (r) => r.message,
                          { key: `lifecycle:${b._id}` },
                        )
                      }
                    >
                      Reopen
                    </button>
                  )}
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={`Edit ${b.title}`}
                    onClick={() => setEditing(b)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={`${b.crossedOut ? "Restore" : "Cross out"} ${b.title}`}
                    disabled={crossOut.isPending && crossOut.variables?.bountyId === b._id}
                    onClick={() =>
                      void act(
                        () => crossOut.mutateAsync({ bountyId: b._id, crossOut: !b.crossedOut }),
                        () => adminSuccessMessages.bountyCrossedOut(!b.crossedOut),
                        { key: `cross-out:${b._id}` },
                      )
                    }
                  >
                    {b.crossedOut ? "Restore" : "Cross out"}
                  </button>
                  <button
                    type="button"
                    className="button small danger"
                    aria-label={`Delete ${b.title}`}
                    onClick={() => setDeleting(b)}
                  >
                    Delete
                  </button>
                </div>
              </>
            )}
          </AdminList>
        )}
      </LoadState>
      {completing && (
        <CompleteBountyDialog
          bounty={completing}
          adminWallet={signer.wallet}
          onCancel={() => setCompleting(null)}
          onComplete={(wallet) => {
            const target = completing;
            setCompleting(null);
            void act(
              () => complete.mutateAsync({ bountyId: target._id, wallet }),
              (r) => r.message,
              { key: `lifecycle:${target._id}` },
            );
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete bounty"
          text={messages.admin.deleteBountyConfirm(deleting.title)}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(null);
            if (editing?._id === target._id) setEditing(null);
            void act(
              () => remove.mutateAsync({ bountyId: target._id }),
              () => adminSuccessMessages.bountyDeleted,
              { key: `delete:${target._id}` },
            );
          }}
        />
      )}
    </div>
  );
}
