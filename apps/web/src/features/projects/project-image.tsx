/** A submission's image (`GET /api/projects/image/:file`, stored at most 1080×1080). */
import { endpointUrl } from "@classcoin/shared/endpoint";
import { imageEndpoints } from "@classcoin/shared/endpoints/images";

export const projectImageUrl = (image: string) => endpointUrl(imageEndpoints.projectImage.path, { file: image });

export function ProjectImage({ image, title }: { image: string; title: string }) {
  return <img className="project-image" src={projectImageUrl(image)} alt={title} loading="lazy" decoding="async" />;
}
