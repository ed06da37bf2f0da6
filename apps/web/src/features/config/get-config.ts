import { type PublicConfig, publicConfigSchema } from "@classcoin/shared/api-meta";
import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";

export async function getConfig(): Promise<PublicConfig> {
  const res = await fetch("/api/config");
  if (!res.ok) throw new Error(`Could not load the app configuration (HTTP ${res.status}).`);
  return publicConfigSchema.parse(await res.json());
}

export const getConfigQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useSuspenseQuery(getConfigQueryOptions()).data;
