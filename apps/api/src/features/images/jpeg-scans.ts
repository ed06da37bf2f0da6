/**
 * The number of scans in a JPEG, counted from its markers before anything is decoded. A progressive JPEG
 * repeats its scans, each refining every block of the image, and nothing in the format limits how many: an
 * 825 KB file of 8,000 × 6,000 with 6,000 near-empty scans took 225 s of a decoder (5 ms a scan) while other
 * students' photos waited behind it, and 5 MB holds 65,000. Real encoders write 1 (baseline) to about 12.
 */

/** More scans than this is a crafted file, refused before decoding (libjpeg-turbo suggests 100 for untrusted input). */
export const MAX_JPEG_SCANS = 100;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Start-of-scan markers in `bytes` (a JPEG), counting at most `stopAfter + 1`; a file that ends early or
 * breaks the marker syntax is left to the decoder, which refuses it.
 */
export function countJpegScans(bytes: Buffer, stopAfter = MAX_JPEG_SCANS): number {
  let scans = 0;
  let i = 2; // past SOI
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return scans;
    let marker = bytes[i + 1]!;
    while (marker === 0xff && i + 2 < bytes.length) marker = bytes[++i + 1]!; // fill bytes
    i += 2;
    if (marker === 0xd9) return scans; // EOI
    if (isRestart(marker) || marker === 0x01) continue; // no length
    if (i + 1 >= bytes.length) return scans;
    const length = bytes.readUInt16BE(i);
    i += length;
    if (marker !== 0xda) continue;
    if (++scans > stopAfter) return scans;
    // Entropy-coded data runs to the next marker: 0xFF not followed by 0x00 (a stuffed byte) or a restart.
    while (i + 1 < bytes.length && !(bytes[i] === 0xff && bytes[i + 1] !== 0x00 && !isRestart(bytes[i + 1]!))) i++;
  }
  return scans;
}
