// /ntak: the NTAK queue. Counts per status, the daily close per day of the chosen accommodation
// (days not closed stand out), and a server-paged list of submissions with the registry's message,
// the field to fix and a re-send. Filters and page live in the URL (urls.ts).
import { useCallback, useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { budapestDate } from '@/domain/ntak/schedule';
import type { registry_submissions_bool_exp } from '@/lib/graphql/schema.generated';
import { useDebounced } from '@/lib/hooks/useDebounced';
import { DailyCloseStrip } from '../components/DailyCloseStrip';
import { SubmissionTable } from '../components/SubmissionTable';
import { dayStates, lastDays } from '../dailyCloses';
import { RegistryAccommodationsDocument } from '../graphql/registryAccommodations.generated';
import { RegistryCountsDocument } from '../graphql/registryCounts.generated';
import { RegistryDailyClosesDocument } from '../graphql/registryDailyCloses.generated';
import { useResend } from '../hooks/useResend';
import { useSubmissions } from '../hooks/useSubmissions';
import { MESSAGE_TYPES, ntakStateOf, ntakUrl, STATUSES, type NtakListState } from '../urls';

const DAYS_SHOWN = 14;

function AccommodationPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation('ntak-iranytu');
  const [input, setInput] = useState('');
  const search = useDebounced(input, 300);
  const options = useQuery(RegistryAccommodationsDocument, { variables: { where: search ? { name: { _ilike: `%${search}%` } } : {}, limit: 20, offset: 0 } });
  const chosen = useQuery(RegistryAccommodationsDocument, { variables: { where: { id: { _eq: value ?? '00000000-0000-0000-0000-000000000000' } }, limit: 1, offset: 0 }, skip: !value });
  const list = options.data?.accommodations ?? options.previousData?.accommodations ?? [];
  const selected = chosen.data?.accommodations[0] ?? null;
  return (
    <Autocomplete
      sx={{ minWidth: 280 }}
      size="small"
      options={list}
      value={value ? selected : null}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
      onChange={(_, v) => onChange(v?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={t('dashboard.accommodation')} placeholder={t('dashboard.allAccommodations')} />}
    />
  );
}

export function NtakDashboardView() {
  const { t } = useTranslation('ntak-iranytu');
  const router = useRouter();
  const state = useMemo(() => ntakStateOf(router.query), [router.query]);
  const go = useCallback((next: Partial<NtakListState>) => void router.push(ntakUrl({ ...state, page: 0, ...next }), undefined, { shallow: true }), [router, state]);
  const { resend, busyId } = useResend();

  const base = useMemo<registry_submissions_bool_exp>(() => ({ service: { _eq: 'ntak' }, ...(state.accommodation ? { accommodation_id: { _eq: state.accommodation } } : {}) }), [state.accommodation]);
  const where = useMemo<registry_submissions_bool_exp>(
    () => ({ ...base, ...(state.status ? { status: { _eq: state.status } } : {}), ...(state.type ? { message_type: { _eq: state.type } } : {}) }),
    [base, state.status, state.type],
  );
  const list = useSubmissions(where, state.page, undefined, !router.isReady);
  const counts = useQuery(RegistryCountsDocument, { variables: { where: base }, skip: !router.isReady, fetchPolicy: 'cache-and-network' });
  const days = useMemo(() => lastDays(budapestDate(new Date()), DAYS_SHOWN), []);
  const closes = useQuery(RegistryDailyClosesDocument, { variables: { accommodationId: state.accommodation ?? '', from: days[0] }, skip: !state.accommodation, fetchPolicy: 'cache-and-network' });
  const c = counts.data ?? counts.previousData;
  const count = (k: 'pending' | 'failed' | 'blocked' | 'sent') => c?.[k].aggregate?.count ?? 0;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('dashboard.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <AccommodationPicker value={state.accommodation} onChange={(accommodation) => go({ accommodation })} />
        <TextField select size="small" sx={{ minWidth: 180 }} label={t('dashboard.status')} value={state.status ?? ''} onChange={(e) => go({ status: (e.target.value || null) as NtakListState['status'] })}>
          <MenuItem value="">{t('dashboard.any')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" sx={{ minWidth: 180 }} label={t('dashboard.message')} value={state.type ?? ''} onChange={(e) => go({ type: (e.target.value || null) as NtakListState['type'] })}>
          <MenuItem value="">{t('dashboard.any')}</MenuItem>
          {MESSAGE_TYPES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`messageType.${m}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2} component="section" aria-label={t('dashboard.queue')} sx={{ flexWrap: 'wrap' }}>
        {(['pending', 'failed', 'blocked', 'sent'] as const).map((k) => (
          <Paper key={k} variant="outlined" sx={{ px: 2, py: 1, minWidth: 120 }} data-testid={`registry-count-${k}`}>
            <Typography variant="h6" component="p">
              {count(k)}
            </Typography>
            <Typography variant="body2">{t(`dashboard.${k}`)}</Typography>
          </Paper>
        ))}
      </Stack>
      <section>
        <Typography variant="subtitle1" component="h2">
          {t('dashboard.dailyClose', { count: DAYS_SHOWN })}
        </Typography>
        {state.accommodation ? (
          <DailyCloseStrip days={dayStates(days, closes.data?.registry_submissions ?? closes.previousData?.registry_submissions ?? [])} />
        ) : (
          <Typography color="text.secondary">{t('dashboard.chooseAccommodation')}</Typography>
        )}
      </section>
      <section>
        <Typography variant="subtitle1" component="h2">
          {t('dashboard.submissions')}
        </Typography>
        {list.error ? <Alert severity="error">{t('dashboard.loadFailed')}</Alert> : null}
        <SubmissionTable label={t('dashboard.submissions')} rows={list.rows} total={list.total} page={state.page} onPageChange={(page) => go({ page })} onResend={(id) => void resend(id)} busyId={busyId} />
      </section>
    </Stack>
  );
}
