// A widget colour's text colour: the board's tiles and the sections' title bars both use it.

/** WCAG relative luminance of '#RRGGBB'. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two '#RRGGBB' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const TILE_INK = { light: '#FFFFFF', dark: '#111111' } as const;

/**
 * A tile's text colour: white (the colours are chosen dark enough), unless a colour set
 * elsewhere (the desktop product) is too light for white at 4.5:1; then near black.
 */
export function tileInk(color: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) return TILE_INK.light;
  return contrastRatio(color, TILE_INK.light) >= 4.5 ? TILE_INK.light : TILE_INK.dark;
}
