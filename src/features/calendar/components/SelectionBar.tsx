// What can be done with the selected nights of one row: close or open them, set a price, a
// minimum or maximum stay or closed to arrival/departure (dialogs), or start a new booking when
// they are free. Renders props only.
import { useState } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Currency } from '@/domain/money';
import type { ArrivalDeparture } from '../bulkEdit';
import { formatDate } from '../format';
import { ArrivalDepartureDialog } from './ArrivalDepartureDialog';
import { EditValueDialog } from './EditValueDialog';

export type StayLimit = 'minStay' | 'maxStay';

export interface SelectionSummary {
  unitId: string;
  unitName: string;
  arrival: string;
  departure: string;
  nights: number;
  /** No stay takes any of the nights. */
  free: boolean;
  rates: readonly { id: string; name: string; currency: Currency }[];
  /** The rate the selected row prices (a rate row's own, a unit row's main rate). */
  rateId: string | null;
  /** The selection is on a rate's own row (not the unit's). */
  rateRow: boolean;
  newBookingHref: string | null;
}

export interface SelectionBarProps {
  summary: SelectionSummary;
  canEdit: boolean;
  tooLong: boolean;
  onClose(): void;
  onOpen(): void;
  onPrice(rateId: string, price: number | null): void;
  /** A minimum or maximum stay (null clears it) on the unit (rateId null) or on one rate. */
  onStayLimit(kind: StayLimit, nights: number | null, rateId: string | null): void;
  onArrivalDeparture(rateId: string, value: ArrivalDeparture): void;
  onClear(): void;
}

export function SelectionBar({ summary, canEdit, tooLong, onClose, onOpen, onPrice, onStayLimit, onArrivalDeparture, onClear }: SelectionBarProps) {
  const { t, i18n } = useTranslation('calendar');
  const locale = i18n.language || 'en';
  const [dialog, setDialog] = useState<'price' | StayLimit | 'arrivalDeparture' | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="selection-bar">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" sx={{ mr: 1 }}>
          {t('selection.summary', { unit: summary.unitName, arrival: formatDate(summary.arrival, locale), departure: formatDate(summary.departure, locale), count: summary.nights })}
        </Typography>
        {canEdit && !tooLong ? (
          <>
            <Button size="small" variant="contained" onClick={onClose}>
              {t('selection.close')}
            </Button>
            <Button size="small" variant="outlined" onClick={onOpen}>
              {t('selection.open')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setDialog('price')} disabled={summary.rates.length === 0}>
              {t('selection.price')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setDialog('minStay')}>
              {t('selection.minStay')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setDialog('maxStay')}>
              {t('selection.maxStay')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setDialog('arrivalDeparture')} disabled={summary.rates.length === 0}>
              {t('selection.arrivalDeparture')}
            </Button>
          </>
        ) : null}
        {canEdit && tooLong ? (
          <Typography variant="body2" color="error">
            {t('selection.tooLong')}
          </Typography>
        ) : null}
        {summary.newBookingHref && summary.free ? (
          <Button size="small" variant="outlined" color="secondary" component={Link} href={summary.newBookingHref}>
            {t('selection.newBooking')}
          </Button>
        ) : null}
        <Button size="small" onClick={onClear}>
          {t('selection.clear')}
        </Button>
      </Stack>
      {dialog === 'price' ? (
        <EditValueDialog
          kind="price"
          rates={summary.rates}
          initialRateId={summary.rateId ?? summary.rates[0]?.id ?? ''}
          onCancel={() => setDialog(null)}
          onSave={(value, rateId) => {
            setDialog(null);
            onPrice(rateId, value);
          }}
        />
      ) : null}
      {dialog === 'minStay' || dialog === 'maxStay' ? (
        <EditValueDialog
          kind={dialog}
          rates={summary.rates}
          // A unit row's stay applies to the unit; a rate row's to that rate.
          initialRateId={summary.rateRow ? (summary.rateId ?? '') : ''}
          onCancel={() => setDialog(null)}
          onSave={(value, rateId) => {
            setDialog(null);
            onStayLimit(dialog, value, rateId === '' ? null : rateId);
          }}
        />
      ) : null}
      {dialog === 'arrivalDeparture' ? (
        <ArrivalDepartureDialog
          rates={summary.rates}
          initialRateId={summary.rateId ?? summary.rates[0]?.id ?? ''}
          onCancel={() => setDialog(null)}
          onSave={(rateId, value) => {
            setDialog(null);
            onArrivalDeparture(rateId, value);
          }}
        />
      ) : null}
    </Paper>
  );
}
