// The calendar's controls: filter by accommodation and label, jump to a date or today, and the
// display settings (rates shown, derived rates hidden, smooth scrolling). Renders props only.
import { memo } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CalendarSettings } from '../settings';

export interface CalendarToolbarProps {
  settings: CalendarSettings;
  accommodations: readonly { id: string; name: string }[];
  labels: readonly { id: string; name: string }[];
  showPriceSettings: boolean;
  jumpDate: string;
  onSettings(next: Partial<CalendarSettings>): void;
  onJump(date: string): void;
  onToday(): void;
}

// Memoised: the view re-renders per data window while scrolling; the toolbar's props stay the same.
export const CalendarToolbar = memo(function CalendarToolbar({ settings, accommodations, labels, showPriceSettings, jumpDate, onSettings, onJump, onToday }: CalendarToolbarProps) {
  const { t } = useTranslation('calendar');
  const names = (ids: unknown, from: readonly { id: string; name: string }[]) =>
    (ids as string[])
      .map((id) => from.find((a) => a.id === id)?.name)
      .filter(Boolean)
      .join(', ');
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <TextField
        select
        size="small"
        label={t('toolbar.accommodations')}
        value={settings.accommodationIds}
        onChange={(e) => onSettings({ accommodationIds: e.target.value as unknown as string[] })}
        slotProps={{ select: { multiple: true, renderValue: (ids: unknown) => names(ids, accommodations) || t('toolbar.all') }, inputLabel: { shrink: true } }}
        fullWidth={false}
        sx={{ minWidth: 220, maxWidth: 360 }}
      >
        {accommodations.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      {labels.length ? (
        <TextField
          select
          size="small"
          label={t('toolbar.labels')}
          value={settings.filterIds}
          onChange={(e) => onSettings({ filterIds: e.target.value as unknown as string[] })}
          slotProps={{ select: { multiple: true, renderValue: (ids: unknown) => names(ids, labels) || t('toolbar.all') }, inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ minWidth: 180, maxWidth: 300 }}
        >
          {labels.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField size="small" type="date" fullWidth={false} label={t('toolbar.jump')} value={jumpDate} onChange={(e) => (e.target.value ? onJump(e.target.value) : undefined)} slotProps={{ inputLabel: { shrink: true } }} />
      <Button size="small" variant="outlined" onClick={onToday}>
        {t('toolbar.today')}
      </Button>
      {showPriceSettings ? (
        <>
          <FormControlLabel control={<Checkbox size="small" checked={!settings.hideRates} onChange={(e) => onSettings({ hideRates: !e.target.checked })} />} label={t('toolbar.showRates')} />
          <FormControlLabel control={<Checkbox size="small" checked={settings.hideChildRates} disabled={settings.hideRates} onChange={(e) => onSettings({ hideChildRates: e.target.checked })} />} label={t('toolbar.hideChildRates')} />
        </>
      ) : null}
      <FormControlLabel control={<Checkbox size="small" checked={settings.smoothScrolling} onChange={(e) => onSettings({ smoothScrolling: e.target.checked })} />} label={t('toolbar.smoothScrolling')} />
    </Stack>
  );
});
