/** `GET /api/admin/semesters/preview/:wallet` (signed): the current semester and what archiving it would capture. */
import { semesterAdminEndpoints } from "@classcoin/shared/endpoints/semesters";
import { useQuery } from "@tanstack/react-query";
import { adminQueryOptions } from "../../../../lib/admin/admin-call";
import type { AdminSigner } from "../../../../lib/admin/admin-signer";

export const getSemesterPreviewQueryOptions = (signer: AdminSigner) =>
  adminQueryOptions(semesterAdminEndpoints.preview, signer);

export const useSemesterPreview = (signer: AdminSigner) => useQuery(getSemesterPreviewQueryOptions(signer));
