/** `GET /api/notifications`: the signed-in wallet's notifications (only asked with a session of that wallet). */
import { notificationEndpoints } from "@classcoin/shared/endpoints/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";

export const getNotifications = () => callApi(notificationEndpoints.list);

export const getNotificationsQueryOptions = (wallet: string | undefined, signedIn: boolean) =>
  queryOptions({
    queryKey: ["notifications", wallet ?? null],
    queryFn: getNotifications,
    enabled: wallet !== undefined && signedIn,
  });

export const useNotifications = (wallet: string | undefined, signedIn: boolean) =>
  useQuery(getNotificationsQueryOptions(wallet, signedIn));
