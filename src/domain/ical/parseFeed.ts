// Reads a channel's iCal feed (Airbnb, Booking.com, VRBO...) with ical.js into stays: UID, first
// night and check-out day as local dates, cancelled or not. All-day events give their dates as
// written; timed events the date where they happen (TZID wall time as written; UTC times in the
// properties' zone, Europe/Budapest), so a 23:00 New York start stays on its own day.
import ICAL from 'ical.js';

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  cancelled: boolean;
}

export class FeedParseError extends Error {
  constructor(readonly code: 'not-icalendar' | 'too-many-events' | 'malformed', message: string) {
    super(message);
  }
}

export const MAX_EVENTS = 5000;
const ZONE = 'Europe/Budapest';

const pad = (n: number) => String(n).padStart(2, '0');

function localDate(time: ICAL.Time): string {
  if (time.isDate || time.zone?.tzid !== 'UTC') return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time.toJSDate());
}

const addDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Stays in the feed; events without a UID or start are skipped (they cannot be kept in step). */
export function parseFeed(text: string): FeedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedParseError('not-icalendar', 'The feed is not an iCalendar file');
  // Counted before parsing: ical.js holds the event loop for the whole text, so a feed of many
  // tiny events is refused without being parsed at all.
  if ((text.match(/^BEGIN:VEVENT/gim)?.length ?? 0) > MAX_EVENTS) throw new FeedParseError('too-many-events', `The feed has more than ${MAX_EVENTS} events`);
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    // Not the parser's message: it quotes the feed's text back to whoever reads last_error.
    throw new FeedParseError('malformed', 'The feed could not be read as iCalendar');
  }
  const method = String(root.getFirstPropertyValue('method') ?? '').toUpperCase();
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > MAX_EVENTS) throw new FeedParseError('too-many-events', `The feed has more than ${MAX_EVENTS} events`);
  const events: FeedEvent[] = [];
  for (const vevent of vevents) {
    try {
      const event = new ICAL.Event(vevent);
      const uid = (event.uid ?? '').trim();
      if (!uid || !event.startDate) continue;
      const start = localDate(event.startDate);
      let end = event.endDate ? localDate(event.endDate) : start;
      // A stay always holds at least its first night (an event ending the day it starts, or without DTEND).
      if (!(end > start)) end = addDay(start);
      const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
      events.push({ uid: uid.slice(0, 500), start, end, summary: (event.summary ?? '').trim().slice(0, 200), cancelled: status === 'CANCELLED' || method === 'CANCEL' });
    } catch {
      // One broken event must not stop the rest of the calendar from syncing.
      continue;
    }
  }
  return events;
}
