import { describe, expect, it } from 'vitest';
import { BOOKING_CSV_COLUMNS, bookingCsvCells, CSV_BOM, CSV_FORMATS, csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('quotes separators, quotes, line breaks and edge spaces as RFC 4180 says', () => {
    const en = CSV_FORMATS.en;
    expect(csvCell('plain', en)).toBe('plain');
    expect(csvCell('Kovács, Anna', en)).toBe('"Kovács, Anna"');
    expect(csvCell('say "hi"', en)).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', en)).toBe('"two\nlines"');
    expect(csvCell(' padded', en)).toBe('" padded"');
    expect(csvCell(null, en)).toBe('');
    expect(csvCell(undefined, en)).toBe('');
    // A comma is no separator in the Hungarian format, a semicolon is.
    expect(csvCell('Kovács, Anna', CSV_FORMATS.hu)).toBe('Kovács, Anna');
    expect(csvCell('a;b', CSV_FORMATS.hu)).toBe('"a;b"');
  });

  it('writes numbers with the decimal mark of the language', () => {
    expect(csvCell(1234.5, CSV_FORMATS.en)).toBe('1234.5');
    expect(csvCell(1234.5, CSV_FORMATS.hu)).toBe('1234,5');
    expect(csvCell(Number.NaN, CSV_FORMATS.en)).toBe('');
  });

  it('defuses cells that would start a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("http://x")', CSV_FORMATS.en)).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+36 30 123 4567', CSV_FORMATS.en)).toBe("'+36 30 123 4567");
    expect(csvCell('@SUM(A1)', CSV_FORMATS.en)).toBe("'@SUM(A1)");
    // Negative numbers stay numbers.
    expect(csvCell(-5, CSV_FORMATS.en)).toBe('-5');
  });
});

describe('the CSV file', () => {
  it('starts with a UTF-8 byte-order mark and ends every row with CRLF', () => {
    const file = toCsv(['Név', 'Összeg'], [['Árvíztűrő Tükörfúrógép', 12.5]], CSV_FORMATS.hu);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect(file).toBe(`${CSV_BOM}Név;Összeg\r\nÁrvíztűrő Tükörfúrógép;12,5\r\n`);
    // Encoded as UTF-8 the mark is EF BB BF, which Excel needs to read the accents.
    expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('lays a booking out in the export columns', () => {
    const cells = bookingCsvCells({
      otaCode: 'HMX1', channel: 'airbnb', status: 'new', customerName: 'Nagy Éva', customerEmail: 'eva@example.hu', customerPhone: null, customerCountry: 'HU',
      accommodation: 'Duna Loft', units: ['A1', 'A2'], checkin: '2026-05-01', checkout: '2026-05-04', nights: 3, adults: 2, children: 1, infants: 0,
      currency: 'EUR', accommodationFee: 300, cleaningFee: 40, notes: null,
    });
    expect(cells).toHaveLength(BOOKING_CSV_COLUMNS.length);
    expect(cells.slice(0, 4)).toEqual(['HMX1', 'airbnb', 'new', 'Nagy Éva']);
    expect(cells[BOOKING_CSV_COLUMNS.indexOf('units')]).toBe('A1, A2');
    expect(cells[BOOKING_CSV_COLUMNS.indexOf('nights')]).toBe(3);
  });
});
