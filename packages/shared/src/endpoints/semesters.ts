/** Semesters (issue 18): the admin's archive and reset, and the public read-only archives at /archive. */
import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import {
  archiveParamsSchema,
  archiveSchema,
  archiveSemesterResponseSchema,
  archiveSemesterSchema,
  archiveSummarySchema,
  archiveTransactionsPageSchema,
  archiveTransactionsQuerySchema,
  removeFromArchiveResponseSchema,
  removeFromArchiveSchema,
  semesterPreviewSchema,
  startSemesterResponseSchema,
  startSemesterSchema,
} from "../semesters";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const archiveEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/archives",
    access: "public-read",
    // Read-only once written; "semester.archived" and "semester.reset" clear them.
    cache: ["archives"],
    tag: "archives",
    summary: "Every semester archive, newest first",
    response: z.array(archiveSummarySchema),
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/archives/:archiveId",
    access: "public-read",
    cache: ["archives"],
    tag: "archives",
    summary: "One archive: profiles, projects, forum, bounties, predictions and leaderboard as archived",
    params: archiveParamsSchema,
    response: archiveSchema,
    errorStatuses: [400, 404],
  }),
  transactions: defineEndpoint({
    method: "GET",
    path: "/api/archives/:archiveId/transactions",
    access: "public-read",
    cache: ["archives"],
    tag: "archives",
    summary: "An archive's explorer transactions, newest first, paged",
    params: archiveParamsSchema,
    query: archiveTransactionsQuerySchema,
    response: archiveTransactionsPageSchema,
    errorStatuses: [400, 404],
  }),
} as const;

export const semesterAdminEndpoints = {
  preview: adminGetEndpoint({
    path: "/api/admin/semesters/preview/:wallet",
    tag: "admin",
    summary: "The current semester and what archiving it would capture now (admin)",
    response: semesterPreviewSchema,
  }),
  archive: adminPostEndpoint({
    path: "/api/admin/semesters/archive",
    tag: "admin",
    summary: "Archive the current semester read-only under a name; archiving again replaces its archive (admin)",
    fields: archiveSemesterSchema,
    response: archiveSemesterResponseSchema,
    // The archived leaderboard reads balances on chain (503 when the chain cannot be reached).
    errorStatuses: [503],
  }),
  start: adminPostEndpoint({
    path: "/api/admin/semesters/start",
    tag: "admin",
    summary: "Start a new semester: clear the class (bounties stay, the whitelist optionally cleared) (admin)",
    fields: startSemesterSchema,
    response: startSemesterResponseSchema,
    errorStatuses: [409],
  }),
  removeFromArchive: adminPostEndpoint({
    path: "/api/admin/archives/remove",
    tag: "admin",
    summary:
      "Take a post, comment, submission or student out of an archive; the explorer shows a removed student's wallet (admin)",
    fields: removeFromArchiveSchema,
    response: removeFromArchiveResponseSchema,
    // 409: the current semester's archive (written again from the live class).
    errorStatuses: [404, 409],
    invalidates: ["archives"],
  }),
} as const;
