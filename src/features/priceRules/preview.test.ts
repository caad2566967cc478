// The assigner's sample month: before/after prices from the pricing engine, pinned.
import { describe, expect, it } from 'vitest';
import { rateRow } from '@/test/rateRows';
import { monthRange, previewAssignment, type PreviewRate } from './preview';

const unit = { id: 'u1', occ_adults: 2, occ_children: 0, occ_infants: 0 };
const rate = (id: string, over: Partial<PreviewRate> = {}): PreviewRate => ({ ...rateRow({ id, name: id }), rate_dates: [], price_rule_assignments: [], unit, ...over });
const weekend = { id: 'w', name: 'Weekend', type: 'simple', priority: 10, conditions: [{ field: 'weekday', op: 'in', value: [6, 7] }], results: { type: 'PERCENT', value: 20 }, is_active: true };

describe('previewAssignment', () => {
  const month = monthRange('2026-02')!;
  it('prices February 2026 before and after assigning a weekend rule', () => {
    const [p] = previewAssignment({ rates: [rate('r1')], rateIds: ['r1'], rule: weekend, assigned: new Set(['r1']), month, today: '2026-01-01' });
    expect(p.before).toHaveLength(28);
    // 8 weekend nights in February 2026 at 120 instead of 100.
    expect(p.changed).toBe(8);
    expect(p.after.filter((x) => x === 12000)).toHaveLength(8);
    expect(p.averageBefore).toBe(10000);
    expect(p.averageAfter).toBe(Math.round((20 * 10000 + 8 * 12000) / 28));
  });
  it('shows removing a rule as the reverse, and a derived rate following its parent', () => {
    const withRule = rate('r1', { price_rule_assignments: [{ price_rule: weekend }] });
    const child = rate('r2', { parent_rate_id: 'r1', derived_change_type: 'PERCENT', derived_change_value: '-10' });
    const [parent, derived] = previewAssignment({ rates: [withRule, child], rateIds: ['r1', 'r2'], rule: weekend, assigned: new Set(), month, today: '2026-01-01' });
    expect(parent.averageAfter).toBe(10000);
    expect(parent.changed).toBe(8);
    expect(derived.averageBefore).toBe(Math.round((20 * 9000 + 8 * 10800) / 28));
    expect(derived.averageAfter).toBe(9000);
  });
  it('reads only real months', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(monthRange('2024-13')).toBeNull();
    expect(monthRange('junk')).toBeNull();
  });
});
