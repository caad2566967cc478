// A page of tasks for the filters (and a panel's scope), with the writes the list offers:
// add, complete/reopen, assign, reschedule.
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { TASK_PAGE_SIZE, type TaskFilters, type TaskFormValues } from '@/domain/tasks';
import { useWrite } from '@/components/form/useWrite';
import { refetching } from '@/lib/apollo/refetching';
import type { tasks_set_input } from '@/lib/graphql/schema.generated';
import { useSessionUser } from '@/features/shell';
import { TaskListDocument } from '../graphql/taskList.generated';
import { InsertTaskDocument } from '../graphql/insertTask.generated';
import { UpdateTaskDocument } from '../graphql/updateTask.generated';
import { TaskAssigneesDocument } from '../graphql/taskAssignees.generated';
import { taskWhere, type TaskScope } from '../listQuery';
import { LIST_QUERY_OPTIONS } from '@/lib/apollo/listQuery';

export function useTasks(filters: TaskFilters, me: string, scope?: TaskScope, pageSize = TASK_PAGE_SIZE) {
  const where = useMemo(() => taskWhere(filters, me, scope), [filters, me, scope]);
  const list = useQuery(TaskListDocument, { variables: { where, limit: pageSize, offset: filters.page * pageSize }, ...LIST_QUERY_OPTIONS });
  const people = useQuery(TaskAssigneesDocument);
  const [insert] = useMutation(InsertTaskDocument, refetching('TaskList'));
  const [update] = useMutation(UpdateTaskDocument, refetching('TaskList'));
  const write = useWrite();

  const add = useCallback(
    (v: TaskFormValues) =>
      write(() =>
        insert({
          variables: {
            task: {
              type: v.type, title: v.title, description: v.description || null, due_date: v.dueDate, assigned_user_id: v.assignedUserId,
              booking_id: scope && 'bookingId' in scope ? scope.bookingId : scope && 'threadId' in scope ? (scope.threadBookingId ?? null) : null,
              thread_id: scope && 'threadId' in scope ? scope.threadId : null,
              unit_id: scope && 'unitId' in scope ? scope.unitId : null,
            },
          },
        }),
      ),
    [write, insert, scope],
  );
  const change = useCallback((id: string, set: tasks_set_input) => write(() => update({ variables: { id, set } })), [write, update]);
  const setCompleted = useCallback((id: string, completed: boolean) => change(id, { completed, completed_at: completed ? new Date().toISOString() : null }), [change]);

  // Managers and cleaners (staff_users, names only) plus the user themselves, whatever their role.
  const { user } = useSessionUser();
  const names = useMemo(() => {
    const out: Record<string, string> = Object.fromEntries((people.data?.staff_users ?? []).map((p) => [p.id ?? '', p.display_name ?? '']));
    if (user && !out[user.id]) out[user.id] = user.displayName;
    return out;
  }, [people.data, user]);
  return {
    loading: list.loading && !list.data,
    error: list.error,
    tasks: list.data?.tasks ?? [],
    total: list.data?.tasks_aggregate.aggregate?.count ?? 0,
    pageSize,
    people: names,
    add,
    setCompleted,
    assign: (id: string, userId: string | null) => change(id, { assigned_user_id: userId }),
    reschedule: (id: string, due: string | null) => change(id, { due_date: due }),
    refetch: list.refetch,
  };
}
