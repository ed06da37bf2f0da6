/** The admin panel's rows of the error catalogue (spec §8 "Admin"). */
import { messages } from "@classcoin/shared/messages";
import { ApiError, NetworkError } from "../api-client";
import { AdminSignatureError } from "./admin-signer";

/** What went wrong, in the words the catalogue appends to "<Tab> error: ", "Error: " or "Deploy failed: ". */
export function adminErrorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.errors?.length ? error.errors.join(", ") : error.message;
  if (error instanceof AdminSignatureError || error instanceof NetworkError) {
    return error instanceof NetworkError ? messages.catalogue.network : messages.admin.checkWallet;
  }
  return error instanceof Error ? error.message : String(error);
}
