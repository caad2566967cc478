// Typed URLs of the task list: the filters and page live in the query string (reloadable, linkable).
import { taskFiltersQuery, type TaskFilters } from '@/domain/tasks';

export function tasksUrl(filters?: TaskFilters): string {
  const q = new URLSearchParams(filters ? taskFiltersQuery(filters) : {}).toString();
  return q ? `/tasks?${q}` : '/tasks';
}
