/**
 * `POST /api/profiles` (create) or `POST /api/profiles/update` (edit), multipart: wallet, name, birthday,
 * starSign, balance and an optional photo. The server reads the balance from the chain; the field is sent
 * because the spec's form sends it.
 */
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import type { ProfileFields } from "@classcoin/shared/profiles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { getAccountProfileQueryOptions, savedProfileStatus } from "../../../wallet/get-account-profile";
import { useCcBalance } from "../../../wallet/use-cc-balance";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { getProfilesQueryOptions } from "./get-profiles";

export interface SaveProfileInput {
  fields: ProfileFields;
  photo: File | null;
  balance: number | undefined;
  editing: boolean;
}

export function useSaveProfile() {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  const balance = useCcBalance();
  return useMutation({
    mutationFn: async ({ fields, photo, balance, editing }: SaveProfileInput) => {
      const wallet = await prepare();
      const endpoint = editing ? profileEndpoints.update : profileEndpoints.create;
      return callApi(endpoint, {
        body: {
          wallet,
          name: fields.name,
          birthday: fields.birthday,
          starSign: fields.starSign,
          // Always sent from the form: empty clears the bio.
          bio: fields.bio ?? "",
          balance: String(balance ?? 0),
        },
        file: photo,
      });
    },
    onSettled: () => balance.refresh(),
    onSuccess: (profile) => {
      queryClient.setQueryData(getAccountProfileQueryOptions(profile.wallet).queryKey, savedProfileStatus(profile));
      void queryClient.invalidateQueries({ queryKey: getProfilesQueryOptions().queryKey });
    },
  });
}
