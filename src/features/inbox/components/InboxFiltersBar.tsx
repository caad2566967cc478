// The inbox filters: search, priority, flags, accommodation, assignee, a booking filter when one
// is set (from a booking's messages panel), and the order.
import { useTranslation } from 'next-i18next/pages';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { PRIORITIES, type InboxFilters, type InboxSort } from '../listQuery';

export interface InboxFiltersBarProps {
  filters: InboxFilters;
  sort: InboxSort;
  accommodations: readonly { id: string; name: string }[];
  assignees: readonly { id: string; displayName: string }[];
  onChange: (filters: InboxFilters) => void;
  onSortChange: (sort: InboxSort) => void;
}

const FLAGS = [
  ['unread', 'filters.unread'],
  ['starred', 'filters.starred'],
  ['needsReply', 'filters.needsReply'],
  ['archived', 'filters.archived'],
] as const;

export function InboxFiltersBar({ filters, sort, accommodations, assignees, onChange, onSortChange }: InboxFiltersBarProps) {
  const { t } = useTranslation('inbox');
  const set = (next: Partial<InboxFilters>) => onChange({ ...filters, ...next });
  return (
    <Stack spacing={1} component="section" aria-label={t('filters.label')}>
      <TextField label={t('filters.search')} value={filters.search} onChange={(e) => set({ search: e.target.value })} size="small" fullWidth />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField select size="small" label={t('filters.priority')} value={filters.priority === null ? '' : String(filters.priority)} onChange={(e) => set({ priority: e.target.value === '' ? null : (Number(e.target.value) as InboxFilters['priority']) })} sx={{ minWidth: 130 }}>
          <MenuItem value="">{t('filters.anyPriority')}</MenuItem>
          {PRIORITIES.map((p) => (
            <MenuItem key={p} value={String(p)}>
              {t(`priority.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('filters.accommodation')} value={filters.accommodationId} onChange={(e) => set({ accommodationId: e.target.value })} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('filters.anyAccommodation')}</MenuItem>
          {accommodations.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('filters.assignee')} value={filters.assignee} onChange={(e) => set({ assignee: e.target.value })} sx={{ minWidth: 140 }}>
          <MenuItem value="">{t('filters.anyAssignee')}</MenuItem>
          <MenuItem value="me">{t('filters.mine')}</MenuItem>
          <MenuItem value="none">{t('filters.unassigned')}</MenuItem>
          {assignees.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.displayName}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('sort.label')} value={sort} onChange={(e) => onSortChange(e.target.value as InboxSort)} sx={{ minWidth: 130 }}>
          <MenuItem value="recent">{t('sort.recent')}</MenuItem>
          <MenuItem value="priority">{t('sort.priority')}</MenuItem>
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        {FLAGS.map(([key, label]) => (
          <FormControlLabel key={key} control={<Switch size="small" checked={filters[key]} onChange={(e) => set({ [key]: e.target.checked })} />} label={t(label)} />
        ))}
      </Stack>
      {filters.bookingId ? <Chip label={t('filters.booking')} onDelete={() => set({ bookingId: '' })} sx={{ alignSelf: 'flex-start' }} /> : null}
    </Stack>
  );
}
