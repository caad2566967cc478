// The task list's filters (state, type, assignee, due by); every change goes to the URL.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'next-i18next/pages';
import { TASK_ASSIGNEES, TASK_STATES, TASK_TYPES, type TaskFilters } from '@/domain/tasks';

export function TaskFiltersBar({ filters, onChange }: { filters: TaskFilters; onChange: (f: TaskFilters) => void }) {
  const { t } = useTranslation('tasks');
  const set = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch, page: 0 });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} aria-label={t('filters.label')}>
      <TextField select size="small" label={t('filters.state')} value={filters.state} onChange={(e) => set({ state: e.target.value as TaskFilters['state'] })} sx={{ minWidth: 140 }}>
        {TASK_STATES.map((s) => <MenuItem key={s} value={s}>{t(`filters.states.${s}`)}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={t('filters.type')} value={filters.type ?? ''} onChange={(e) => set({ type: (e.target.value || null) as TaskFilters['type'] })} sx={{ minWidth: 160 }}>
        <MenuItem value="">{t('filters.anyType')}</MenuItem>
        {TASK_TYPES.map((s) => <MenuItem key={s} value={s}>{t(`types.${s}`)}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={t('filters.assignee')} value={filters.assignee} onChange={(e) => set({ assignee: e.target.value as TaskFilters['assignee'] })} sx={{ minWidth: 160 }}>
        {TASK_ASSIGNEES.map((s) => <MenuItem key={s} value={s}>{t(`filters.assignees.${s}`)}</MenuItem>)}
      </TextField>
      <TextField type="date" size="small" label={t('filters.dueBy')} value={filters.dueBy ?? ''} onChange={(e) => set({ dueBy: e.target.value || null })} slotProps={{ inputLabel: { shrink: true } }} />
    </Stack>
  );
}
