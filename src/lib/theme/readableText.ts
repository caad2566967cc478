// Text on a user-chosen colour (label chips): black or white, whichever contrasts more. One of the
// two always reaches WCAG AA's 4.5:1 for normal text, whatever the background.

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour for a background; unreadable input falls back to black on the theme's chips. */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#000000';
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}
