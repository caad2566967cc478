// The booking search of the "link to a booking" screen as a GraphQL where: the typed words in the
// guest's name or e-mail or the booking code; with nothing typed, the bookings of the thread's
// guest address (the likely match), else every booking, newest stay first.
import type { bookings_bool_exp } from '@/lib/graphql/schema.generated';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function linkableBookingsWhere(text: string, guestEmail: string | null): bookings_bool_exp {
  const typed = text.trim();
  if (typed) {
    const pattern = `%${escapeLike(typed)}%`;
    return { _or: [{ customer_name: { _ilike: pattern } }, { customer_email: { _ilike: pattern } }, { ota_code: { _ilike: pattern } }] };
  }
  return guestEmail ? { customer_email: { _ilike: escapeLike(guestEmail.trim()) } } : {};
}
