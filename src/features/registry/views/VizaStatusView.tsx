// /viza: each accommodation's VIZA module state with what it means and what to do (server-paged),
// and the guest-data submissions with their status, the registry's message and a re-send.
import { useCallback, useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VIZA_STATUS_INFO, type VizaStatus } from '@/domain/viza/statuses';
import { SubmissionTable } from '../components/SubmissionTable';
import { RegistryAccommodationsDocument } from '../graphql/registryAccommodations.generated';
import { useResend } from '../hooks/useResend';
import { useSubmissions } from '../hooks/useSubmissions';
import { PAGE_SIZE, STATUSES, vizaStateOf, vizaUrl, type VizaListState } from '../urls';
import { LIST_QUERY_OPTIONS } from '@/lib/apollo/listQuery';

const SEVERITY = { ok: 'success', warning: 'warning', error: 'error' } as const;

export function VizaStatusView() {
  const { t, i18n } = useTranslation('ntak-iranytu');
  const router = useRouter();
  const state = useMemo(() => vizaStateOf(router.query), [router.query]);
  const go = useCallback((next: Partial<VizaListState>) => void router.push(vizaUrl({ ...state, ...next }), undefined, { shallow: true }), [router, state]);
  const { resend, busyId } = useResend();
  const modules = useQuery(RegistryAccommodationsDocument, { variables: { where: {}, limit: PAGE_SIZE, offset: state.accommodationsPage * PAGE_SIZE }, skip: !router.isReady, ...LIST_QUERY_OPTIONS });
  const m = modules.data ?? modules.previousData;
  const list = useSubmissions({ service: { _eq: 'viza' }, ...(state.status ? { status: { _eq: state.status } } : {}) }, state.page, undefined, !router.isReady);
  const time = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '');

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('viza.title')}
      </Typography>
      <section>
        <Typography variant="subtitle1" component="h2">
          {t('viza.modules')}
        </Typography>
        {modules.error ? <Alert severity="error">{t('dashboard.loadFailed')}</Alert> : null}
        <Table size="small" aria-label={t('viza.modules')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard.accommodation')}</TableCell>
              <TableCell>{t('viza.state')}</TableCell>
              <TableCell>{t('viza.meaning')}</TableCell>
              <TableCell>{t('viza.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(m?.accommodations ?? []).map((a) => {
              const s = a.viza_status as VizaStatus | null;
              const info = s ? VIZA_STATUS_INFO[s] : undefined;
              return (
                <TableRow key={a.id} data-testid="viza-module" data-state={s ?? ''}>
                  <TableCell>{a.name}</TableCell>
                  <TableCell>
                    {s ? <Chip size="small" color={info ? SEVERITY[info.severity] : 'default'} label={info?.label ?? s} /> : <Typography color="text.secondary">{t('viza.noState')}</Typography>}
                    {a.viza_status_at ? <Typography variant="caption" component="div">{t('viza.since', { time: time(a.viza_status_at) })}</Typography> : null}
                  </TableCell>
                  <TableCell>{info ? t(info.meaningKey) : ''}</TableCell>
                  <TableCell>{info ? t(info.actionKey) : ''}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={m?.accommodations_aggregate.aggregate?.count ?? 0}
          page={state.accommodationsPage}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, p) => go({ accommodationsPage: p })}
          labelDisplayedRows={({ from, to, count }) => t('dashboard.rows', { from, to, count })}
        />
      </section>
      <section>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2">
            {t('viza.submissions')}
          </Typography>
          <TextField select size="small" fullWidth={false} sx={{ minWidth: 200 }} label={t('dashboard.status')} value={state.status ?? ''} onChange={(e) => go({ status: (e.target.value || null) as VizaListState['status'], page: 0 })}>
            <MenuItem value="">{t('dashboard.any')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {list.error ? <Alert severity="error">{t('dashboard.loadFailed')}</Alert> : null}
        <SubmissionTable label={t('viza.submissions')} rows={list.rows} total={list.total} page={state.page} onPageChange={(page) => go({ page })} onResend={(id) => void resend(id)} busyId={busyId} />
      </section>
    </Stack>
  );
}
