// A server-paged table of NTAK/VIZA submissions: when, where, what, its status and why it failed,
// and a re-send for what was not accepted.
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RegistrySubmissionFragment } from '../graphql/fragments.generated';
import { ntakUrl, PAGE_SIZE } from '../urls';
import { StatusChip } from './StatusChip';
import { SubmissionProblems } from './SubmissionProblems';

const RESENDABLE = new Set(['error', 'blocked', 'pending']);

interface Props {
  rows: RegistrySubmissionFragment[];
  total: number;
  page: number;
  onPageChange?: (page: number) => void;
  onResend?: (id: string) => void;
  busyId?: string | null;
  showAccommodation?: boolean;
  label: string;
}

export function SubmissionTable({ rows, total, page, onPageChange, onResend, busyId, showAccommodation = true, label }: Props) {
  const { t, i18n } = useTranslation('ntak-iranytu');
  const time = (iso: string | null | undefined) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '');
  if (rows.length === 0) return <Typography color="text.secondary">{t('dashboard.empty')}</Typography>;
  return (
    <>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.time')}</TableCell>
            {showAccommodation ? <TableCell>{t('dashboard.accommodation')}</TableCell> : null}
            <TableCell>{t('dashboard.message')}</TableCell>
            <TableCell>{t('dashboard.status')}</TableCell>
            <TableCell>{t('dashboard.details')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="registry-submission" data-id={r.id} data-type={r.message_type} data-status={r.status}>
              <TableCell>{time(r.created_at)}</TableCell>
              {showAccommodation ? (
                <TableCell>
                  <MuiLink component={Link} href={ntakUrl({ accommodation: r.accommodation_id })} prefetch={false}>
                    {r.accommodation.name}
                  </MuiLink>
                </TableCell>
              ) : null}
              <TableCell>
                {t(`service.${r.service}`)} · {t(`messageType.${r.message_type}`)}
                {r.report_date && r.message_type === 'daily_close' ? ` · ${r.report_date}` : ''}
              </TableCell>
              <TableCell>
                <StatusChip status={r.status} />
                {r.viza_status ? <Typography variant="caption" component="div">{r.viza_status.replace(/_/g, "-")}</Typography> : null}
              </TableCell>
              <TableCell>
                <SubmissionProblems submission={r} />
                <Typography variant="caption" color="text.secondary">
                  {t('dashboard.attempts', { count: r.attempts })}
                  {r.status === 'pending' && r.next_attempt_at ? ` · ${t('dashboard.nextAttempt', { time: time(r.next_attempt_at) })}` : ''}
                  {r.sent_at ? ` · ${t('dashboard.sentAt', { time: time(r.sent_at) })}` : ''}
                </Typography>
              </TableCell>
              <TableCell>
                {onResend && RESENDABLE.has(r.status) ? (
                  <Button size="small" variant="outlined" disabled={busyId === r.id} onClick={() => onResend(r.id)}>
                    {t('dashboard.resend')}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {onPageChange ? (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, p) => onPageChange(p)}
          labelDisplayedRows={({ from, to, count }) => t('dashboard.rows', { from, to, count })}
        />
      ) : null}
    </>
  );
}
