// The tasks of one booking, thread or unit (open first, then done), with a quick add: the panel
// the booking editor, the inbox thread and the unit show.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSubscription } from '@apollo/client/react';
import Stack from '@mui/material/Stack';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'next-i18next/pages';
import { DEFAULT_TASK_FILTERS } from '@/domain/tasks';
import { useSessionUser } from '@/features/shell';
import { TaskChangesDocument } from '../graphql/taskChanges.generated';
import { useTasks } from '../hooks/useTasks';
import { taskWhere, type TaskScope } from '../listQuery';
import { budapestToday } from '../today';
import { TaskForm } from './TaskForm';
import { TaskList } from './TaskList';

const PANEL_PAGE = 10;

/**
 * `live`: follow the scope's tasks as they change elsewhere (a thread's needsreply task, which the
 * server opens when a guest writes and closes when someone answers): a subscription on how many
 * there are and when one last changed reloads the shown page.
 */
export function TaskPanel({ scope, live = false }: { scope: TaskScope; live?: boolean }) {
  const { t } = useTranslation('tasks');
  const { user } = useSessionUser();
  const [page, setPage] = useState(0);
  const filters = useMemo(() => ({ ...DEFAULT_TASK_FILTERS, state: 'all' as const, page }), [page]);
  const tasks = useTasks(filters, user?.id ?? '', scope, PANEL_PAGE);
  const pages = Math.ceil(tasks.total / PANEL_PAGE);
  useLiveReload(live, scope, tasks.refetch);
  return (
    <Stack spacing={2} component="section" aria-label={t('panel.title')}>
      <Typography variant="h6" component="h2">{t('panel.title')}</Typography>
      <TaskForm people={tasks.people} onSave={tasks.add} />
      {tasks.error && <Alert severity="error">{t('loadFailed')}</Alert>}
      {tasks.loading ? <Typography>{t('loading')}</Typography> : (
        <TaskList compact tasks={tasks.tasks} people={tasks.people} today={budapestToday()} onComplete={(id, c) => void tasks.setCompleted(id, c)} onAssign={(id, u) => void tasks.assign(id, u)} onReschedule={(id, d) => void tasks.reschedule(id, d)} />
      )}
      {pages > 1 && <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} />}
    </Stack>
  );
}

/** Reloads when the scope's task fingerprint changes after the first answer (that one is the page already shown). */
function useLiveReload(live: boolean, scope: TaskScope, refetch: () => Promise<unknown>) {
  const where = useMemo(() => taskWhere({ ...DEFAULT_TASK_FILTERS, state: 'all' }, '', scope), [scope]);
  const changes = useSubscription(TaskChangesDocument, { variables: { where }, skip: !live });
  const aggregate = changes.data?.tasks_aggregate.aggregate;
  const fingerprint = aggregate ? `${aggregate.count}|${aggregate.max?.updated_at ?? ''}` : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (fingerprint === null) return;
    if (seen.current !== null && seen.current !== fingerprint) void refetch().catch(() => undefined);
    seen.current = fingerprint;
  }, [fingerprint, refetch]);
}
