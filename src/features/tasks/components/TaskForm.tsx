// Adding a task: type (to-do, note, cleaning), title, details, due date, assignee.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import { MANUAL_TASK_TYPES, taskSchema, type TaskFormValues } from '@/domain/tasks';
import { FormTextField } from '@/components/form/FormTextField';
import { SelectInput, TextInput } from '@/components/form/fields';
import { submitWith, type SaveResult } from '@/components/form/submit';

type Values = { type: string; title: string; description: string; dueDate: string; assignedUserId: string };
const EMPTY: Values = { type: 'todo', title: '', description: '', dueDate: '', assignedUserId: '' };

export function TaskForm({ people, onSave }: { people: Record<string, string>; onSave: (v: TaskFormValues) => Promise<SaveResult> }) {
  const { t } = useTranslation('tasks');
  return (
    <Formik<Values> initialValues={EMPTY} validationSchema={taskSchema} onSubmit={submitWith(taskSchema, onSave, { resetOnSave: true })}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('form.title')}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
            <SelectInput name="type" label={t('form.type')} options={MANUAL_TASK_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
            <FormTextField name="title" label={t('form.taskTitle')} size="small" fullWidth />
            <TextInput name="dueDate" label={t('form.due')} type="date" />
            <SelectInput name="assignedUserId" label={t('form.assignee')} options={[{ value: '', label: t('list.nobody') }, ...Object.entries(people).map(([value, label]) => ({ value, label }))]} />
            <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ whiteSpace: 'nowrap', minWidth: 100 }}>
              {t('form.add')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
