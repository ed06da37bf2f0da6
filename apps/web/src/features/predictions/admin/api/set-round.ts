/** `POST /api/admin/predictions/round {projectNumber, open}` (signed): open or close a project's predictions. */
import { predictionAdminEndpoints } from "@classcoin/shared/endpoints/predictions";
import { useAdminMutation } from "../../../../lib/admin/use-admin-mutation";
import { getAdminRoundsQueryOptions } from "./get-admin-rounds";

export const useSetRound = () =>
  useAdminMutation(predictionAdminEndpoints.setRound, (queryClient, signer, result) =>
    queryClient.setQueryData(getAdminRoundsQueryOptions(signer).queryKey, (rounds) =>
      rounds?.map((r) => (r.projectNumber === result.round.projectNumber ? result.round : r)),
    ),
  );
