// The bookings table: sortable headers, server-side paging and a link per row into the editor.
// Renders only what it is given; the list view loads the page.
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { nightsBetween } from '@/domain/bookings/bookingForm';
import type { BookingListItemFragment } from '../graphql/fragments.generated';
import { BOOKING_PAGE_SIZES, type BookingSort, type BookingSortColumn } from '../listQuery';

export interface BookingTableProps {
  rows: readonly BookingListItemFragment[];
  total: number;
  sort: BookingSort;
  page: number;
  pageSize: number;
  onSortChange: (sort: BookingSort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  editorHref: (id: string) => string;
}

export function BookingTable({ rows, total, sort, page, pageSize, onSortChange, onPageChange, onPageSizeChange, editorHref }: BookingTableProps) {
  const { t } = useTranslation('booking');
  const header = (column: BookingSortColumn) => (
    <TableSortLabel active={sort.column === column} direction={sort.column === column ? sort.direction : 'asc'} onClick={() => onSortChange({ column, direction: sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc' })}>
      {t(`list.columns.${column}`)}
    </TableSortLabel>
  );
  return (
    <>
      <Table size="small" aria-label={t('list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{header('customer')}</TableCell>
            <TableCell>{t('list.columns.units')}</TableCell>
            <TableCell>{header('checkin')}</TableCell>
            <TableCell>{header('checkout')}</TableCell>
            <TableCell>{t('list.columns.guests')}</TableCell>
            <TableCell>{t('list.columns.channel')}</TableCell>
            <TableCell>{t('list.columns.otaCode')}</TableCell>
            <TableCell>{t('list.columns.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover sx={row.status === 'cancelled' ? { opacity: 0.6 } : undefined}>
              <TableCell>
                <Link href={editorHref(row.id)} prefetch={false}>
                  {row.customer_name}
                </Link>
              </TableCell>
              <TableCell>
                {row.accommodation.name}
                {row.booked_units.length ? ` · ${row.booked_units.map((u) => u.unit.name).join(', ')}` : ''}
              </TableCell>
              <TableCell>{row.checkin}</TableCell>
              <TableCell>
                {row.checkout} ({t('fields.nights', { count: nightsBetween(row.checkin, row.checkout) })})
              </TableCell>
              <TableCell>
                {row.guests_unknown ? (
                  // Imported from a channel's calendar: the stored 1 adult is a placeholder, not a count.
                  <Chip size="small" color="warning" variant="outlined" label={t('list.guestsUnknown')} />
                ) : (
                  t('list.guests', { adults: row.adults, children: row.children, infants: row.infants })
                )}
              </TableCell>
              <TableCell>{t(`channels.${row.channel}`)}</TableCell>
              <TableCell>{row.ota_code ?? ''}</TableCell>
              <TableCell>{t(`statuses.${row.status}`)}</TableCell>
            </TableRow>
          ))}
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8}>{t('list.empty')}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...BOOKING_PAGE_SIZES]}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
        labelRowsPerPage={t('list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('list.displayedRows', { from, to, count })}
      />
    </>
  );
}
