// CSV for spreadsheets (RFC 4180 quoting), made to open right in Excel: a UTF-8 byte-order mark
// so accented Hungarian letters survive, the list separator and decimal mark of the language
// (Hungarian Excel splits on ';' and reads '12,50'), CRLF line ends, and cells that would start a
// formula (=, +, -, @, tab, CR) prefixed with an apostrophe so a guest's name cannot run one.

export interface CsvFormat {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const CSV_FORMATS: Record<'en' | 'hu', CsvFormat> = {
  en: { separator: ',', decimal: '.' },
  hu: { separator: ';', decimal: ',' },
};

export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell, format: CsvFormat): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value).replace('.', format.decimal) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes('"') || text.includes(format.separator) || /[\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, data rows, CRLF after each row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], format: CsvFormat): string {
  const line = (cells: readonly CsvCell[]) => cells.map((c) => csvCell(c, format)).join(format.separator);
  return CSV_BOM + [line(header), ...rows.map(line)].map((l) => `${l}\r\n`).join('');
}

export interface BookingCsvRow {
  otaCode: string | null;
  channel: string;
  status: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  customerCountry: string | null;
  accommodation: string;
  units: string[];
  checkin: string;
  checkout: string;
  nights: number;
  adults: number;
  children: number;
  infants: number;
  currency: string;
  accommodationFee: number;
  cleaningFee: number;
  notes: string | null;
}

export const BOOKING_CSV_COLUMNS = ['otaCode', 'channel', 'status', 'customerName', 'customerEmail', 'customerPhone', 'customerCountry', 'accommodation', 'units', 'checkin', 'checkout', 'nights', 'adults', 'children', 'infants', 'currency', 'accommodationFee', 'cleaningFee', 'notes'] as const;

export function bookingCsvCells(row: BookingCsvRow): CsvCell[] {
  return BOOKING_CSV_COLUMNS.map((column) => {
    const value = row[column];
    return Array.isArray(value) ? value.join(', ') : value;
  });
}

/** A file name for the export, e.g. bookings-2026-05-01.csv. */
export function bookingCsvFileName(today: string): string {
  return `bookings-${today}.csv`;
}
