/** `GET /api/admin/projects/:wallet` (signed): every submission of the four projects, archived ones too. */
import { type Project, projectSchema } from "@classcoin/shared/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type AdminSigner, adminGet, adminKey, adminQueryDefaults } from "./admin-request";

export function getAdminProjects(signer: AdminSigner): Promise<Project[]> {
  return adminGet(signer, "/projects", z.array(projectSchema));
}

export const getAdminProjectsQueryOptions = (signer: AdminSigner) =>
  queryOptions({
    queryKey: adminKey("projects", signer.wallet),
    queryFn: () => getAdminProjects(signer),
    ...adminQueryDefaults,
  });

export const useAdminProjects = (signer: AdminSigner) => useQuery(getAdminProjectsQueryOptions(signer));
