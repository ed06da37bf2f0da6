/** A submission's image (`GET /api/projects/image/:file`, stored at most 1080×1080). */
export function ProjectImage({ image, title }: { image: string; title: string }) {
  return (
    <img
      className="project-image"
      src={`/api/projects/image/${encodeURIComponent(image)}`}
      alt={title}
      loading="lazy"
      decoding="async"
    />
  );
}
