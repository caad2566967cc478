// Why a submission failed: the registry's own message, what it means in the user's language, and
// for each field error the field to fix with a link to the screen that edits it.
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Typography from '@mui/material/Typography';
import MuiLink from '@mui/material/Link';
import { fixHref, type FixTarget } from '../urls';

export interface FieldError {
  path: string;
  code?: string;
  message: string;
  fix?: FixTarget | null;
}

interface Props {
  submission: { accommodation_id: string; booking_id?: string | null; reason?: string | null; field_errors?: unknown };
}

export function SubmissionProblems({ submission }: Props) {
  const { t } = useTranslation('ntak-iranytu');
  const errors = Array.isArray(submission.field_errors) ? (submission.field_errors as FieldError[]) : [];
  const code = submission.reason ? /^([a-z-]+):/.exec(submission.reason)?.[1] : undefined;
  const hint = code ? t(`reason.${code}`, { defaultValue: '' }) : '';
  if (!submission.reason && errors.length === 0) return null;
  return (
    <div>
      {hint ? <Typography variant="body2">{hint}</Typography> : null}
      {submission.reason ? (
        <Typography variant="body2" color="text.secondary" data-testid="registry-reason">
          {submission.reason}
        </Typography>
      ) : null}
      {errors.map((e, i) => {
        const href = fixHref(e.fix, submission);
        const field = e.fix?.column ? t(`field.${e.fix.column}`, { defaultValue: e.fix.column }) : e.path;
        return (
          <Typography key={`${e.path}-${i}`} variant="body2" data-testid="registry-field-error">
            {t('dashboard.fixField', { field })}: {e.message}{' '}
            {href ? (
              <MuiLink component={Link} href={href} prefetch={false}>
                {t('dashboard.openToFix')}
              </MuiLink>
            ) : null}
          </Typography>
        );
      })}
    </div>
  );
}
