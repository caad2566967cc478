// Tasks as rows: complete checkbox, type, title (with its unit), due date and assignee, each
// editable in place; overdue due dates in red. Renders props, calls callbacks.
import NextLink from 'next/link';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { isOverdue } from '@/domain/tasks';
import { bookingUrl } from '@/features/bookings';
import { threadUrl } from '@/features/inbox';
import type { TaskFragment } from '../graphql/fragments.generated';

export interface TaskListProps {
  tasks: TaskFragment[];
  people: Record<string, string>;
  today: string;
  onComplete: (id: string, completed: boolean) => void;
  onAssign: (id: string, userId: string | null) => void;
  onReschedule: (id: string, due: string | null) => void;
  compact?: boolean;
}

export function TaskList({ tasks, people, today, onComplete, onAssign, onReschedule, compact }: TaskListProps) {
  const { t } = useTranslation('tasks');
  if (!tasks.length) return <Typography color="text.secondary">{t('list.empty')}</Typography>;
  return (
    <List dense aria-label={t('list.title')} disablePadding>
      {tasks.map((task) => {
        const overdue = isOverdue({ completed: task.completed, dueDate: task.due_date ?? null }, today);
        return (
          <ListItem key={task.id} divider data-task={task.title} data-completed={task.completed} sx={{ alignItems: 'flex-start', gap: 1, flexWrap: compact ? 'wrap' : { xs: 'wrap', md: 'nowrap' } }}>
            <Checkbox
              edge="start"
              checked={task.completed}
              onChange={(e) => onComplete(task.id, e.target.checked)}
              slotProps={{ input: { 'aria-label': t(task.completed ? 'list.reopen' : 'list.complete', { title: task.title }) } }}
            />
            <Stack sx={{ flex: 1, minWidth: 200 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" label={t(`types.${task.type}`)} color={task.type === 'needsreply' ? 'primary' : 'default'} />
                <Typography sx={{ textDecoration: task.completed ? 'line-through' : undefined }}>{task.title}</Typography>
              </Stack>
              {task.description && <Typography variant="body2" color="text.secondary">{task.description}</Typography>}
              {task.unit && <Typography variant="caption" color="text.secondary">{t('list.unit', { unit: task.unit.name })}</Typography>}
              {!compact && (task.thread_id || task.booking_id) && (
                <Stack direction="row" spacing={2}>
                  {task.thread_id && <Link component={NextLink} href={threadUrl(task.thread_id)} prefetch={false} variant="body2">{t('list.openThread')}</Link>}
                  {task.booking_id && <Link component={NextLink} href={bookingUrl(task.booking_id)} prefetch={false} variant="body2">{t('list.openBooking')}</Link>}
                </Stack>
              )}
            </Stack>
            <TextField
              type="date"
              size="small"
              label={t('list.due')}
              value={task.due_date ?? ''}
              error={overdue}
              helperText={overdue ? t('list.overdue') : undefined}
              onChange={(e) => onReschedule(task.id, e.target.value || null)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 170 }}
            />
            <TextField select size="small" label={t('list.assignee')} value={task.assigned_user_id ?? ''} onChange={(e) => onAssign(task.id, e.target.value || null)} sx={{ width: 190 }}>
              <MenuItem value="">{t('list.nobody')}</MenuItem>
              {task.assigned_user_id && !people[task.assigned_user_id] && <MenuItem value={task.assigned_user_id}>{t('list.someone')}</MenuItem>}
              {Object.entries(people).map(([id, name]) => (
                <MenuItem key={id} value={id}>{name}</MenuItem>
              ))}
            </TextField>
          </ListItem>
        );
      })}
    </List>
  );
}
