/** Sign-In with Ethereum (EIP-4361) request and response shapes, shared by the API and the web app. */
import { z } from "zod";
import { signatureSchema } from "./primitives";

export const siweNonceResponseSchema = z.object({ nonce: z.string() });

export const siweVerifyRequestSchema = z.object({
  /** The EIP-4361 message text exactly as the wallet signed it. */
  message: z.string().min(1, "message is required").max(4000, "message is too long"),
  signature: signatureSchema,
});

/** The signed-in wallet, lowercased. */
export const sessionResponseSchema = z.object({ wallet: z.string() });

/** `GET /api/auth/session`: the signed-in wallet, or null (not an error: a visitor simply has none). */
export const sessionStateSchema = z.object({ wallet: z.string().nullable() });

export const logoutResponseSchema = z.object({ ok: z.literal(true) });
