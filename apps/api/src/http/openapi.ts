/**
 * The OpenAPI document, generated from the routes' zod schemas: the UI at /api/docs, the JSON at
 * /api/docs/json. Registered before the routes so that every route is seen.
 */

import { PRODUCT_NAME } from "@classcoin/shared/constants";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const DOCS_PREFIX = "/api/docs";

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          "Community platform API. User writes need a Sign-In with Ethereum session (GET /api/auth/nonce, " +
          "POST /api/auth/verify) whose wallet is the acting wallet; admin calls carry a signed message.",
        version: "1.0.0",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
