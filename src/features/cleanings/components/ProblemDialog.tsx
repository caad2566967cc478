// The cleaner's problem report (becomes a cleaning task on the unit for the managers).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import { problemSchema, type ProblemValues } from '@/domain/cleanings';
import { FormTextField } from '@/components/form/FormTextField';
import { submitWith, type SaveResult } from '@/components/form/submit';

export function ProblemDialog({ unitName, onSubmit, onClose }: { unitName: string; onSubmit: (v: ProblemValues) => Promise<SaveResult>; onClose: () => void }) {
  const { t } = useTranslation('cleanings');
  return (
    <Dialog open onClose={onClose} fullWidth aria-labelledby="problem-title">
      <Formik<ProblemValues>
        initialValues={{ title: '', description: '' }}
        validationSchema={problemSchema}
        onSubmit={submitWith(problemSchema, async (v: ProblemValues) => {
          const r = await onSubmit(v);
          if (r === null) onClose();
          return r;
        })}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="problem-title">{t('problem.title', { unit: unitName })}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <FormTextField name="title" label={t('problem.what')} size="small" fullWidth autoFocus />
                <FormTextField name="description" label={t('problem.details')} size="small" fullWidth multiline minRows={3} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('dialog.close')}</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>{t('problem.send')}</Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
