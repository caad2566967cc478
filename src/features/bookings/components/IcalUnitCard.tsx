// One unit on the calendar sync screen: its export URL (copy, rotate) and its import feeds with
// their state - conflicts name the stay and link the booking it collides with, failures show why.
import { useState } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormGrid, SelectInput, TextInput } from '@/components/form/fields';
import { submitWith, type SaveResult } from '@/components/form/submit';
import { BOOKING_CHANNELS } from '@/domain/bookings/values';
import { icalFeedSchema, type IcalFeedValues } from '@/domain/ical/feedSchema';
import type { IcalSyncResponse } from '@/lib/functions/icalSync';
import type { IcalFeedFragment } from '../graphql/fragments.generated';
import type { UnitSync } from '../hooks/useIcalSync';
import { bookingUrl } from '../urls';

interface Conflict {
  uid: string;
  start: string;
  end: string;
  summary?: string;
  conflictingBookingId?: string;
}

export interface IcalUnitCardProps {
  unit: UnitSync;
  onAdd: (unitId: string, values: IcalFeedValues) => Promise<SaveResult>;
  onSetActive: (id: string, active: boolean) => Promise<unknown>;
  onRemove: (id: string) => Promise<unknown>;
  onRotate: (unitId: string) => Promise<unknown>;
  onSyncNow: (feedId: string) => Promise<IcalSyncResponse>;
}

const STATUS_COLORS = { ok: 'success', pending: 'default', conflict: 'warning', error: 'error' } as const;

function FeedRow({ feed, onSetActive, onRemove, onSyncNow }: { feed: IcalFeedFragment } & Pick<IcalUnitCardProps, 'onSetActive' | 'onRemove' | 'onSyncNow'>) {
  const { t, i18n } = useTranslation('booking');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const conflicts = (Array.isArray(feed.conflicts) ? feed.conflicts : []) as Conflict[];
  const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('ical.never'));
  const syncNow = async () => {
    setBusy(true);
    try {
      const r = await onSyncNow(feed.id);
      setOutcome(t('ical.syncResult', { created: r.created, moved: r.moved, cancelled: r.cancelled, conflicts: r.conflicts }));
    } catch {
      setOutcome(t('ical.syncFailed'));
    } finally {
      setBusy(false);
    }
  };
  const status = feed.status as keyof typeof STATUS_COLORS;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="ical-feed">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={t(`ical.statuses.${status}`)} color={STATUS_COLORS[status] ?? 'default'} />
          <Typography sx={{ fontWeight: 500 }}>{t(`channels.${feed.channel}`)}</Typography>
          <Typography sx={{ wordBreak: 'break-all' }} color="text.secondary">
            {feed.url}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('ical.lastPolled', { when: when(feed.last_polled_at) })}
          {feed.is_active ? '' : ` · ${t('ical.off')}`}
        </Typography>
        {feed.status === 'error' && feed.last_error ? <Alert severity="error">{t('ical.failed', { message: feed.last_error })}</Alert> : null}
        {conflicts.map((c) => (
          <Alert key={c.uid} severity="warning">
            {t('ical.conflict', { start: c.start, end: c.end, summary: c.summary || c.uid })}{' '}
            {c.conflictingBookingId && !c.conflictingBookingId.startsWith('new:') ? <Link href={bookingUrl(c.conflictingBookingId)}>{t('ical.openBooking')}</Link> : null}
          </Alert>
        ))}
        {outcome ? <Alert severity="info">{outcome}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={busy || !feed.is_active} onClick={() => void syncNow()}>
            {t('ical.syncNow')}
          </Button>
          <Button size="small" onClick={() => void onSetActive(feed.id, !feed.is_active)}>
            {feed.is_active ? t('ical.turnOff') : t('ical.turnOn')}
          </Button>
          <Button size="small" color="error" onClick={() => window.confirm(t('ical.confirmRemove')) && void onRemove(feed.id)}>
            {t('ical.remove')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function IcalUnitCard({ unit, onAdd, onSetActive, onRemove, onRotate, onSyncNow }: IcalUnitCardProps) {
  const { t } = useTranslation('booking');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!unit.exportUrl) return;
    await navigator.clipboard?.writeText(unit.exportUrl);
    setCopied(true);
  };
  const initial: IcalFeedValues = { channel: 'airbnb', url: '' };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={`${unit.accommodationName} · ${unit.name}`}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {unit.accommodationName} · {unit.name}
        </Typography>
        {unit.exportUrl ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField size="small" fullWidth label={t('ical.exportUrl')} value={unit.exportUrl} slotProps={{ htmlInput: { readOnly: true } }} helperText={t('ical.exportHelp')} />
            <Button onClick={() => void copy()}>{copied ? t('ical.copied') : t('ical.copy')}</Button>
            <Button color="warning" onClick={() => window.confirm(t('ical.confirmRotate')) && void onRotate(unit.id)}>
              {t('ical.rotate')}
            </Button>
          </Stack>
        ) : null}
        <Typography variant="subtitle1" component="h3">
          {t('ical.imports')}
        </Typography>
        {unit.feeds.length === 0 ? <Typography color="text.secondary">{t('ical.noImports')}</Typography> : null}
        {unit.feeds.map((feed) => (
          <FeedRow key={feed.id} feed={feed} onSetActive={onSetActive} onRemove={onRemove} onSyncNow={onSyncNow} />
        ))}
        <Formik initialValues={initial} validationSchema={icalFeedSchema} onSubmit={submitWith(icalFeedSchema, (values) => onAdd(unit.id, values), { resetOnSave: true })}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={t('ical.addImport')}>
              <FormGrid>
                <SelectInput name="channel" label={t('fields.channel')} options={BOOKING_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
                <TextInput name="url" label={t('ical.importUrl')} />
                <Button type="submit" variant="outlined" disabled={isSubmitting}>
                  {t('ical.addImport')}
                </Button>
              </FormGrid>
            </Form>
          )}
        </Formik>
      </Stack>
    </Paper>
  );
}
