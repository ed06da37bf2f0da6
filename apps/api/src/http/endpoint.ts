/**
 * Registers a Fastify route from its shared descriptor (packages/shared/src/endpoints): the method and path,
 * the zod schemas that validate the request and serialize the answer, the error statuses (all with the one
 * `{error, errors?}` shape), and the OpenAPI tag and summary. The handler gets the request as its schemas
 * parsed it and returns the success answer; nothing about the call is declared a second time here.
 */
import { apiErrorSchema, type Endpoint } from "@classcoin/shared/endpoint";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
} from "fastify";
import { z } from "zod";
import { cachedRouteOptions } from "./response-cache";

type Parsed<E, Key extends "params" | "query" | "body"> = E extends { [K in Key]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** The request as the descriptor's schemas parsed it (a multipart body is read by the handler itself). */
type EndpointRequest<E extends Endpoint> = FastifyRequest & {
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  body: E extends { bodyKind: "multipart" } ? unknown : Parsed<E, "body">;
};

/** What the handler answers: the success shape (before serialization), or a reply it sent itself (bytes). */
export type EndpointAnswer<E extends Endpoint> = E extends { response: infer R extends z.ZodType }
  ? z.input<R>
  : FastifyReply;

interface EndpointRoute<E extends Endpoint> {
  /** Route config, e.g. a rate limit (`limits.upload`). */
  config?: FastifyContextConfig;
  /** Runs before validation (the admin signature check: an unsigned caller learns nothing of the body rules). */
  preValidation?: preValidationAsyncHookHandler;
  handler(request: EndpointRequest<E>, reply: FastifyReply): Promise<EndpointAnswer<E>>;
}

const bytesAnswer = z.file().describe("The stored bytes, with their Content-Type");

/** The Fastify schema of a descriptor: validation, serialization and the OpenAPI operation. */
function endpointSchema(endpoint: Endpoint): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  // An endpoint that answers bytes sends a Buffer, which Fastify never serializes: this only documents it.
  response[endpoint.successStatus ?? 200] = endpoint.response ?? bytesAnswer;
  for (const status of endpoint.errorStatuses ?? []) response[status] = apiErrorSchema;
  const multipart = endpoint.bodyKind === "multipart";
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body && !multipart ? { body: endpoint.body } : {}),
    ...(multipart ? { consumes: ["multipart/form-data"] } : {}),
    response,
  };
}

export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, route: EndpointRoute<E>): void {
  const successStatus = endpoint.successStatus;
  const invalidates = endpoint.invalidates;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: endpointSchema(endpoint),
    ...(route.config ? { config: route.config } : {}),
    ...(route.preValidation ? { preValidation: route.preValidation } : {}),
    // `cache: [tags]`: answers kept in the response cache (http/response-cache.ts), checked before anything runs.
    ...cachedRouteOptions(app, endpoint),
    async handler(request, reply) {
      if (successStatus) reply.code(successStatus);
      // Validated against the descriptor's schemas before the handler runs.
      if (!invalidates) return route.handler(request as EndpointRequest<E>, reply);
      try {
        return await route.handler(request as EndpointRequest<E>, reply);
      } finally {
        // Also after a failure: part of the write may have happened. Before the reply goes out, so the
        // writer's next read on this instance misses (other instances hear the trigger's NOTIFY).
        app.responseCache?.invalidate(invalidates);
      }
    },
  });
}
