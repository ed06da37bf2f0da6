/**
 * A small deterministic picture for a wallet without a photo: a symmetric 5×5 pattern whose cells and colour
 * come from the address's hex digits, so the same wallet always looks the same.
 */
export function Identicon({ wallet, size = 48 }: { wallet: string; size?: number }) {
  const hex = wallet.toLowerCase().replace(/^0x/, "").padEnd(40, "0");
  const hue = Number.parseInt(hex.slice(0, 3), 16) % 360;
  const cells: { x: number; y: number }[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      const digit = Number.parseInt(hex[3 + y * 3 + x] ?? "0", 16);
      if (digit % 2 === 0) {
        cells.push({ x, y });
        if (x < 2) cells.push({ x: 4 - x, y });
      }
    }
  }
  return (
    <svg width={size} height={size} viewBox="0 0 5 5" aria-hidden="true" className="identicon">
      <rect width="5" height="5" fill={`hsl(${hue} 60% 94%)`} />
      {cells.map((c) => (
        <rect key={`${c.x}-${c.y}`} x={c.x} y={c.y} width="1" height="1" fill={`hsl(${hue} 55% 42%)`} />
      ))}
    </svg>
  );
}
