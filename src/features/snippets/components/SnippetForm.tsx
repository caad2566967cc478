// The snippet editor: name, language, category and the body, with the variables it may use and a
// check of the body on the fly ('Body has invalid variable').
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SelectInput, TextInput } from '@/components/form/fields';
import { submitWith, type SaveResult } from '@/components/form/submit';
import { SNIPPET_LANGUAGES, SNIPPET_VARIABLES, snippetSchema, type SnippetValues } from '@/domain/snippets';

export interface SnippetFormProps {
  initial: SnippetValues;
  onSave: (values: SnippetValues) => Promise<SaveResult>;
  onCancel: () => void;
}

export function SnippetForm({ initial, onSave, onCancel }: SnippetFormProps) {
  const { t } = useTranslation('snippets');
  return (
    <Formik initialValues={initial} validationSchema={snippetSchema} onSubmit={submitWith(snippetSchema, onSave, { resetOnSave: true })}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('edit')}>
          <Stack spacing={2}>
            <TextInput name="name" label={t('fields.name')} />
            <SelectInput name="language" label={t('fields.language')} options={SNIPPET_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} />
            <TextInput name="category" label={t('fields.category')} />
            <TextInput name="body" label={t('fields.body')} multiline />
            <Typography variant="caption" color="text.secondary">
              {t('variablesHelp', { list: SNIPPET_VARIABLES.map((v) => `{{${v}}}`).join(', '), keys: '{{key.door-code}}, {{key.wifi}}, {{key.lockbox}}' })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onCancel}>{t('cancel')}</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('save')}
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
