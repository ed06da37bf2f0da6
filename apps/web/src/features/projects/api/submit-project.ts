/**
 * `POST /api/projects` (multipart: wallet, projectNumber, title, description, balance, image) creates or
 * updates the wallet's submission. The server reads the balance from the chain; the field is sent because the
 * spec's form sends it.
 */
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getOwnProjectQueryOptions } from "./get-own-project";
import { getProjectsQueryOptions } from "./get-projects";

export interface SubmitProjectInput {
  projectNumber: number;
  title: string;
  description: string;
  image: File | null;
  balance: number | undefined;
}

export function useSubmitProject() {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectNumber, title, description, image, balance }: SubmitProjectInput) => {
      const wallet = await prepare();
      return callApi(projectEndpoints.save, {
        body: {
          wallet,
          projectNumber,
          title: title.trim(),
          description: description.trim(),
          balance: String(balance ?? 0),
        },
        file: image,
      });
    },
    onSuccess: (project) => {
      queryClient.setQueryData(
        getOwnProjectQueryOptions(project.projectNumber, project.authorWallet).queryKey,
        project,
      );
      void queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(project.projectNumber).queryKey });
    },
  });
}
