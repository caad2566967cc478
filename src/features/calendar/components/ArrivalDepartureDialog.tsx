// The bulk-edit dialog for closed to arrival / closed to departure on one of the unit's rates: each
// side is left as it is, closed or opened; choosing neither shows a translated message (bulkEdit.ts).
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { parseArrivalDeparture, type ArrivalDeparture, type Toggle } from '../bulkEdit';

export interface ArrivalDepartureDialogProps {
  rates: readonly { id: string; name: string }[];
  initialRateId: string;
  onCancel(): void;
  onSave(rateId: string, value: ArrivalDeparture): void;
}

const TOGGLES: readonly Toggle[] = ['keep', 'closed', 'open'];

export function ArrivalDepartureDialog({ rates, initialRateId, onCancel, onSave }: ArrivalDepartureDialogProps) {
  const { t } = useTranslation('calendar');
  const [rateId, setRateId] = useState(initialRateId);
  const [arrival, setArrival] = useState<Toggle>('keep');
  const [departure, setDeparture] = useState<Toggle>('keep');
  const [error, setError] = useState<string | null>(null);
  const toggle = (label: string, value: Toggle, set: (v: Toggle) => void) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => {
        set(e.target.value as Toggle);
        setError(null);
      }}
      fullWidth
      size="small"
      margin="dense"
    >
      {TOGGLES.map((v) => (
        <MenuItem key={v} value={v}>
          {t(`edit.toggle.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={onCancel} aria-labelledby="calendar-ctacd-title" fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseArrivalDeparture(arrival, departure);
          if (!parsed.ok) setError(parsed.error);
          else onSave(rateId, parsed.value);
        }}
      >
        <DialogTitle id="calendar-ctacd-title">{t('edit.arrivalDepartureTitle')}</DialogTitle>
        <DialogContent>
          <TextField select label={t('edit.rate')} value={rateId} onChange={(e) => setRateId(e.target.value)} fullWidth size="small" margin="dense">
            {rates.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {toggle(t('edit.closedToArrival'), arrival, setArrival)}
          {toggle(t('edit.closedToDeparture'), departure, setDeparture)}
          <FormHelperText error={error !== null}>{error ? t(error.replace(/^calendar:/, '')) : t('edit.arrivalDepartureHelp')}</FormHelperText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('edit.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('edit.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
