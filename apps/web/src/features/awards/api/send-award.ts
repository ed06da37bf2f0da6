/** `POST /api/admin/award {wallet, amount, note}` (signed): the treasury mints CC to one student (issue 14). */
import { awardAdminEndpoints } from "@classcoin/shared/endpoints/awards";
import { useAdminMutation } from "../../../lib/admin/use-admin-mutation";

export const useSendAward = () => useAdminMutation(awardAdminEndpoints.award, () => {});
