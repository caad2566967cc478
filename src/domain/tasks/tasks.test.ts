import { describe, expect, it } from 'vitest';
import { isOverdue, needsReplyAction, needsReplyTitle, parseTaskFilters, taskFiltersQuery, taskSchema } from './tasks';

describe('needsReplyAction', () => {
  it('opens one task while the guest waits and closes it once answered', () => {
    expect(needsReplyAction(true, 0)).toBe('open');
    expect(needsReplyAction(true, 1)).toBe('none');
    expect(needsReplyAction(false, 1)).toBe('close');
    expect(needsReplyAction(false, 0)).toBe('none');
  });
  it('titles the task after the guest', () => {
    expect(needsReplyTitle('Kiss Anna', 'Late arrival')).toBe('Reply to Kiss Anna');
    expect(needsReplyTitle(' ', 'Late arrival')).toBe('Reply to Late arrival');
    expect(needsReplyTitle(null, null)).toBe('Reply to guest');
    expect(needsReplyTitle('x'.repeat(300), null)).toHaveLength(200);
  });
});

describe('task filters in the URL', () => {
  it('parses known values and falls back on the rest', () => {
    expect(parseTaskFilters({})).toEqual({ state: 'open', type: null, assignee: 'anyone', dueBy: null, page: 0 });
    expect(parseTaskFilters({ state: 'done', type: 'todo', assignee: 'me', due: '2026-12-01', page: '3' })).toEqual({ state: 'done', type: 'todo', assignee: 'me', dueBy: '2026-12-01', page: 3 });
    expect(parseTaskFilters({ state: 'x', type: 'drop', assignee: ['unassigned'], due: '2026-13-01', page: '-1' })).toEqual({ state: 'open', type: null, assignee: 'unassigned', dueBy: null, page: 0 });
  });
  it('writes only what differs from the default and round-trips', () => {
    expect(taskFiltersQuery(parseTaskFilters({}))).toEqual({});
    const q = { state: 'all', type: 'needsreply', assignee: 'unassigned', due: '2026-12-01', page: '2' };
    expect(taskFiltersQuery(parseTaskFilters(q))).toEqual(q);
  });
});

describe('taskSchema', () => {
  it('accepts a to-do and refuses needsreply, empty titles and bad dates', () => {
    expect(taskSchema.validateSync({ type: 'todo', title: ' Fix tap ', dueDate: '', assignedUserId: '' })).toEqual({ type: 'todo', title: 'Fix tap', description: '', dueDate: null, assignedUserId: null });
    expect(() => taskSchema.validateSync({ type: 'needsreply', title: 'x' })).toThrow('tasks:validation.type');
    expect(() => taskSchema.validateSync({ type: 'todo', title: '  ' })).toThrow('tasks:validation.titleRequired');
    expect(() => taskSchema.validateSync({ type: 'todo', title: 'x'.repeat(201) })).toThrow('tasks:validation.titleMax');
    expect(() => taskSchema.validateSync({ type: 'note', title: 'x', dueDate: '2026-02-30' })).toThrow('tasks:validation.dueDate');
  });
  it('is overdue only when open and due before today', () => {
    expect(isOverdue({ completed: false, dueDate: '2026-11-24' }, '2026-11-25')).toBe(true);
    expect(isOverdue({ completed: false, dueDate: '2026-11-25' }, '2026-11-25')).toBe(false);
    expect(isOverdue({ completed: true, dueDate: '2026-11-01' }, '2026-11-25')).toBe(false);
    expect(isOverdue({ completed: false, dueDate: null }, '2026-11-25')).toBe(false);
  });
});
