import { describe, expect, it } from 'vitest';
import { rawText } from './rawText';

describe('rawText', () => {
  it('shows UTF-8 raw text as it is and base64 bytes one character per byte', () => {
    expect(rawText('Subject: Árvíz', 'utf8')).toBe('Subject: Árvíz');
    expect(rawText(Buffer.from([0x4b, 0xf6, 0x73, 0x7a, 0x0d, 0x0a]).toString('base64'), 'base64')).toBe('Kösz\r\n');
    expect(rawText('not base64 !!', 'base64')).toBe('not base64 !!');
  });
});
