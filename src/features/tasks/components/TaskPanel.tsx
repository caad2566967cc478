// The tasks of one booking, thread or unit (open first, then done), with a quick add: the panel
// the booking editor, the inbox thread and the unit show.
import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'next-i18next/pages';
import { DEFAULT_TASK_FILTERS } from '@/domain/tasks';
import { useSessionUser } from '@/features/shell';
import { useTasks } from '../hooks/useTasks';
import type { TaskScope } from '../listQuery';
import { budapestToday } from '../today';
import { TaskForm } from './TaskForm';
import { TaskList } from './TaskList';

const PANEL_PAGE = 10;

export function TaskPanel({ scope }: { scope: TaskScope }) {
  const { t } = useTranslation('tasks');
  const { user } = useSessionUser();
  const [page, setPage] = useState(0);
  const filters = useMemo(() => ({ ...DEFAULT_TASK_FILTERS, state: 'all' as const, page }), [page]);
  const tasks = useTasks(filters, user?.id ?? '', scope, PANEL_PAGE);
  const pages = Math.ceil(tasks.total / PANEL_PAGE);
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
