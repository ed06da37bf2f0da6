/**
 * Runs an admin write and tells the admin how it went: the success text of spec §8, or "Error: " + why. A
 * signature the admin declined in the wallet is not an error to report.
 */
import { messages } from "@classcoin/shared/messages";
import { useCallback } from "react";
import { useAlert } from "../../ui/alerts";
import { isUserRejection } from "../../wallet/user-rejection";
import { adminErrorDetail } from "./admin-errors";

export function useAdminAction() {
  const alert = useAlert();
  return useCallback(
    async <T>(
      run: () => Promise<T>,
      success: (result: T) => string,
      errorPrefix: string = messages.catalogue.adminActionError,
    ): Promise<T | undefined> => {
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
    },
    [alert],
  );
}
