// The task list's filters as a GraphQL where (one statement on the server, paged): state, type,
// assignee (me / nobody), due by, and the scope of a panel (a booking, a thread or a unit).
import type { TaskFilters } from '@/domain/tasks';
import type { tasks_bool_exp } from '@/lib/graphql/schema.generated';

/**
 * A panel's scope. A thread's panel also names the thread's booking (if any), so a task added
 * there is on the booking too: a property manager's task must name a booking or unit of theirs.
 */
export type TaskScope = { bookingId: string } | { threadId: string; threadBookingId?: string | null } | { unitId: string };

export function taskWhere(filters: Omit<TaskFilters, 'page'>, me: string, scope?: TaskScope): tasks_bool_exp {
  const and: tasks_bool_exp[] = [];
  if (filters.state === 'open') and.push({ completed: { _eq: false } });
  if (filters.state === 'done') and.push({ completed: { _eq: true } });
  if (filters.type) and.push({ type: { _eq: filters.type } });
  if (filters.assignee === 'me') and.push({ assigned_user_id: { _eq: me } });
  if (filters.assignee === 'unassigned') and.push({ assigned_user_id: { _is_null: true } });
  if (filters.dueBy) and.push({ due_date: { _lte: filters.dueBy } });
  if (scope && 'bookingId' in scope) and.push({ booking_id: { _eq: scope.bookingId } });
  if (scope && 'threadId' in scope) and.push({ thread_id: { _eq: scope.threadId } });
  if (scope && 'unitId' in scope) and.push({ _or: [{ unit_id: { _eq: scope.unitId } }, { cleaning: { unit_id: { _eq: scope.unitId } } }] });
  return and.length ? { _and: and } : {};
}
