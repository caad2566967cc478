// One cleaning opened from the board: details, the cleaner it is handed to, and removal with a
// reason (live cleanings only; the database refuses REMOVED without one, this form says it first).
import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import { isLive, removalSchema, type CleaningStatus, type RemovalValues } from '@/domain/cleanings';
import { FormTextField } from '@/components/form/FormTextField';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { CleaningStatusChip } from './CleaningStatusChip';
import { NextArrival } from './NextArrival';

export interface CleaningDialogProps {
  cleaning: CleaningFragment | null;
  cleanerNames: Record<string, string>;
  onClose: () => void;
  onRemove?: (id: string, reason: string) => Promise<SaveResult>;
  onAssign?: (id: string, cleaner: string | null) => Promise<SaveResult>;
  /** Shown under the details: the view passes the unit's task panel. */
  unitPanel?: ReactNode;
}

export function CleaningDialog({ cleaning, cleanerNames, onClose, onRemove, onAssign, unitPanel }: CleaningDialogProps) {
  const { t } = useTranslation('cleanings');
  const [removing, setRemoving] = useState(false);
  if (!cleaning) return null;
  const live = isLive(cleaning.status as CleaningStatus);
  const close = () => {
    setRemoving(false);
    onClose();
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="cleaning-dialog-title">
      <DialogTitle id="cleaning-dialog-title">
        {t('dialog.title', { unit: cleaning.unit.name, date: cleaning.date })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">{cleaning.unit.accommodation.name}</Typography>
          <CleaningStatusChip status={cleaning.status} size="medium" />
          <NextArrival cleaning={cleaning} />
          {cleaning.notes && <Typography variant="body2">{t('dialog.notes', { notes: cleaning.notes })}</Typography>}
          {cleaning.removal_reason && <Typography variant="body2">{t('dialog.removedBecause', { reason: cleaning.removal_reason })}</Typography>}
          {onAssign && live ? (
            <TextField
              select
              size="small"
              label={t('dialog.cleaner')}
              value={cleaning.cleaner_user_id ?? ''}
              onChange={(e) => void onAssign(cleaning.id, e.target.value || null)}
            >
              <MenuItem value="">{t('board.unassigned')}</MenuItem>
              {Object.entries(cleanerNames).map(([id, name]) => (
                <MenuItem key={id} value={id}>{name}</MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="body2">
              {t('dialog.cleaner')}: {cleaning.cleaner_user_id ? (cleanerNames[cleaning.cleaner_user_id] ?? t('board.someone')) : t('board.unassigned')}
            </Typography>
          )}
          {removing && onRemove && (
            <Formik<RemovalValues>
              initialValues={{ reason: '' }}
              validationSchema={removalSchema}
              onSubmit={submitWith(removalSchema, async (v: RemovalValues) => {
                const r = await onRemove(cleaning.id, v.reason);
                if (r === null) close();
                return r;
              })}
            >
              {({ isSubmitting }) => (
                <Form noValidate id="remove-cleaning">
                  <FormTextField name="reason" label={t('dialog.reason')} size="small" fullWidth multiline minRows={2} autoFocus />
                  <Button type="submit" color="warning" variant="contained" disabled={isSubmitting} sx={{ mt: 1 }}>
                    {t('dialog.confirmRemove')}
                  </Button>
                </Form>
              )}
            </Formik>
          )}
          {unitPanel}
        </Stack>
      </DialogContent>
      <DialogActions>
        {onRemove && live && !removing && (
          <Button color="warning" onClick={() => setRemoving(true)}>
            {t('dialog.remove')}
          </Button>
        )}
        <Button onClick={close}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
