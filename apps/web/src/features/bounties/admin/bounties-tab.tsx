/** Bounties: the create/edit form, and every bounty with Edit, Cross out/Restore and Delete (after a confirmation). */
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
import { useCreateBounty } from "./api/create-bounty";
import { useCrossOutBounty } from "./api/cross-out-bounty";
import { useDeleteBounty } from "./api/delete-bounty";
import { useAdminBounties } from "./api/get-admin-bounties";
import { useUpdateBounty } from "./api/update-bounty";
import { BountyForm } from "./bounty-form";
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

  const save = async (fields: CreateBounty): Promise<boolean> => {
    const target = editing;
    const result = target
      ? await act(
          () => update.mutateAsync({ bountyId: target._id, ...fields }),
          () => adminSuccessMessages.bountyUpdated,
        )
      : await act(
          () => create.mutateAsync(fields),
          () => adminSuccessMessages.bountyCreated,
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
                  <span className={`badge badge-${b.status}`}>{statusLabels[b.status]}</span>
                  {b.crossedOut && <span className="badge badge-cancelled">Crossed out</span>}
                  <div className="muted small">
                    {b.reward.toLocaleString("en-US")} CC · created {formatDate(b.createdAt)}
                  </div>
                </div>
                <div className="admin-row-actions">
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
            );
          }}
        />
      )}
    </div>
  );
}
