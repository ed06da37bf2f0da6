/** A Feed image's address (`GET /api/feed/image/:file`). */
import { endpointUrl } from "@classcoin/shared/endpoint";
import { feedEndpoints } from "@classcoin/shared/endpoints/feed";

export const feedImageUrl = (file: string) => endpointUrl(feedEndpoints.image.path, { file });
