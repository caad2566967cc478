// The details section's data and writes: the booking (or the prefill of a new one), the units it
// may occupy, save (create or update by what the role may change), cancel/re-activate and the quote.
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import type { SaveResult } from '@/components/form/submit';
import { useWrite } from '@/components/form/useWrite';
import { emptyBookingValues, type BookingFormValues } from '@/domain/bookings/bookingForm';
import type { BookingStatus } from '@/domain/bookings/values';
import { refetching } from '@/lib/apollo/refetching';
import { callFunction } from '@/lib/functions/contract';
import { quoteFunction, type QuoteResponse } from '@/lib/functions/quote';
import type { BookingCapabilities } from '../capabilities';
import { BookingDetailsDocument } from '../graphql/bookingDetails.generated';
import { BookingUnitOptionsDocument } from '../graphql/bookingUnitOptions.generated';
import { InsertBookingDocument } from '../graphql/insertBooking.generated';
import { SetBookingStatusDocument } from '../graphql/setBookingStatus.generated';
import { UpdateBookingDocument } from '../graphql/updateBooking.generated';
import { UpdateBookingGuestDetailsDocument } from '../graphql/updateBookingGuestDetails.generated';
import { UpdateBookingNotesDocument } from '../graphql/updateBookingNotes.generated';
import { accommodationOfUnits, bookedUnitGuestUpdates, bookedUnitsInput, bookingInsert, bookingSet, bookingValuesOf, guestDetailsSet, guestsUnknownSet, guestTotalsSet } from '../mappers';

export interface QuoteArgs {
  unitId: string;
  rateId: string;
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  infants: number;
  locale: 'en' | 'hu';
}

export function useBookingDetails(id: string | null, can: BookingCapabilities, prefill: { unitId?: string; arrival?: string; departure?: string }, onCreated: (id: string) => void) {
  const details = useQuery(BookingDetailsDocument, { variables: { id: id ?? '' }, skip: !id });
  const unitOptions = useQuery(BookingUnitOptionsDocument);
  const write = useWrite();
  const nhost = useNhostClient();
  const [insertBooking] = useMutation(InsertBookingDocument, refetching('BookingList'));
  const [updateBooking] = useMutation(UpdateBookingDocument, refetching('BookingDetails', 'BookingStatusHistory', 'BookingList'));
  const [updateGuestDetails] = useMutation(UpdateBookingGuestDetailsDocument, refetching('BookingDetails', 'BookingList'));
  const [updateNotes] = useMutation(UpdateBookingNotesDocument, refetching('BookingDetails'));
  const [setStatus] = useMutation(SetBookingStatusDocument, refetching('BookingDetails', 'BookingStatusHistory', 'BookingList'));

  const booking = details.data?.bookings_by_pk ?? null;
  const units = useMemo(() => unitOptions.data?.units ?? [], [unitOptions.data]);
  const initialValues = useMemo<BookingFormValues | null>(() => {
    if (!id) return emptyBookingValues(prefill);
    return booking ? bookingValuesOf(booking) : null;
    // The prefill is read once from the URL; a later change of the object identity is no new prefill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, booking]);

  const save = useCallback(
    async (values: BookingFormValues): Promise<SaveResult> => {
      if (can.bookingFields) {
        const accommodationId = accommodationOfUnits(values, units);
        if (!accommodationId) return { field: 'units', messageKey: 'booking:validation.oneAccommodation' };
        if (!id) {
          let createdId = '';
          const result = await write(async () => {
            const { data } = await insertBooking({ variables: { object: bookingInsert(values, accommodationId) } });
            createdId = data?.insert_bookings_one?.id ?? '';
          });
          if (!result && createdId) onCreated(createdId);
          return result;
        }
        // A saved booking that changes is 'modified' (a cancelled one stays cancelled until re-activated).
        const status: BookingStatus = values.status === 'new' ? 'modified' : values.status;
        return write(() =>
          updateBooking({
            variables: { id, set: { ...bookingSet(values, accommodationId, status), ...(initialValues ? guestsUnknownSet(initialValues, values) : {}) }, keepUnitIds: values.units.flatMap((u) => (u.id ? [u.id] : [])), units: bookedUnitsInput(values, id) },
          }),
        );
      }
      if (!id) return 'failed';
      // Communicators: the customer, notes and guest counts (the booking's totals and each unit's).
      if (can.guestFields) {
        const set = { ...guestDetailsSet(values), ...guestTotalsSet(values), ...(initialValues ? guestsUnknownSet(initialValues, values) : {}) };
        return write(() => updateGuestDetails({ variables: { id, set, units: bookedUnitGuestUpdates(values) } }));
      }
      if (can.notes) return write(() => updateNotes({ variables: { id, notes: values.notes.trim() || null } }));
      return 'failed';
    },
    [can, id, units, initialValues, write, insertBooking, updateBooking, updateGuestDetails, updateNotes, onCreated],
  );

  const changeStatus = useCallback((status: BookingStatus) => (id ? write(() => setStatus({ variables: { id, status } })) : Promise.resolve<SaveResult>('failed')), [id, write, setStatus]);

  const quote = useCallback((args: QuoteArgs): Promise<QuoteResponse> => callFunction(nhost.functions, quoteFunction, { unitId: args.unitId, rateId: args.rateId, checkIn: args.checkin, checkOut: args.checkout, adults: args.adults, children: args.children, infants: args.infants, excludeBookingId: id, locale: args.locale }), [nhost, id]);

  return { booking, loading: details.loading || unitOptions.loading, error: details.error ?? unitOptions.error, initialValues, units, save, changeStatus, quote };
}
