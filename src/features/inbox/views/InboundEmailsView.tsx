// /inbox/emails: every inbound e-mail delivery and what became of it, so a refused message
// (malformed, oversized, spoofed sender) is seen with its reason and raw text, never lost.
// Paged on the server; the status filter and page live in the URL.
import { useMemo } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell';
import type { inbound_emails_bool_exp } from '@/lib/graphql/schema.generated';
import { formatWhen } from '../components/format';
import { InboundEmailsDocument } from '../graphql/inboundEmails.generated';
import { inboxUrl, threadUrl } from '../urls';
import { rawText } from '../rawText';

const STATUSES = ['threaded', 'new_thread', 'duplicate', 'refused'] as const;
const PAGE = 25;
const READERS = ['admin', 'communicator', 'member'];

export function InboundEmailsView() {
  const { t, i18n } = useTranslation('inbox');
  const router = useRouter();
  const { user } = useSessionUser();
  const status = (STATUSES as readonly string[]).includes(String(router.query.status)) ? String(router.query.status) : '';
  const page = Math.max(0, Number.parseInt(String(router.query.page ?? '1'), 10) - 1 || 0);
  const where = useMemo<inbound_emails_bool_exp>(() => (status ? { status: { _eq: status as (typeof STATUSES)[number] } } : {}), [status]);
  const allowed = READERS.includes(user?.role ?? '');
  const { data, loading, error } = useQuery(InboundEmailsDocument, { variables: { where, limit: PAGE, offset: page * PAGE }, skip: !router.isReady || !allowed });
  const go = (next: { status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const s = next.status ?? status;
    const p = next.page ?? 0;
    if (s) params.set('status', s);
    if (p > 0) params.set('page', String(p + 1));
    void router.push(`/inbox/emails${params.size ? `?${params}` : ''}`, undefined, { shallow: true });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('emails.title')}
        </Typography>
        <Link component={NextLink} href={inboxUrl()}>
          {t('title')}
        </Link>
      </Stack>
      {!allowed ? <Alert severity="info">{t('emails.officeOnly')}</Alert> : null}
      {allowed ? (
        <TextField select size="small" label={t('emails.status')} value={status} onChange={(e) => go({ status: e.target.value, page: 0 })} sx={{ maxWidth: 240 }}>
          <MenuItem value="">{t('emails.anyStatus')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`emails.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {error ? <Alert severity="error">{t('loadFailed')}</Alert> : null}
      {allowed && !loading && data?.inbound_emails.length === 0 ? <Typography color="text.secondary">{t('emails.empty')}</Typography> : null}
      {data?.inbound_emails.length ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('emails.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('emails.received')}</TableCell>
                <TableCell>{t('emails.from')}</TableCell>
                <TableCell>{t('emails.subject')}</TableCell>
                <TableCell>{t('emails.status')}</TableCell>
                <TableCell>{t('emails.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.inbound_emails.map((m) => (
                <TableRow key={m.id} data-testid="inbound-email">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(m.received_at, i18n.language)}</TableCell>
                  <TableCell>{m.from_address ?? '—'}</TableCell>
                  <TableCell>{m.thread_id ? <Link component={NextLink} href={threadUrl(m.thread_id)} prefetch={false}>{m.subject || t('noSubject')}</Link> : m.subject || t('noSubject')}</TableCell>
                  <TableCell>{t(`emails.statuses.${m.status}`)}</TableCell>
                  <TableCell sx={{ maxWidth: 420 }}>
                    {m.reason}
                    {m.raw ? (
                      <details>
                        <summary>{t(m.raw_encoding === 'base64' ? 'emails.rawEightBit' : 'emails.raw', { size: m.size_bytes })}</summary>
                        <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 300, overflow: 'auto' }}>{rawText(m.raw, m.raw_encoding)}</pre>
                      </details>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" count={data.inbound_emails_aggregate.aggregate?.count ?? 0} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_e, p) => go({ page: p })} />
        </Paper>
      ) : null}
    </Stack>
  );
}
