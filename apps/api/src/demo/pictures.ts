/**
 * Pictures for the demo community, drawn as SVG and rasterised with sharp, so the demo needs no image
 * files in the repository and goes through the same upload path (storeImage) as a real one.
 */
import sharp from "sharp";

/** A round-cornered avatar with the person's initials (text falls back to shapes only if no font exists). */
export function avatarPng(initials: string, background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <rect width="512" height="512" fill="${background}"/>
  <circle cx="256" cy="256" r="210" fill="#ffffff" fill-opacity="0.18"/>
  <text x="256" y="318" font-family="DejaVu Sans, Arial, sans-serif" font-size="180" font-weight="700"
    fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A deterministic abstract composition (1200x900, downscaled to 1080 wide by the image service). */
export function artworkPng(seed: number, palette: readonly string[]): Promise<Buffer> {
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const colour = () => palette[Math.floor(random() * palette.length)] ?? "#264653";
  const shapes = Array.from({ length: 14 }, () => {
    const x = Math.round(random() * 1200);
    const y = Math.round(random() * 900);
    const size = Math.round(60 + random() * 260);
    return random() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}" fill-opacity="0.85"/>`
      : `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${Math.round(size * 0.6)}"
          fill="${colour()}" fill-opacity="0.8" transform="rotate(${Math.round(random() * 90)} ${x} ${y})"/>`;
  }).join("\n");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
  <rect width="1200" height="900" fill="${palette[0] ?? "#f4f1de"}"/>
  ${shapes}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
