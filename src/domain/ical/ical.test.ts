import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportCalendar, foldLine, runsOfDates, utcStamp } from './exportFeed';
import { FeedParseError, MAX_EVENTS, parseFeed } from './parseFeed';
import { importedGuestName, isBlockSummary, planImport, type KnownBooking } from './planImport';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '__fixtures__', name), 'utf8');

describe('export feed', () => {
  it('writes blocked nights as all-day events with CRLF lines, hashed UIDs and nothing about guests', () => {
    const ics = exportCalendar(
      [
        { key: 'b', start: '2026-05-10', end: '2026-05-12' },
        { key: 'a', start: '2026-05-01', end: '2026-05-04' },
        { key: 'empty', start: '2026-06-01', end: '2026-06-01' },
      ],
      { stamp: utcStamp(new Date('2026-04-30T08:00:00Z')), uidOf: (k) => `h-${k}` },
    );
    expect(ics).toBe(
      [
        'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Staydesk//Availability//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Staydesk availability',
        'BEGIN:VEVENT', 'UID:h-a@staydesk', 'DTSTAMP:20260430T080000Z', 'DTSTART;VALUE=DATE:20260501', 'DTEND;VALUE=DATE:20260504', 'SUMMARY:Not available', 'TRANSP:OPAQUE', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:h-b@staydesk', 'DTSTAMP:20260430T080000Z', 'DTSTART;VALUE=DATE:20260510', 'DTEND;VALUE=DATE:20260512', 'SUMMARY:Not available', 'TRANSP:OPAQUE', 'END:VEVENT',
        'END:VCALENDAR', '',
      ].join('\r\n'),
    );
    // What we export, we read back the same way.
    expect(parseFeed(ics).map((e) => [e.uid, e.start, e.end])).toEqual([['h-a@staydesk', '2026-05-01', '2026-05-04'], ['h-b@staydesk', '2026-05-10', '2026-05-12']]);
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'árvíztűrő '.repeat(12)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('merges closed dates into runs', () => {
    expect(runsOfDates(['2026-05-03', '2026-05-01', '2026-05-02', '2026-05-07', '2026-05-02'])).toEqual([
      { start: '2026-05-01', end: '2026-05-04' },
      { start: '2026-05-07', end: '2026-05-08' },
    ]);
  });
});

describe('reading channel feeds', () => {
  it("reads Airbnb's feed: reservations and blocks, folded description", () => {
    expect(parseFeed(fixture('airbnb.ics'))).toEqual([
      { uid: '1418fb94e984-0e4b6d2f1c0cd1a9e3b2a7f6c5d4e3b2@airbnb.com', start: '2026-05-05', end: '2026-05-10', summary: 'Reserved', cancelled: false },
      { uid: '7f3d2c1b0a99-5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b@airbnb.com', start: '2026-05-28', end: '2026-06-01', summary: 'Airbnb (Not available)', cancelled: false },
      { uid: '0000past0000-1111@airbnb.com', start: '2026-03-15', end: '2026-03-20', summary: 'Reserved', cancelled: false },
    ]);
  });

  it("reads Booking.com's feed", () => {
    expect(parseFeed(fixture('booking.ics')).map((e) => [e.uid, e.start, e.end, e.summary])).toEqual([
      ['4c6f9e1a2b3d@booking.com', '2026-05-12', '2026-05-15', 'CLOSED - Not available'],
      ['8d1e2f3a4b5c@booking.com', '2026-05-20', '2026-05-23', 'CLOSED - Not available'],
    ]);
  });

  it('reads time zones, UTC times, folded UIDs, cancelled events and events without an end; skips events without a UID', () => {
    expect(parseFeed(fixture('timezones.ics'))).toEqual([
      // 23:00 in New York is still 1 June there (it is 2 June in Budapest): the local date counts.
      { uid: 'tz-evening-arrival-with-a-very-long-identifier-that-is-folded-over-several-lines@example.com', start: '2026-06-01', end: '2026-06-04', summary: 'Guest stay', cancelled: false },
      // 23:00 UTC on 10 June is 01:00 on 11 June in Budapest.
      { uid: 'utc-late@example.com', start: '2026-06-11', end: '2026-06-12', summary: 'UTC stay', cancelled: false },
      { uid: 'cancelled@example.com', start: '2026-07-01', end: '2026-07-05', summary: 'Cancelled stay', cancelled: true },
      { uid: 'single-day@example.com', start: '2026-08-01', end: '2026-08-02', summary: 'No end', cancelled: false },
    ]);
  });

  it('refuses what is not a calendar, malformed text and oversized event counts with a code', () => {
    const code = (text: string) => {
      try {
        parseFeed(text);
        return 'parsed';
      } catch (error) {
        return error instanceof FeedParseError ? error.code : 'other';
      }
    };
    expect(code('<html>Login</html>')).toBe('not-icalendar');
    expect(code('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2026\r\n')).toBe('malformed');
    const many = ['BEGIN:VCALENDAR', ...Array.from({ length: MAX_EVENTS + 1 }, (_, i) => `BEGIN:VEVENT\r\nUID:${i}\r\nDTSTART;VALUE=DATE:20260601\r\nEND:VEVENT`), 'END:VCALENDAR'].join('\r\n');
    expect(code(many)).toBe('too-many-events');
  });
});

describe('planning an import', () => {
  const today = '2026-05-01';
  const event = (uid: string, start: string, end: string, summary = 'Reserved', cancelled = false) => ({ uid, start, end, summary, cancelled });

  it('creates new stays, skips finished ones and leaves unchanged ones alone', () => {
    const known: KnownBooking[] = [{ uid: 'same', bookingId: 'b1', start: '2026-05-10', end: '2026-05-12', cancelled: false }];
    const plan = planImport([event('new', '2026-05-02', '2026-05-05'), event('past', '2026-04-01', '2026-04-05'), event('same', '2026-05-10', '2026-05-12')], known, [], today);
    expect(plan.actions).toEqual([{ kind: 'create', event: event('new', '2026-05-02', '2026-05-05') }]);
    expect(plan.conflicts).toEqual([]);
  });

  it('moves a stay whose dates changed and cancels one gone from the feed or marked cancelled', () => {
    const known: KnownBooking[] = [
      { uid: 'moved', bookingId: 'b1', start: '2026-05-10', end: '2026-05-12', cancelled: false },
      { uid: 'gone', bookingId: 'b2', start: '2026-05-20', end: '2026-05-22', cancelled: false },
      { uid: 'over', bookingId: 'b3', start: '2026-04-20', end: '2026-04-22', cancelled: false },
      { uid: 'marked', bookingId: 'b4', start: '2026-06-01', end: '2026-06-03', cancelled: false },
    ];
    const plan = planImport([event('moved', '2026-05-11', '2026-05-14'), event('marked', '2026-06-01', '2026-06-03', 'Reserved', true)], known, [], today);
    expect(plan.actions).toEqual([
      { kind: 'move', uid: 'moved', bookingId: 'b1', start: '2026-05-11', end: '2026-05-14' },
      { kind: 'cancel', uid: 'marked', bookingId: 'b4' },
      { kind: 'cancel', uid: 'gone', bookingId: 'b2' },
    ]);
  });

  it('re-activates a cancelled import that comes back and leaves an unchanged one alone', () => {
    const known: KnownBooking[] = [
      { uid: 'back', bookingId: 'b1', start: '2026-05-10', end: '2026-05-12', cancelled: true },
      { uid: 'same', bookingId: 'b2', start: '2026-06-10', end: '2026-06-12', cancelled: false },
    ];
    const plan = planImport([event('back', '2026-05-10', '2026-05-12'), event('same', '2026-06-10', '2026-06-12')], known, [], today);
    expect(plan.actions).toEqual([{ kind: 'reactivate', uid: 'back', bookingId: 'b1', start: '2026-05-10', end: '2026-05-12' }]);
    // The unchanged stay still counts as taken: a new event over it is a conflict, not a second booking.
    const over = planImport([event('same', '2026-06-10', '2026-06-12'), event('new', '2026-06-11', '2026-06-13')], known, [], today);
    expect(over.actions).toEqual([]);
    expect(over.conflicts.map((c) => [c.uid, c.conflictingBookingId])).toEqual([['new', 'b2']]);
  });

  it('reports a stay over another one as a conflict, and ignores our own export echoed back as a block', () => {
    const others = [{ bookingId: 'direct', start: '2026-05-10', end: '2026-05-15' }];
    const plan = planImport(
      [event('clash', '2026-05-14', '2026-05-17'), event('echo', '2026-05-10', '2026-05-15', 'Airbnb (Not available)'), event('inside', '2026-05-11', '2026-05-13', 'Reserved'), event('twin', '2026-05-20', '2026-05-22'), event('twin2', '2026-05-21', '2026-05-23')],
      [],
      others,
      today,
    );
    expect(plan.actions).toEqual([{ kind: 'create', event: event('twin', '2026-05-20', '2026-05-22') }]);
    expect(plan.echoes).toBe(1);
    expect(plan.conflicts.map((c) => [c.uid, c.conflictingBookingId])).toEqual([
      ['clash', 'direct'],
      ['inside', 'direct'],
      ['twin2', 'new:twin'],
    ]);
  });

  it('does not move an imported stay onto another stay; it keeps its nights and reports the conflict', () => {
    const known: KnownBooking[] = [{ uid: 'm', bookingId: 'b1', start: '2026-05-01', end: '2026-05-03', cancelled: false }];
    const plan = planImport([event('m', '2026-05-04', '2026-05-08')], known, [{ bookingId: 'x', start: '2026-05-06', end: '2026-05-09' }], today);
    expect(plan.actions).toEqual([]);
    expect(plan.conflicts).toEqual([{ uid: 'm', start: '2026-05-04', end: '2026-05-08', summary: 'Reserved', conflictingBookingId: 'x' }]);
  });

  it("names imported guests only from summaries that are names, not from channels' status texts", () => {
    // Recorded formats: Airbnb's "Reserved" and "Airbnb (Not available)", Booking.com's "CLOSED - Not available".
    const summaries = [...parseFeed(fixture('airbnb.ics')), ...parseFeed(fixture('booking.ics'))].map((e) => e.summary);
    expect(summaries).toEqual(['Reserved', 'Airbnb (Not available)', 'Reserved', 'CLOSED - Not available', 'CLOSED - Not available']);
    for (const s of summaries) expect(importedGuestName(s), s).toBeNull();
    for (const s of ['Booked', 'FOGLALT', 'Booking.com reservation', '  ', '--', 'X']) expect(importedGuestName(s), s).toBeNull();
    expect(importedGuestName('  Anna   Kovács ')).toBe('Anna Kovács');
    expect(importedGuestName('Guest stay')).toBe('Guest stay');
    expect(importedGuestName('É'.repeat(300))).toHaveLength(200);
  });

  it('tells blocks from reservations by their summary', () => {
    for (const s of ['Airbnb (Not available)', 'CLOSED - Not available', 'Blocked']) expect(isBlockSummary(s), s).toBe(true);
    for (const s of ['Reserved', 'Guest stay', '']) expect(isBlockSummary(s), s).toBe(false);
  });
});

describe('the import feed form', () => {
  it('accepts http(s) URLs only, without credentials, up to 2000 characters', async () => {
    const { icalFeedSchema, isFeedUrl } = await import('./feedSchema');
    expect(isFeedUrl('https://www.airbnb.com/calendar/ical/12345.ics?s=abc')).toBe(true);
    expect(isFeedUrl('http://admin.booking.com/hotel/hoteladmin/ical.html?t=x')).toBe(true);
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://x/y.ics', 'https://u:p@x.com/a.ics', `https://x.com/${'a'.repeat(2000)}`, 'not a url']) expect(isFeedUrl(bad), bad).toBe(false);
    await expect(icalFeedSchema.validate({ channel: 'airbnb', url: 'file:///etc/passwd' })).rejects.toThrow('booking:ical.invalidUrl');
    await expect(icalFeedSchema.validate({ channel: 'expedia', url: 'https://x.com/a.ics' })).rejects.toThrow();
  });
});
