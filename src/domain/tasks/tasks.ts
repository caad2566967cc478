// Task rules: the types a person may create, the needsreply task's life (open while the guest
// waits for an answer), the task form and the list's filters as URL state.
import * as yup from 'yup';
import { formMessage } from '@/lib/i18n/formMessage';
import { isIsoDate } from '../dates';

export const TASK_TYPES = ['needsreply', 'note', 'todo', 'cleaning'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** needsreply tasks come and go with the conversation (server side); people create the others. */
export const MANUAL_TASK_TYPES = ['todo', 'note', 'cleaning'] as const satisfies readonly TaskType[];

export type NeedsReplyAction = 'open' | 'close' | 'none';

/**
 * What the thread's reply state asks of its needsreply task: the database keeps
 * `threads.needs_reply` (a guest's message sets it, a reply clears it), so the task follows that
 * rather than the event that woke the handler, and any order of deliveries ends the same.
 */
export function needsReplyAction(threadNeedsReply: boolean, openTaskCount: number): NeedsReplyAction {
  if (threadNeedsReply) return openTaskCount === 0 ? 'open' : 'none';
  return openTaskCount > 0 ? 'close' : 'none';
}

/** The stored title of a needsreply task (data, like the thread subject; the list shows it as is). */
export function needsReplyTitle(guestName: string | null | undefined, subject: string | null | undefined): string {
  const who = guestName?.trim() || subject?.trim() || 'guest';
  return `Reply to ${who}`.slice(0, 200);
}

export const TASK_TITLE_MAX = 200;

export const taskSchema = yup.object({
  type: yup.string().oneOf(MANUAL_TASK_TYPES, formMessage('tasks:validation.type')).required(formMessage('tasks:validation.type')),
  title: yup
    .string()
    .trim()
    .required(formMessage('tasks:validation.titleRequired'))
    .max(TASK_TITLE_MAX, formMessage('tasks:validation.titleMax', { count: TASK_TITLE_MAX })),
  description: yup.string().trim().max(2000, formMessage('tasks:validation.descriptionMax', { count: 2000 })).default(''),
  dueDate: yup
    .string()
    .nullable()
    .default(null)
    .transform((v: string | null) => v || null)
    .test('date', formMessage('tasks:validation.dueDate'), (v) => v === null || v === undefined || isIsoDate(v)),
  assignedUserId: yup.string().nullable().default(null).transform((v: string | null) => v || null),
});
export type TaskFormValues = yup.InferType<typeof taskSchema>;

export const TASK_STATES = ['open', 'done', 'all'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_ASSIGNEES = ['anyone', 'me', 'unassigned'] as const;
export type TaskAssignee = (typeof TASK_ASSIGNEES)[number];
export const TASK_PAGE_SIZE = 25;

export interface TaskFilters {
  state: TaskState;
  type: TaskType | null;
  assignee: TaskAssignee;
  /** Due on or before this day (YYYY-MM-DD). */
  dueBy: string | null;
  page: number;
}

export const DEFAULT_TASK_FILTERS: TaskFilters = { state: 'open', type: null, assignee: 'anyone', dueBy: null, page: 0 };

const first = (v: unknown): string | undefined => (Array.isArray(v) ? (v[0] as string) : typeof v === 'string' ? v : undefined);
const oneOf = <T extends string>(values: readonly T[], v: string | undefined, fallback: T): T => (v && (values as readonly string[]).includes(v) ? (v as T) : fallback);

/** Filters from a URL query; anything unknown or malformed falls back to the default. */
export function parseTaskFilters(query: Record<string, unknown>): TaskFilters {
  const page = Number(first(query.page));
  const dueBy = first(query.due);
  const type = first(query.type);
  return {
    state: oneOf(TASK_STATES, first(query.state), 'open'),
    type: type && (TASK_TYPES as readonly string[]).includes(type) ? (type as TaskType) : null,
    assignee: oneOf(TASK_ASSIGNEES, first(query.assignee), 'anyone'),
    dueBy: dueBy && isIsoDate(dueBy) ? dueBy : null,
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 0,
  };
}

/** The URL query for filters: defaults left out, so the plain path is the default list. */
export function taskFiltersQuery(f: TaskFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.state !== 'open') q.state = f.state;
  if (f.type) q.type = f.type;
  if (f.assignee !== 'anyone') q.assignee = f.assignee;
  if (f.dueBy) q.due = f.dueBy;
  if (f.page > 0) q.page = String(f.page);
  return q;
}

/** Overdue: open and due before today. */
export function isOverdue(task: { completed: boolean; dueDate: string | null }, today: string): boolean {
  return !task.completed && task.dueDate !== null && task.dueDate < today;
}
