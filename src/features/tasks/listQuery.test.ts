import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_FILTERS } from '@/domain/tasks';
import { taskWhere } from './listQuery';

describe('taskWhere', () => {
  it('open tasks by default, everything when all', () => {
    expect(taskWhere(DEFAULT_TASK_FILTERS, 'me-id')).toEqual({ _and: [{ completed: { _eq: false } }] });
    expect(taskWhere({ ...DEFAULT_TASK_FILTERS, state: 'all' }, 'me-id')).toEqual({});
  });
  it('combines type, assignee, due date and a panel scope', () => {
    expect(taskWhere({ state: 'done', type: 'todo', assignee: 'me', dueBy: '2026-12-01' }, 'me-id', { bookingId: 'b1' })).toEqual({
      _and: [{ completed: { _eq: true } }, { type: { _eq: 'todo' } }, { assigned_user_id: { _eq: 'me-id' } }, { due_date: { _lte: '2026-12-01' } }, { booking_id: { _eq: 'b1' } }],
    });
    expect(taskWhere({ ...DEFAULT_TASK_FILTERS, state: 'all', assignee: 'unassigned' }, 'me-id', { unitId: 'u1' })).toEqual({
      _and: [{ assigned_user_id: { _is_null: true } }, { _or: [{ unit_id: { _eq: 'u1' } }, { cleaning: { unit_id: { _eq: 'u1' } } }] }],
    });
    expect(taskWhere({ ...DEFAULT_TASK_FILTERS, state: 'all' }, 'me-id', { threadId: 't1' })).toEqual({ _and: [{ thread_id: { _eq: 't1' } }] });
  });
});
