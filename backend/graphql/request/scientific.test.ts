// Numbers in Hasura's messages are written as Haskell shows a Scientific.
import { describe, expect, it } from 'vitest';
import { integerOutOfBounds, showScientific } from './scientific';

describe('showScientific', () => {
  it('writes numbers as Haskell\'s Scientific show does', () => {
    expect(showScientific('2147483648')).toBe('2.147483648e9');
    expect(showScientific('-2147483649')).toBe('-2.147483649e9');
    expect(showScientific('1.5')).toBe('1.5');
    expect(showScientific('100')).toBe('100.0');
    expect(showScientific('12345678')).toBe('1.2345678e7');
    expect(showScientific('1234567')).toBe('1234567.0');
    expect(showScientific('0.5')).toBe('0.5');
    expect(showScientific('0.05')).toBe('5.0e-2');
    expect(showScientific('-3E-4')).toBe('-3.0e-4');
    expect(showScientific('12.50')).toBe('12.5');
    expect(showScientific('0')).toBe('0.0');
    expect(showScientific('1e21')).toBe('1.0e21');
  });

  it('gives Hasura\'s message for an integer out of bounds', () => {
    expect(integerOutOfBounds('2147483648')).toBe('The value 2.147483648e9 lies outside the bounds or is not an integer. Maybe it is a float, or is there integer overflow?');
  });
});
