/** `GET /api/config`: the chain, token and admin settings this deployment runs with (read once per page load). */
import { configEndpoints } from "@classcoin/shared/endpoints/config";
import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { ApiError, callApi } from "../../lib/api-client";

export async function getConfig() {
  try {
    return await callApi(configEndpoints.config);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Could not load the app configuration (HTTP ${error.status}).`);
    throw error;
  }
}

export const getConfigQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useSuspenseQuery(getConfigQueryOptions()).data;
