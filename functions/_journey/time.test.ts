import { describe, expect, it } from 'vitest';
import { budapestInstant, hhmm } from './time';

describe('Budapest times', () => {
  it('gives the local time its winter or summer offset', () => {
    expect(budapestInstant('2026-12-10', '15:30')).toBe('2026-12-10T15:30:00+01:00');
    expect(budapestInstant('2026-07-10', '10:00')).toBe('2026-07-10T10:00:00+02:00');
  });

  it('shortens database times to HH:MM', () => {
    expect(hhmm('15:00:00', '14:00')).toBe('15:00');
    expect(hhmm(null, '10:00')).toBe('10:00');
  });
});
