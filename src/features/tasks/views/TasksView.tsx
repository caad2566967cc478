// /tasks: every task the user may see, filtered and paged on the server, the filters and page in
// the URL; add, complete, assign and reschedule in place.
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { parseTaskFilters, type TaskFilters } from '@/domain/tasks';
import { useSessionUser } from '@/features/shell';
import { TaskFiltersBar } from '../components/TaskFiltersBar';
import { TaskForm } from '../components/TaskForm';
import { TaskList } from '../components/TaskList';
import { useTasks } from '../hooks/useTasks';
import { budapestToday } from '../today';
import { tasksUrl } from '../urls';

export function TasksView() {
  const { t } = useTranslation('tasks');
  const router = useRouter();
  const { user } = useSessionUser();
  const filters = parseTaskFilters(router.query);
  const tasks = useTasks(filters, user?.id ?? '');
  const go = (f: TaskFilters) => void router.push(tasksUrl(f), undefined, { shallow: true });
  const pages = Math.ceil(tasks.total / tasks.pageSize);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('list.title')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TaskForm people={tasks.people} onSave={tasks.add} />
      </Paper>
      <TaskFiltersBar filters={filters} onChange={go} />
      {tasks.error && <Alert severity="error">{t('loadFailed')}</Alert>}
      <Typography variant="body2" color="text.secondary">{t('list.count', { count: tasks.total })}</Typography>
      {tasks.loading ? <Typography>{t('loading')}</Typography> : (
        <TaskList tasks={tasks.tasks} people={tasks.people} today={budapestToday()} onComplete={(id, c) => void tasks.setCompleted(id, c)} onAssign={(id, u) => void tasks.assign(id, u)} onReschedule={(id, d) => void tasks.reschedule(id, d)} />
      )}
      {pages > 1 && <Pagination count={pages} page={filters.page + 1} onChange={(_, p) => go({ ...filters, page: p - 1 })} />}
    </Stack>
  );
}
