/** `POST /api/predictions {projectNumber, predictorWallet, projectId}` as the connected wallet. */
import { predictionEndpoints } from "@classcoin/shared/endpoints/predictions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";

export function useMakePrediction(projectNumber: number) {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) => {
      const predictorWallet = await prepare();
      return callApi(predictionEndpoints.make, { body: { projectNumber, predictorWallet, projectId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["predictions", projectNumber] }),
  });
}
