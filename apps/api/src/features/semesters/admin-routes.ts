/**
 * The admin's side of semesters (issue 18): the preview, "Archive semester", "Start new semester" and taking
 * something out of an archive.
 */
import { semesterAdminEndpoints } from "@classcoin/shared/endpoints/semesters";
import { messages } from "@classcoin/shared/messages";
import { adminGet, adminPost } from "../../auth/admin-route";
import { studentBalances } from "../leaderboard/service";
import { removeFromArchive } from "./archive-moderation";
import { waitForExplorerToReachHead } from "./explorer-boundary";
import { archiveSemester, currentSemesterId, previewSemester, startSemester } from "./service";

export const semesterAdminRoutes = [
  adminGet(semesterAdminEndpoints.preview, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return previewSemester(deps);
  }),
  adminPost(semesterAdminEndpoints.archive, async ({ deps, events, grant, body }) => {
    // The leaderboard's balances are read on chain: before the archive's transaction, not inside it.
    const archive = await archiveSemester(deps, grant, body, await studentBalances(deps));
    await events.publish({ type: "semester.archived", archiveId: archive._id });
    return { success: true as const, message: messages.semester.archived(archive.name), archive };
  }),
  adminPost(semesterAdminEndpoints.start, async ({ deps, events, grant, body }) => {
    const ending = await currentSemesterId(deps.database.db);
    // The term's last payments in its archive, not in the next semester's explorer (explorer-boundary.ts);
    // an indexer that does not get there within 90 s leaves the line where it is, as before.
    await waitForExplorerToReachHead(deps);
    // As for an archive: the final snapshot's balances are read on chain before the transaction.
    const started = await startSemester(deps, grant, body, await studentBalances(deps), ending);
    // Every open page reads again (an event type the response cache does not know invalidates everything).
    await events.publish({ type: "semester.reset", startBlock: started.semester.startBlock });
    return { success: true as const, message: messages.semester.started, ...started };
  }),
  adminPost(semesterAdminEndpoints.removeFromArchive, async ({ deps, events, grant, body }) => {
    const archive = await removeFromArchive(deps, grant, body);
    // Every instance's cached archive reads and every open archive page read again.
    await events.publish({ type: "semester.archived", archiveId: archive._id });
    return { success: true as const, message: messages.semester.removedFromArchive(body.kind), archive };
  }),
];
