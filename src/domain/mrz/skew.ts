// How far a photo of a document is tilted, by the projection profile of its dark pixels: text
// lines make the row histogram peaky when the rows follow them. A 3-degree tilt moves a 44-character
// MRZ line by more than a line height (shared/reference/mrz.md), so the reader needs it straight.

/**
 * The tilt in degrees of a grey image (row-major, one byte per pixel), positive when the text runs
 * downhill to the right (clockwise); rotate by the negative to straighten. Searches +-maxDegrees.
 */
export function estimateSkew(pixels: Uint8Array, width: number, height: number, maxDegrees = 8, step = 0.2): number {
  // Ink = clearly darker than its neighbourhood (adaptive threshold on an integral image), so large
  // dark areas (the table around a card, shadows) do not count, only strokes.
  const radius = 10;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += pixels[y * width + x];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const area = (y1 - y0) * (x1 - x0);
      const local = (integral[y1 * (width + 1) + x1] - integral[y0 * (width + 1) + x1] - integral[y1 * (width + 1) + x0] + integral[y0 * (width + 1) + x0]) / area;
      if (pixels[y * width + x] < local - 12) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return 0;
  const span = Math.ceil(height + width * Math.tan((maxDegrees * Math.PI) / 180)) + 2;
  const rows = new Float64Array(2 * span);
  let best = 0;
  let bestScore = -1;
  for (let degrees = -maxDegrees; degrees <= maxDegrees + 1e-9; degrees += step) {
    const slope = Math.tan((degrees * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i] - xs[i] * slope) + span]++;
    let score = 0;
    for (let r = 0; r < rows.length; r++) score += rows[r] * rows[r];
    if (score > bestScore) {
      bestScore = score;
      best = degrees;
    }
  }
  return Math.round(best * 100) / 100;
}
