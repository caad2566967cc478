import { describe, expect, it } from 'vitest';
import { boardRows, parseWeek, removalSchema, statusCounts, weekDays, weekStart } from './board';

describe('week', () => {
  it('starts on Monday', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekDays('2026-11-23')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
  it('reads the week from the URL or falls back to this week', () => {
    expect(parseWeek('2026-12-02', '2026-11-25')).toBe('2026-11-30');
    expect(parseWeek('2026-02-30', '2026-11-25')).toBe('2026-11-23');
    expect(parseWeek(['x'], '2026-11-25')).toBe('2026-11-23');
  });
});

describe('boardRows', () => {
  it('puts each cleaning in its unit row and day cell', () => {
    const days = weekDays('2026-11-23');
    const rows = boardRows(['u1', 'u2'], days, [
      { id: 'a', unit_id: 'u1', date: '2026-11-24', status: 'NEW' },
      { id: 'b', unit_id: 'u1', date: '2026-11-24', status: 'OBSOLETE' },
      { id: 'c', unit_id: 'u2', date: '2026-11-29', status: 'ACKNOWLEDGED' },
      { id: 'd', unit_id: 'u3', date: '2026-11-24', status: 'NEW' },
      { id: 'e', unit_id: 'u2', date: '2026-11-30', status: 'NEW' },
    ]);
    expect(rows[0].cells[1].map((c) => c.id)).toEqual(['a', 'b']);
    expect(rows[1].cells[6].map((c) => c.id)).toEqual(['c']);
    expect(rows.flatMap((r) => r.cells.flat()).length).toBe(3);
    expect(statusCounts(rows.flatMap((r) => r.cells.flat()))).toEqual({ NEW: 1, ACKNOWLEDGED: 1, OBSOLETE: 1, REMOVED: 0 });
  });
});

describe('removalSchema', () => {
  it('needs a reason of 3-500 characters', () => {
    expect(() => removalSchema.validateSync({ reason: '  ' })).toThrow('cleanings:validation.reasonRequired');
    expect(() => removalSchema.validateSync({ reason: 'ok' })).toThrow('cleanings:validation.reasonMin');
    expect(() => removalSchema.validateSync({ reason: 'x'.repeat(501) })).toThrow('cleanings:validation.reasonMax');
    expect(removalSchema.validateSync({ reason: ' Owner stays ' })).toEqual({ reason: 'Owner stays' });
  });
});
