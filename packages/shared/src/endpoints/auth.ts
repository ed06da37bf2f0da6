/** Sign-In with Ethereum (EIP-4361): nonce → signed message → session cookie; who am I; sign out. */
import {
  logoutResponseSchema,
  sessionResponseSchema,
  sessionStateSchema,
  siweNonceResponseSchema,
  siweVerifyRequestSchema,
} from "../auth";
import { defineEndpoint } from "../endpoint";

export const authEndpoints = {
  nonce: defineEndpoint({
    method: "GET",
    path: "/api/auth/nonce",
    access: "auth",
    tag: "auth",
    summary: "A one-time nonce for a Sign-In with Ethereum (EIP-4361) message",
    response: siweNonceResponseSchema,
    errorStatuses: [429],
  }),
  verify: defineEndpoint({
    method: "POST",
    path: "/api/auth/verify",
    access: "auth",
    tag: "auth",
    summary: "Check a signed EIP-4361 message and open a wallet session (httpOnly cookie)",
    body: siweVerifyRequestSchema,
    response: sessionResponseSchema,
    errorStatuses: [400, 401, 403, 429],
  }),
  me: defineEndpoint({
    method: "GET",
    path: "/api/auth/me",
    access: "auth",
    tag: "auth",
    summary: "The signed-in wallet, or 401",
    response: sessionResponseSchema,
    errorStatuses: [401],
  }),
  session: defineEndpoint({
    method: "GET",
    path: "/api/auth/session",
    access: "auth",
    tag: "auth",
    summary: "The signed-in wallet, or null: the web app's question before a write (no error when none)",
    response: sessionStateSchema,
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/api/auth/logout",
    access: "auth",
    tag: "auth",
    summary: "End the session server-side and clear its cookie",
    response: logoutResponseSchema,
    errorStatuses: [403],
  }),
} as const;
