import { describe, expect, it } from 'vitest';
import { estimateSkew } from './skew';

/** White image with dark horizontal bars (text lines) tilted by `degrees` clockwise. */
function tiltedLines(degrees: number, width = 400, height = 200): Uint8Array {
  const pixels = new Uint8Array(width * height).fill(230);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (const line of [60, 100, 140]) {
    for (let x = 20; x < width - 20; x++) {
      if (x % 9 < 2) continue; // gaps between characters
      for (let t = 0; t < 8; t++) {
        const y = Math.round(line + t + x * slope);
        if (y >= 0 && y < height) pixels[y * width + x] = 30;
      }
    }
  }
  return pixels;
}

describe('estimateSkew', () => {
  it('finds the tilt of text lines within a step', () => {
    for (const degrees of [-4, -2.6, 0, 1.4, 3.2]) expect(Math.abs(estimateSkew(tiltedLines(degrees), 400, 200) - degrees)).toBeLessThanOrEqual(0.21);
  });

  it('says 0 for an image without ink', () => {
    expect(estimateSkew(new Uint8Array(400 * 200).fill(200), 400, 200)).toBe(0);
  });
});
