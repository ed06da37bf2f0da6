/**
 * `POST /api/projects` (multipart: wallet, projectNumber, title, description, balance, image) creates or
 * updates the wallet's submission. The server reads the balance from the chain; the field is sent because the
 * spec's form sends it.
 */
import { projectSchema } from "@classcoin/shared/entities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../wallet/api-request";
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
      const form = new FormData();
      form.set("wallet", wallet);
      form.set("projectNumber", String(projectNumber));
      form.set("title", title.trim());
      form.set("description", description.trim());
      form.set("balance", String(balance ?? 0));
      if (image) form.set("image", image);
      return apiPost("/api/projects", form, projectSchema);
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
