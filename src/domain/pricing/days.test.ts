import { describe, expect, it } from 'vitest';
import { civilFromDay, dayFromCivil, dayInfo, dayInfos, isoFromDay, isoWeekday, parseIsoDay, toDay } from './days';

describe('day numbers', () => {
  it('agree with UTC Date for every day from 1900 to 2200', () => {
    const start = Date.UTC(1900, 0, 1) / 86_400_000;
    const end = Date.UTC(2200, 11, 31) / 86_400_000;
    const wrong: number[] = [];
    for (let d = start; d <= end; d += 1) {
      const date = new Date(d * 86_400_000);
      const iso = date.toISOString().slice(0, 10);
      if (isoFromDay(d) !== iso || parseIsoDay(iso) !== d || isoWeekday(d) !== (date.getUTCDay() || 7)) wrong.push(d);
    }
    expect(wrong).toEqual([]);
  });

  it('count leap days and month ends right', () => {
    expect(toDay('2028-03-01') - toDay('2028-02-28')).toBe(2);
    expect(toDay('2027-03-01') - toDay('2027-02-28')).toBe(1);
    expect(toDay('2100-03-01') - toDay('2100-02-28')).toBe(1); // not a leap year
    expect(toDay('2000-03-01') - toDay('2000-02-28')).toBe(2); // is one
    expect(dayFromCivil(1970, 1, 1)).toBe(0);
    expect(civilFromDay(-1)).toEqual({ year: 1969, month: 12, day: 31 });
    expect(dayInfo(toDay('2028-02-29'))).toMatchObject({ iso: '2028-02-29', year: 2028, month: 2, dayOfMonth: 29, weekday: 2, monthDay: 229 });
  });

  it('rejects what is not a calendar date', () => {
    for (const bad of ['2027-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-4-1', '26-04-01', '2026-04-01T00:00:00Z', '', 20260401, null]) expect(parseIsoDay(bad)).toBeNull();
    expect(() => toDay('2026-02-30')).toThrow(RangeError);
  });

  it('does not depend on the process time zone or DST', () => {
    // Nights across the Budapest DST changes are whole days, whatever TZ the server runs in.
    expect(dayInfos(toDay('2026-03-28'), toDay('2026-03-31')).map((d) => d.iso)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(dayInfos(toDay('2026-10-24'), toDay('2026-10-27')).map((d) => d.weekday)).toEqual([6, 7, 1]);
    expect(dayInfos(toDay('2026-01-02'), toDay('2026-01-01'))).toEqual([]);
  });

  it('answers each range with its own days when ranges alternate (the last range is kept), and the kept days cannot be changed', () => {
    const june = dayInfos(toDay('2027-06-01'), toDay('2027-06-04'));
    const july = dayInfos(toDay('2027-07-01'), toDay('2027-07-03'));
    expect(dayInfos(toDay('2027-06-01'), toDay('2027-06-04')).map((d) => d.iso)).toEqual(['2027-06-01', '2027-06-02', '2027-06-03']);
    expect(june.map((d) => d.iso)).toEqual(['2027-06-01', '2027-06-02', '2027-06-03']);
    expect(july.map((d) => d.iso)).toEqual(['2027-07-01', '2027-07-02']);
    expect(dayInfos(toDay('2027-06-01'), toDay('2027-06-05'))).toHaveLength(4);
    expect(() => (june as unknown as unknown[]).push(null)).toThrow(TypeError);
  });
});
