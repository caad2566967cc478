// The bulk-edit dialog for a nightly price (on one of the unit's rates) or a minimum or maximum
// stay (on the unit, binding every rate of it, or on one rate); an empty value clears the nights'
// own setting. Input is checked by bulkEdit.ts with translated messages.
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Currency } from '@/domain/money';
import { parseNights, parsePrice } from '../bulkEdit';

export type EditValueKind = 'price' | 'minStay' | 'maxStay';

export interface EditValueDialogProps {
  kind: EditValueKind;
  rates: readonly { id: string; name: string; currency: Currency }[];
  /** The rate chosen first; for a stay, '' chooses the unit (all its rates). */
  initialRateId: string;
  onCancel(): void;
  /** rateId is '' when a stay applies to the unit. */
  onSave(value: number | null, rateId: string): void;
}

const TEXT = {
  price: { title: 'edit.priceTitle', help: 'edit.priceHelp' },
  minStay: { title: 'edit.minStayTitle', help: 'edit.minStayHelp' },
  maxStay: { title: 'edit.maxStayTitle', help: 'edit.maxStayHelp' },
} as const;

export function EditValueDialog({ kind, rates, initialRateId, onCancel, onSave }: EditValueDialogProps) {
  const { t } = useTranslation('calendar');
  const [text, setText] = useState('');
  const [rateId, setRateId] = useState(initialRateId);
  const [error, setError] = useState<string | null>(null);
  const rate = rates.find((r) => r.id === rateId);
  const submit = () => {
    const parsed = kind === 'price' ? parsePrice(text, rate?.currency ?? 'EUR') : parseNights(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onSave(parsed.value, rateId);
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby="calendar-edit-title" fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="calendar-edit-title">{t(TEXT[kind].title)}</DialogTitle>
        <DialogContent>
          {kind === 'price' ? (
            <TextField select label={t('edit.rate')} value={rateId} onChange={(e) => setRateId(e.target.value)} fullWidth size="small" margin="dense">
              {rates.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name} ({r.currency})
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              select
              label={t('edit.appliesTo')}
              value={rateId}
              onChange={(e) => setRateId(e.target.value)}
              // '' (the unit) is a real choice here, shown like any other.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              fullWidth
              size="small"
              margin="dense"
            >
              <MenuItem value="">{t('edit.wholeUnit')}</MenuItem>
              {rates.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            autoFocus
            label={kind === 'price' ? t('edit.priceLabel', { currency: rate?.currency ?? '' }) : t('edit.nightsLabel')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            slotProps={{ htmlInput: { inputMode: kind === 'price' ? 'decimal' : 'numeric' } }}
            error={error !== null}
            helperText={error ? t(error.replace(/^calendar:/, '')) : t(TEXT[kind].help)}
            fullWidth
            size="small"
            margin="dense"
          />
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
