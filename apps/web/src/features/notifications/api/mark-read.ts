/** `POST /api/notifications/read {ids}`: the list shows them read at once; the server's unread count follows. */
import { notificationEndpoints } from "@classcoin/shared/endpoints/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { getNotificationsQueryOptions } from "./get-notifications";

export function useMarkRead(wallet: string | undefined) {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationsQueryOptions(wallet, true);
  return useMutation({
    mutationFn: (ids: string[]) => callApi(notificationEndpoints.markRead, { body: { ids } }),
    onMutate: (ids) => {
      queryClient.setQueryData(queryKey, (list) =>
        list
          ? {
              notifications: list.notifications.map((n) => (ids.includes(n._id) ? { ...n, read: true } : n)),
              unread: Math.max(
                0,
                list.unread - list.notifications.filter((n) => ids.includes(n._id) && !n.read).length,
              ),
            }
          : list,
      );
    },
    onSuccess: ({ unread }) => queryClient.setQueryData(queryKey, (list) => (list ? { ...list, unread } : list)),
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
