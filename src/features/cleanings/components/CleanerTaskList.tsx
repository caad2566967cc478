// The cleaner's open tasks on the phone: what is to be done where, and a Done button.
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { CleanerTasksQuery } from '../graphql/cleanerTasks.generated';

export function CleanerTaskList({ tasks, onDone }: { tasks: CleanerTasksQuery['tasks']; onDone: (id: string) => void }) {
  const { t } = useTranslation('cleanings');
  if (!tasks.length) return <Typography color="text.secondary">{t('tasks.empty')}</Typography>;
  return (
    <List dense disablePadding aria-label={t('tasks.title')}>
      {tasks.map((task) => (
        <ListItem
          key={task.id}
          divider
          secondaryAction={<Button onClick={() => onDone(task.id)} aria-label={t('tasks.doneLabel', { title: task.title })}>{t('tasks.done')}</Button>}
        >
          <ListItemText primary={task.title} secondary={[task.unit?.name, task.due_date ? t('tasks.due', { date: task.due_date }) : null].filter(Boolean).join(' · ')} />
        </ListItem>
      ))}
    </List>
  );
}
