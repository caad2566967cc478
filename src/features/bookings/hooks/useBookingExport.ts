// The CSV export of the list: every booking that matches the filters (not only the shown page),
// read in pages of EXPORT_PAGE rows (one SQL statement each) up to EXPORT_LIMIT, then saved as a file.
import { useCallback, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import { nightsBetween } from '@/domain/bookings/bookingForm';
import { BOOKING_CSV_COLUMNS, bookingCsvCells, bookingCsvFileName, CSV_FORMATS, toCsv } from '@/domain/bookings/csv';
import { messageOf } from '@/lib/apollo/errors';
import { BookingExportDocument, type BookingExportQuery } from '../graphql/bookingExport.generated';
import { bookingOrderBy, bookingWhere, type BookingFilters, type BookingSort } from '../listQuery';

export const EXPORT_PAGE = 500;
export const EXPORT_LIMIT = 20_000;

export function useBookingExport() {
  const { t, i18n } = useTranslation('booking');
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);

  const exportCsv = useCallback(
    async (filters: BookingFilters, sort: BookingSort) => {
      setBusy(true);
      try {
        const rows: BookingExportQuery['bookings'] = [];
        const where = bookingWhere(filters);
        const orderBy = bookingOrderBy(sort);
        for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_PAGE) {
          const { data } = await client.query({ query: BookingExportDocument, variables: { where, orderBy, limit: EXPORT_PAGE, offset }, fetchPolicy: 'no-cache' });
          const page = data?.bookings ?? [];
          rows.push(...page);
          if (page.length < EXPORT_PAGE) break;
        }
        const format = i18n.language === 'hu' ? CSV_FORMATS.hu : CSV_FORMATS.en;
        const csv = toCsv(
          BOOKING_CSV_COLUMNS.map((c) => t(`csv.${c}`)),
          rows.map((r) =>
            bookingCsvCells({
              otaCode: r.ota_code,
              channel: t(`channels.${r.channel}`),
              status: t(`statuses.${r.status}`),
              customerName: r.customer_name,
              customerEmail: r.customer_email,
              customerPhone: r.customer_phone,
              customerCountry: r.customer_country,
              accommodation: r.accommodation.name,
              units: r.booked_units.map((u) => u.unit.name),
              checkin: r.checkin,
              checkout: r.checkout,
              nights: nightsBetween(r.checkin, r.checkout),
              adults: r.adults,
              children: r.children,
              infants: r.infants,
              currency: r.currency,
              accommodationFee: Number(r.accommodation_fee),
              cleaningFee: Number(r.cleaning_fee),
              notes: r.notes,
            }),
          ),
          format,
        );
        const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
        const link = document.createElement('a');
        link.href = url;
        link.download = bookingCsvFileName(new Date().toISOString().slice(0, 10));
        document.body.appendChild(link);
        link.click();
        link.remove();
        URL.revokeObjectURL(url);
        if (rows.length >= EXPORT_LIMIT) toast.warning(t('csv.truncated', { limit: EXPORT_LIMIT }));
      } catch (error) {
        toast.error(t('common:toast.failed', { message: messageOf(error) }));
      } finally {
        setBusy(false);
      }
    },
    [client, i18n.language, t],
  );
  return { exportCsv, busy };
}
