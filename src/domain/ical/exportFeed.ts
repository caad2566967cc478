// The export feed of one unit (RFC 5545): every blocked night as an all-day event, nothing about
// the guests (no names, no channels, no booking ids; UIDs are one-way hashes), so Airbnb,
// Booking.com and others can poll it to close the same nights.

export interface BlockedRange {
  /** A stable key of what blocks (a booked unit id, a closed-dates run); hashed into the UID. */
  key: string;
  /** First blocked night, YYYY-MM-DD. */
  start: string;
  /** The day after the last blocked night (check-out day), YYYY-MM-DD. */
  end: string;
}

const compact = (date: string) => date.replace(/-/g, '');

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** TEXT escaping (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Consecutive dates (sorted or not) merged into [start, end) runs. */
export function runsOfDates(dates: readonly string[]): { start: string; end: string }[] {
  const sorted = [...new Set(dates)].sort();
  const runs: { start: string; end: string }[] = [];
  const next = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  for (const date of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.end === date) last.end = next(date);
    else runs.push({ start: date, end: next(date) });
  }
  return runs;
}

export interface ExportOptions {
  /** UTC timestamp of the feed (DTSTAMP), e.g. 20260501T120000Z. */
  stamp: string;
  /** Turns a range key into its UID's local part (a hash, so ids never leave the database). */
  uidOf: (key: string) => string;
  summary?: string;
}

export function utcStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function exportCalendar(ranges: readonly BlockedRange[], options: ExportOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Staydesk//Availability//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Staydesk availability'];
  const sorted = [...ranges].sort((a, b) => (a.start === b.start ? a.key.localeCompare(b.key) : a.start.localeCompare(b.start)));
  for (const range of sorted) {
    if (!(range.end > range.start)) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${options.uidOf(range.key)}@staydesk`,
      `DTSTAMP:${options.stamp}`,
      `DTSTART;VALUE=DATE:${compact(range.start)}`,
      `DTEND;VALUE=DATE:${compact(range.end)}`,
      `SUMMARY:${escapeText(options.summary ?? 'Not available')}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
