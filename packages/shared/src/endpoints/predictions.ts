/** Predictions (issue 18), shown on /projects for projects 2–4; the admin opens and closes them. */
import { z } from "zod";
import { adminSuccessSchema } from "../admin";
import { defineEndpoint } from "../endpoint";
import {
  adminPredictionRoundSchema,
  makePredictionBodySchema,
  predictionParamsSchema,
  predictionRoundSchema,
  predictionSchema,
  setPredictionRoundSchema,
} from "../predictions";
import { adminGetEndpoint, adminPostEndpoint } from "./admin-call";

export const predictionEndpoints = {
  round: defineEndpoint({
    method: "GET",
    path: "/api/predictions/:projectNumber",
    access: "public-read",
    tag: "predictions",
    summary: "A project's predictions: status, candidates, the caller's own, and once closed all of them",
    params: predictionParamsSchema,
    response: predictionRoundSchema,
    errorStatuses: [400],
  }),
  make: defineEndpoint({
    method: "POST",
    path: "/api/predictions",
    access: "session-write",
    tag: "predictions",
    summary: "Predict which classmate's submission will receive the most CC (once per project, locked)",
    body: makePredictionBodySchema,
    response: predictionSchema,
    errorStatuses: [400, 401, 403, 404, 409, 429],
  }),
} as const;

export const predictionAdminEndpoints = {
  list: adminGetEndpoint({
    path: "/api/admin/predictions/:wallet",
    tag: "admin",
    summary: "Every project's predictions, whatever their status (admin)",
    response: z.array(adminPredictionRoundSchema),
  }),
  setRound: adminPostEndpoint({
    path: "/api/admin/predictions/round",
    tag: "admin",
    summary: "Open or close predictions for project 2, 3 or 4 (admin)",
    fields: setPredictionRoundSchema,
    response: adminSuccessSchema.extend({ round: adminPredictionRoundSchema }),
  }),
} as const;
