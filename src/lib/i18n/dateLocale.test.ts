import { describe, expect, it } from 'vitest';
import { pickDateLocale } from './dateLocale';

describe('date picker locale', () => {
  it('follows the browser language', () => {
    expect(pickDateLocale(['hu-HU', 'en']).code).toBe('hu');
    expect(pickDateLocale(['hu']).code).toBe('hu');
    expect(pickDateLocale(['en-GB']).code).toBe('en-GB');
  });
  it('falls back to en-US for other or missing languages', () => {
    expect(pickDateLocale(['de-DE', 'fr']).code).toBe('en-US');
    expect(pickDateLocale([]).code).toBe('en-US');
    expect(pickDateLocale(['en-AU']).code).toBe('en-US');
  });
  it('takes the first supported language in the browser order', () => {
    expect(pickDateLocale(['de', 'en-GB', 'hu']).code).toBe('en-GB');
  });
});
