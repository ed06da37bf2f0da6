/**
 * Runs an admin write and tells the admin how it went: the success text of spec §8, or "Error: " + why. A
 * signature the admin declined in the wallet is not an error to report.
 *
 * One run at a time of the same action: a double click submits twice before the mutation's pending state
 * disables the button (React renders it a tick later), and the second signed request was refused as a replay or
 * duplicate, or worse, done twice — two alerts either way. A call made while the same action runs sends nothing
 * and alerts nothing: it waits for the running one and answers undefined, so what the caller does after
 * (closing a confirm step, reading a list again) happens once the running write is answered, not before.
 *
 * "The same action" is `key` (default: the one action of the form that holds the hook). A tab with several
 * actions (a row's Archive, another row's, Cancel, Delete, Create) gives each its key: with one guard for the
 * whole tab, archiving a second profile while the first was being archived was dropped without a word, its
 * button still enabled.
 */
import { messages } from "@classcoin/shared/messages";
import { useCallback, useRef } from "react";
import { useAlert } from "../../ui/alerts";
import { isUserRejection } from "../../wallet/user-rejection";
import { adminErrorDetail } from "./admin-errors";

export interface AdminActOptions {
  /** Before the error's detail (default "Error: "). */
  errorPrefix?: string;
  /** Which action this is, when the hook's holder has more than one (a row's, e.g. `archive:<wallet>`). */
  key?: string;
}

export type AdminAct = <T>(
  run: () => Promise<T>,
  success: (result: T) => string,
  options?: AdminActOptions,
) => Promise<T | undefined>;

export function useAdminAction(): AdminAct {
  const alert = useAlert();
  const running = useRef(new Map<string, Promise<unknown>>());
  return useCallback<AdminAct>(
    async (run, success, { errorPrefix = messages.catalogue.adminActionError, key = "" } = {}) => {
      const inFlight = running.current.get(key);
      if (inFlight) {
        await inFlight;
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
      running.current.set(key, once);
      try {
        return await once;
      } finally {
        running.current.delete(key);
      }
    },
    [alert],
  );
}
