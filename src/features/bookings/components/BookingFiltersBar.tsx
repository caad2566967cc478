// Search and filters above the bookings table: text (guest name, e-mail, phone, OTA code), stay
// dates, statuses, channel, accommodation and unit.
import { useTranslation } from 'next-i18next/pages';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BOOKING_CHANNELS, BOOKING_STATUSES, type BookingChannel, type BookingStatus } from '@/domain/bookings/values';
import type { BookingFilters } from '../listQuery';

export interface AccommodationOption {
  id: string;
  name: string;
  units: { id: string; name: string }[];
}

export interface BookingFiltersBarProps {
  filters: BookingFilters;
  accommodations: readonly AccommodationOption[];
  onChange: (filters: BookingFilters) => void;
}

export function BookingFiltersBar({ filters, accommodations, onChange }: BookingFiltersBarProps) {
  const { t } = useTranslation('booking');
  const set = <K extends keyof BookingFilters>(key: K, value: BookingFilters[K]) => onChange({ ...filters, [key]: value });
  const toggleStatus = (status: BookingStatus) => set('statuses', filters.statuses.includes(status) ? filters.statuses.filter((s) => s !== status) : [...filters.statuses, status]);
  const units = accommodations.find((a) => a.id === filters.accommodationId)?.units ?? accommodations.flatMap((a) => a.units.map((u) => ({ id: u.id, name: `${a.name} · ${u.name}` })));
  const date = (key: 'from' | 'to') => (
    <TextField id={`filter-${key}`} size="small" type="date" label={t(`filters.${key}`)} value={filters[key]} onChange={(e) => set(key, e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField id="filter-search" size="small" type="search" label={t('filters.search')} value={filters.search} onChange={(e) => set('search', e.target.value)} sx={{ minWidth: 260 }} />
        {date('from')}
        {date('to')}
        <TextField id="filter-channel" select size="small" label={t('filters.channel')} value={filters.channel} onChange={(e) => set('channel', e.target.value as BookingChannel | '')} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {BOOKING_CHANNELS.map((channel) => (
            <MenuItem key={channel} value={channel}>
              {t(`channels.${channel}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="filter-accommodation"
          select
          size="small"
          label={t('filters.accommodation')}
          value={filters.accommodationId}
          onChange={(e) => onChange({ ...filters, accommodationId: e.target.value, unitId: '' })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {accommodations.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="filter-unit" select size="small" label={t('filters.unit')} value={filters.unitId} onChange={(e) => set('unitId', e.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {units.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} role="group" aria-label={t('filters.status')}>
        {BOOKING_STATUSES.map((status) => {
          const active = filters.statuses.includes(status);
          return <Chip key={status} label={t(`statuses.${status}`)} size="small" clickable aria-pressed={active} color={active ? 'primary' : 'default'} variant={active ? 'filled' : 'outlined'} onClick={() => toggleStatus(status)} />;
        })}
      </Stack>
    </Stack>
  );
}
