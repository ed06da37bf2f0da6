/** `GET /api/admin/projects/:wallet` (signed): every submission of the four projects, archived ones too. */
import { projectAdminEndpoints } from "@classcoin/shared/endpoints/projects";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getAdminProjectsQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(projectAdminEndpoints.list, signer);

export const useAdminProjects = (signer: AdminSigner) => useQuery(getAdminProjectsQueryOptions(signer));
