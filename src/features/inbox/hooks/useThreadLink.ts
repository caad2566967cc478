// Linking the open conversation to a booking and unlinking it: the booking search for the picker
// (remembering what each found booking is linked to), the rule check before the request, and the
// two writes (each one transaction on the server).
import { useCallback, useRef } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { PICKER_PAGE_SIZE, type SearchOptions } from '@/components/SearchPicker';
import { useWrite } from '@/components/form/useWrite';
import type { SaveResult } from '@/components/form/submit';
import { linkRefusalKey, planThreadLink, type LinkableBooking } from '@/domain/inbox';
import { refetching } from '@/lib/apollo/refetching';
import { LinkableBookingsDocument } from '../graphql/linkableBookings.generated';
import { LinkThreadBookingDocument } from '../graphql/linkThreadBooking.generated';
import { UnlinkThreadBookingDocument } from '../graphql/unlinkThreadBooking.generated';
import { linkableBookingsWhere } from '../linkQuery';
import { formatDay } from '../components/format';
import type { BookingRow, ThreadRow } from '../types';

export function useThreadLink(thread: ThreadRow | null, bookings: readonly BookingRow[]) {
  const { t, i18n } = useTranslation('inbox');
  const apollo = useApolloClient();
  const write = useWrite();
  const [link] = useMutation(LinkThreadBookingDocument, refetching('InboxThread', 'InboxThreads'));
  const [unlink] = useMutation(UnlinkThreadBookingDocument, refetching('InboxThread', 'InboxThreads'));
  const found = useRef(new Map<string, LinkableBooking>());
  const guestEmail = thread?.guest_email ?? null;

  const search = useCallback<SearchOptions>(
    async (text) => {
      const { data } = await apollo.query({ query: LinkableBookingsDocument, variables: { where: linkableBookingsWhere(text, guestEmail), limit: PICKER_PAGE_SIZE + 1 }, fetchPolicy: 'network-only' });
      const rows = data?.bookings ?? [];
      const options = rows.slice(0, PICKER_PAGE_SIZE).map((b) => {
        found.current.set(b.id, { id: b.id, accommodationId: b.accommodation.id, threadIds: b.thread_2_bookings.map((l) => l.thread_id) });
        const stay = t('thread.stay', { checkin: formatDay(b.checkin, i18n.language), checkout: formatDay(b.checkout, i18n.language) });
        const values = { name: b.customer_name, stay, accommodation: b.accommodation.name, code: b.ota_code };
        const option = b.ota_code ? t('link.optionCode', values) : t('link.option', values);
        return { id: b.id, label: b.thread_2_bookings.length ? t('link.hasConversation', { option }) : option };
      });
      return { options, more: rows.length > PICKER_PAGE_SIZE };
    },
    [apollo, guestEmail, t, i18n.language],
  );

  const onLink = useCallback(
    async (bookingId: string): Promise<SaveResult> => {
      const booking = found.current.get(bookingId);
      if (!thread || !booking) return 'failed';
      const plan = planThreadLink(thread.id, { bookingIds: bookings.map((b) => b.id), accommodationIds: thread.thread_2_accommodations.map((a) => a.accommodation_id) }, booking);
      if (!plan.ok) return { field: 'bookingId', messageKey: linkRefusalKey(plan.reason) };
      const accommodations = plan.accommodationIds.map((accommodationId) => ({ thread_id: thread.id, accommodation_id: accommodationId }));
      return write(() => link({ variables: { threadId: thread.id, bookingId, accommodations } }));
    },
    [thread, bookings, write, link],
  );

  const onUnlink = useCallback(
    (booking: BookingRow): Promise<SaveResult> =>
      thread ? write(() => unlink({ variables: { threadId: thread.id, bookingId: booking.id, accommodationId: booking.accommodation.id } }), 'deleted') : Promise.resolve('failed'),
    [thread, write, unlink],
  );

  return { search, onLink, onUnlink };
}
