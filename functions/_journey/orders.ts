// What transfer and adventure orders share: a date near the stay, a cap per booking, the
// confirmation e-mail (to the booking's own address only: the journey link must not let anyone
// send the property's e-mails to any address).
import { addDays } from '../../src/domain/dates';
import { sendTemplateMail } from '../_lib/mail';
import en from '../../public/locales/en/journey.json';
import hu from '../../public/locales/hu/journey.json';
import type { JourneyBooking } from './load';

/** Orders are for the stay: from two days before check-in to two days after check-out. */
export function isNearStay(booking: JourneyBooking, date: string): boolean {
  return date >= addDays(booking.checkin, -2) && date <= addDays(booking.checkout, 2);
}

/** Orders of one kind a booking may hold: more is no stay's need, only a flood of e-mails and rows. */
export const MAX_ORDERS_PER_BOOKING = 10;

/**
 * Sends the confirmation to the booking's e-mail address (none on the booking: no e-mail); a failed
 * e-mail does not undo the order (staff see it on the booking).
 */
export async function confirmByMail(template: string, locale: string, booking: Pick<JourneyBooking, 'customer_email'>, vars: Record<string, string>): Promise<boolean> {
  const to = booking.customer_email?.trim();
  if (!to) return false;
  try {
    await sendTemplateMail(template, locale, to, vars);
    return true;
  } catch (e) {
    console.error(`journey: ${template} confirmation not sent: ${(e as Error).message}`);
    return false;
  }
}

export function formatDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'hu' ? 'hu-HU' : 'en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** A choice's label in the guest's language for the e-mail ("payments.card" -> "Bankkártya"). */
export function label(locale: string, group: 'payments' | 'adventures', value: string): string {
  const texts = (locale === 'hu' ? hu : en)[group] as Record<string, string>;
  return texts[value] ?? value;
}
