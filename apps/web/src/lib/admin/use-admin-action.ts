/**
 * Runs an admin write and tells the admin how it went: the success text of spec §8, or "Error: " + why. A
 * signature the admin declined in the wallet is not an error to report.
 *
 * One write at a time per form: a double click submits twice before the mutation's pending state disables the
 * button (React renders it a tick later), and the second signed request was refused as a replay or duplicate,
 * or worse, done twice — two alerts either way. A call made while one runs sends nothing and alerts nothing: it
 * waits for the running one and answers undefined, so what the caller does after (closing a confirm step,
 * reading a list again) happens once the running write is answered, not before. The buttons themselves are
 * disabled by their mutation's pending state once it renders.
 */
import { messages } from "@classcoin/shared/messages";
import { useCallback, useRef } from "react";
import { useAlert } from "../../ui/alerts";
import { isUserRejection } from "../../wallet/user-rejection";
import { adminErrorDetail } from "./admin-errors";

export type AdminAct = <T>(
  run: () => Promise<T>,
  success: (result: T) => string,
  errorPrefix?: string,
) => Promise<T | undefined>;

export function useAdminAction(): AdminAct {
  const alert = useAlert();
  const running = useRef<Promise<unknown> | null>(null);
  return useCallback<AdminAct>(
    async (run, success, errorPrefix = messages.catalogue.adminActionError) => {
      if (running.current) {
        await running.current;
        return undefined;
      }
      const once = (async () => {
        try {
          const result = await run();
          void alert(success(result));
          return result;
        } catch (error) {
          if (isUserRejection(error)) return undefined;
          console.error("Admin action failed", error);
          void alert(errorPrefix + adminErrorDetail(error));
          return undefined;
        }
      })();
      running.current = once;
      try {
        return await once;
      } finally {
        running.current = null;
      }
    },
    [alert],
  );
}
