/**
 * `POST /api/feed` (multipart: authorWallet, text and 1–4 files named `images`) as the connected wallet. The
 * typed client sends one file per form, so this call adds the images to the form it builds.
 */
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { buildRequest, NetworkError, readAnswer } from "../../../lib/api-client";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";

export function useCreateFeedPost() {
  const prepare = usePrepareWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, images }: { text: string; images: File[] }) => {
      const authorWallet = await prepare();
      const { url, init } = buildRequest(feedEndpoints.create, { body: { authorWallet, text } });
      const form = init.body as FormData;
      for (const image of images) form.append(feedEndpoints.create.fileField, image);
      let res: Response;
      try {
        res = await fetch(url, init);
      } catch (error) {
        throw new NetworkError(error);
      }
      return readAnswer(feedEndpoints.create, res);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["feed"] }),
  });
}
