/** Notifications of the signed-in wallet: the list, and marking some read. */
import { defineEndpoint } from "../endpoint";
import {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationListSchema,
} from "../notifications";

export const notificationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/notifications",
    access: "session-read",
    tag: "notifications",
    summary: "The session wallet's notifications, newest first, each with `read`, and the unread count",
    response: notificationListSchema,
    errorStatuses: [401],
  }),
  markRead: defineEndpoint({
    method: "POST",
    path: "/api/notifications/read",
    access: "session-read",
    tag: "notifications",
    summary: "Mark some of the session wallet's notifications read; returns the unread count",
    body: markNotificationsReadSchema,
    response: markNotificationsReadResultSchema,
    errorStatuses: [400, 401],
  }),
} as const;
