// Search and filters above the accommodation table: text, city, owner, labels and hidden state.
import { memo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AccommodationFilters } from '../listQuery';
import type { LabelRow, OwnerOption } from '../types';

export interface AccommodationFiltersBarProps {
  filters: AccommodationFilters;
  cities: string[];
  owners: OwnerOption[];
  labels: LabelRow[];
  onChange: (filters: AccommodationFilters) => void;
}

// Memoised: the list view re-renders for each of its queries' answers; the bar only for its props.
export const AccommodationFiltersBar = memo(function AccommodationFiltersBar({ filters, cities, owners, labels, onChange }: AccommodationFiltersBarProps) {
  const { t } = useTranslation('accommodation');
  const set = <K extends keyof AccommodationFilters>(key: K, value: AccommodationFilters[K]) => onChange({ ...filters, [key]: value });
  const toggleLabel = (id: string) => set('labelIds', filters.labelIds.includes(id) ? filters.labelIds.filter((l) => l !== id) : [...filters.labelIds, id]);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField id="filter-search" size="small" type="search" label={t('filters.search')} value={filters.search} onChange={(e) => set('search', e.target.value)} sx={{ minWidth: 240 }} />
        <TextField id="filter-city" select size="small" label={t('filters.city')} value={filters.city} onChange={(e) => set('city', e.target.value)} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {cities.map((city) => (
            <MenuItem key={city} value={city}>
              {city}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="filter-owner" select size="small" label={t('filters.owner')} value={filters.ownerId} onChange={(e) => set('ownerId', e.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {owners.map((owner) => (
            <MenuItem key={owner.id} value={owner.id}>
              {owner.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="filter-hidden"
          select
          size="small"
          label={t('filters.hidden')}
          value={filters.hidden}
          onChange={(e) => set('hidden', e.target.value as AccommodationFilters['hidden'])}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="visible">{t('filters.visibleOnly')}</MenuItem>
          <MenuItem value="hidden">{t('filters.hiddenOnly')}</MenuItem>
          <MenuItem value="all">{t('filters.all')}</MenuItem>
        </TextField>
      </Stack>
      {labels.length ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={t('filters.labels')}>
          {labels.map((label) => {
            const active = filters.labelIds.includes(label.id);
            return <Chip key={label.id} label={label.name} size="small" clickable aria-pressed={active} color={active ? 'primary' : 'default'} variant={active ? 'filled' : 'outlined'} onClick={() => toggleLabel(label.id)} />;
          })}
        </Stack>
      ) : null}
    </Stack>
  );
});
