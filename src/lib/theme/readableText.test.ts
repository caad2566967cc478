import { contrastRatio, readableTextOn } from './readableText';

describe('readable text on a label colour', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The demo "Pet friendly" green with white text fails AA (3.3:1); black passes.
    expect(contrastRatio('#43a047', '#ffffff')).toBeCloseTo(3.3, 1);
    expect(contrastRatio('#43a047', '#000000')).toBeGreaterThan(4.5);
  });

  it('picks white on dark colours and black on light ones, always at least 4.5:1', () => {
    expect(readableTextOn('#8e24aa')).toBe('#ffffff');
    expect(readableTextOn('#1f5f8b')).toBe('#ffffff');
    expect(readableTextOn('#43a047')).toBe('#000000');
    expect(readableTextOn('#fb8c00')).toBe('#000000');
    expect(readableTextOn('#FFFF00')).toBe('#000000');
    for (let v = 0; v < 256; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to black for anything that is not #rrggbb', () => {
    expect(readableTextOn('green')).toBe('#000000');
    expect(readableTextOn('')).toBe('#000000');
  });
});
