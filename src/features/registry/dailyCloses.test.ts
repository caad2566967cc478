import { describe, expect, it } from 'vitest';
import { dayStates, lastDays } from './dailyCloses';

describe('daily close per day', () => {
  it('lists the days before today, oldest first', () => {
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
  it('is closed once accepted, else the newest row decides; no row is missing', () => {
    const rows = [
      { report_date: '2026-02-28', status: 'error', reason: 'rejected: x' },
      { report_date: '2026-02-28', status: 'success', reason: null },
      { report_date: '2026-03-01', status: 'error', reason: 'rejected: residentialUnits.all: 3' },
      { report_date: '2026-02-26', status: 'pending', reason: null },
    ];
    expect(dayStates(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01'], rows)).toEqual([
      { day: '2026-02-26', state: 'pending', reason: null },
      { day: '2026-02-27', state: 'missing', reason: null },
      { day: '2026-02-28', state: 'closed', reason: null },
      { day: '2026-03-01', state: 'failed', reason: 'rejected: residentialUnits.all: 3' },
    ]);
  });
});
