// The history section: every status change of the booking with who made it and when (rows
// written by the database trigger, so changes from any client appear).
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BookingStatusHistoryDocument } from '../graphql/bookingStatusHistory.generated';
import type { BookingSectionProps } from './bookingSections';

export function BookingHistoryPanel({ bookingId }: BookingSectionProps) {
  const { t, i18n } = useTranslation('booking');
  const history = useQuery(BookingStatusHistoryDocument, { variables: { bookingId }, fetchPolicy: 'cache-and-network' });
  if (history.error) return <Alert severity="error">{t('history.loadFailed')}</Alert>;
  const rows = history.data?.booking_status_changes ?? [];
  if (!rows.length) return <Typography>{history.loading ? t('editor.loading') : t('history.empty')}</Typography>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table size="small" aria-label={t('sections.history')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('history.when')}</TableCell>
          <TableCell>{t('history.change')}</TableCell>
          <TableCell>{t('history.who')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{when.format(new Date(row.changed_at))}</TableCell>
            <TableCell>{row.old_status ? t('history.changed', { from: t(`statuses.${row.old_status}`), to: t(`statuses.${row.new_status}`) }) : t('history.created', { status: t(`statuses.${row.new_status}`) })}</TableCell>
            <TableCell>{row.changed_by_name ?? (row.changed_by_role ? t('history.role', { role: t(`common:roles.${row.changed_by_role}`, { defaultValue: row.changed_by_role }) }) : t('history.system'))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
