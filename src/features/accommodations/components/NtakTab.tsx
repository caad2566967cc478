// The NTAK tab: the registry id and name, the skip flag, and where the certificates stand.
// The CSR flow, validity and last submissions follow below it (features/registry NtakRegistryPanel).
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ntakSchema, type NtakValues } from '@/domain/accommodations/accommodationSchemas';
import type { FormShape } from '../mappers';
import { submitWith, type SaveResult } from '@/components/form/submit';
import { CheckboxInput, DirtyReporter, FormGrid, TextInput } from '@/components/form/fields';

export interface NtakTabProps {
  initialValues: FormShape<NtakValues>;
  certificates: { ntakCert: boolean; signingCert: boolean; authCert: boolean };
  readOnly?: boolean;
  onSave: (values: NtakValues) => Promise<SaveResult>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

export function NtakTab({ initialValues, certificates, readOnly, onSave, onDirtyChange }: NtakTabProps) {
  const { t } = useTranslation('accommodation');
  const status = (present: boolean) => (present ? t('ntak.certPresent') : t('ntak.certMissing'));
  return (
    <Formik initialValues={initialValues} validationSchema={ntakSchema} enableReinitialize onSubmit={submitWith(ntakSchema, onSave)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('tabs.ntak')}>
          <DirtyReporter id="ntak" onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <FormGrid>
              <TextInput name="ntakId" label={t('ntak.fields.ntakId')} disabled={readOnly} />
              <TextInput name="ntakName" label={t('ntak.fields.ntakName')} disabled={readOnly} />
            </FormGrid>
            <CheckboxInput name="skipNtak" label={t('ntak.fields.skipNtak')} disabled={readOnly} />
            <Typography variant="subtitle1" component="h3">
              {t('ntak.certificates')}
            </Typography>
            <dl style={{ margin: 0 }}>
              <dt>{t('ntak.ntakCert')}</dt>
              <dd>{status(certificates.ntakCert)}</dd>
              <dt>{t('ntak.signingCert')}</dt>
              <dd>{status(certificates.signingCert)}</dd>
              <dt>{t('ntak.authCert')}</dt>
              <dd>{status(certificates.authCert)}</dd>
            </dl>
            {readOnly ? null : (
              <div>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {t('actions.save')}
                </Button>
              </div>
            )}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
