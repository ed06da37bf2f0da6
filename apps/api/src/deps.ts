/**
 * What the app is built from (configuration, database, chain client) and Fastify's type declarations for
 * it. Its own module, so a service that needs the dependencies' type does not import the app that
 * registers it.
 */
import type { FastifyInstance } from "fastify";
import type { PublicClient } from "viem";
import type { Config } from "./config";
import type { Database } from "./db/client";

export interface AppDeps {
  config: Config;
  database: Database;
  chain: PublicClient;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;
