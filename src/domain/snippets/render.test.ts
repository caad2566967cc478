import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render';
import { translateFormMessage } from '@/lib/i18n/formMessage';
import { formatStayDate, parseSnippetBody, pickLanguage, renderErrorText, renderSnippet, snippetContext, validateSnippetBody } from '.';

const en = createTestI18n('en');
const hu = createTestI18n('hu');

describe('snippet body validation', () => {
  const invalid: Array<[string, string]> = [
    ['unclosed variable', 'Hi {{guest.firstName, welcome'],
    ['unclosed at the end', 'See you {{'],
    ['unopened variable', 'Hi guest.firstName}}, welcome'],
    ['stray closing after a good one', 'Hi {{guest.firstName}}}}'],
    ['nested opening', 'Hi {{guest.{{name}}}}'],
    ['empty name', 'Hi {{ }}'],
    ['unknown name', 'Hi {{guest.password}}'],
    ['key without slug', 'Code: {{key.}}'],
    ['key slug with capitals', 'Code: {{key.DoorCode}}'],
  ];
  for (const [what, body] of invalid) {
    it(`refuses a ${what}, in English and Hungarian`, () => {
      const message = validateSnippetBody(body);
      expect(translateFormMessage(en.t, message)).toBe('Body has invalid variable');
      expect(translateFormMessage(hu.t, message)).toBe('A szövegben érvénytelen változó van');
    });
  }

  it('accepts known variables, spaces inside braces, fact-sheet keys and single braces', () => {
    for (const body of ['Hi {{guest.firstName}}!', 'Hi {{ guest.name }}', 'Door: {{key.door-code}}, Wi-Fi {{key.wifi}}', 'Plain text', 'a {b} c', '']) {
      expect(validateSnippetBody(body), body).toBeUndefined();
    }
    expect(parseSnippetBody('Hi {{ guest.name }}!')).toEqual({ ok: true, parts: [{ text: 'Hi ' }, { variable: 'guest.name' }, { text: '!' }] });
  });

  it('points at the offending position', () => {
    expect(parseSnippetBody('abc }} x')).toMatchObject({ ok: false, at: 4 });
    expect(parseSnippetBody('ab {{x')).toMatchObject({ ok: false, at: 3 });
  });
});

describe('snippet rendering', () => {
  const source = {
    guestName: 'Anna Maria Kovács',
    checkin: '2026-12-03',
    checkout: '2026-12-07',
    adults: 2,
    children: 1,
    unitName: 'Loft A',
    accommodationName: 'Váci Loft',
    address: 'Váci utca 34., 1052 Budapest',
    checkinTime: '15:00',
    checkoutTime: '10:00',
    journeyUrl: 'https://stay.example/journey/abc',
    keys: { 'door-code': '4711', wifi: 'Loft / secret' },
  };

  it('fills every variable in the guest language', () => {
    const snippet = { name: 'Welcome', body: 'Hi {{guest.firstName}} {{guest.lastName}}: {{booking.checkin}} - {{booking.checkout}} ({{booking.nights}} nights, {{booking.guests}} guests) in {{unit.name}} at {{accommodation.address}} from {{accommodation.checkinTime}}. Door {{key.door-code}}, Wi-Fi {{key.wifi}}. {{journey.url}}' };
    expect(renderSnippet(snippet, snippetContext(source, 'en'))).toEqual({
      ok: true,
      text: 'Hi Anna Maria Kovács: 3 December 2026 - 7 December 2026 (4 nights, 3 guests) in Loft A at Váci utca 34., 1052 Budapest from 15:00. Door 4711, Wi-Fi Loft / secret. https://stay.example/journey/abc',
    });
    expect(renderSnippet({ name: 'Üdv', body: '{{booking.checkin}}' }, snippetContext(source, 'hu'))).toEqual({ ok: true, text: '2026. december 3.' });
  });

  it('names the snippet when a value is missing (a key the reader may not see), in both languages', () => {
    const result = renderSnippet({ name: 'Check-in instructions', body: 'Code {{key.lockbox}}' }, snippetContext(source, 'en'));
    expect(result).toEqual({ ok: false, error: { snippetName: 'Check-in instructions', reason: 'missingValue', variable: 'key.lockbox' } });
    if (result.ok) throw new Error('expected an error');
    expect(renderErrorText(en.t, result.error)).toBe('Error rendering Check-in instructions: no value for {{key.lockbox}}');
    expect(renderErrorText(hu.t, result.error)).toBe('Hiba a(z) Check-in instructions sablon kitöltésekor: nincs érték ehhez: {{key.lockbox}}');
  });

  it('names the snippet when its stored body is invalid, in both languages', () => {
    const result = renderSnippet({ name: 'Broken', body: 'Hi {{guest.firstName' }, snippetContext(source, 'en'));
    if (result.ok) throw new Error('expected an error');
    expect(renderErrorText(en.t, result.error)).toBe('Error rendering Broken: Body has invalid variable');
    expect(renderErrorText(hu.t, result.error)).toBe('Hiba a(z) Broken sablon kitöltésekor: A szövegben érvénytelen változó van');
  });

  it('treats an empty value as missing rather than leaving a hole', () => {
    const result = renderSnippet({ name: 'X', body: '{{guest.lastName}}' }, snippetContext({ guestName: 'Anna' }, 'en'));
    expect(result).toMatchObject({ ok: false, error: { reason: 'missingValue', variable: 'guest.lastName' } });
  });

  it('keeps text that looks like markup as it is (the screens render text, never HTML)', () => {
    expect(renderSnippet({ name: 'X', body: '<b>{{guest.firstName}}</b>' }, snippetContext({ guestName: '<script>x</script>' }, 'en'))).toEqual({ ok: true, text: '<b><script>x</script></b>' });
  });

  it('picks the variant in the guest language, else English, else any', () => {
    const variants = [
      { id: 1, language: 'hu' },
      { id: 2, language: 'en' },
    ];
    expect(pickLanguage(variants, 'hu')?.id).toBe(1);
    expect(pickLanguage(variants, 'de')?.id).toBe(2);
    expect(pickLanguage([{ id: 3, language: 'de' }], 'fr')?.id).toBe(3);
    expect(pickLanguage([], 'en')).toBeUndefined();
  });

  it('formats stay dates per language', () => {
    expect(formatStayDate('2027-01-09', 'en')).toBe('9 January 2027');
    expect(formatStayDate('2027-01-09', 'hu')).toBe('2027. január 9.');
    expect(formatStayDate('not a date', 'en')).toBe('not a date');
  });
});

describe('snippet form schema', () => {
  it('refuses an invalid body with the spec text and accepts a good snippet', async () => {
    const { snippetSchema } = await import('./schema');
    const error = await snippetSchema.validate({ name: 'Welcome', language: 'en', category: '', body: 'Hi {{guest.firstName' }).then(() => undefined, (e: Error) => e.message);
    expect(translateFormMessage(en.t, error)).toBe('Body has invalid variable');
    expect(translateFormMessage(hu.t, error)).toBe('A szövegben érvénytelen változó van');
    await expect(snippetSchema.validate({ name: 'Welcome', language: 'hu', category: 'checkin', body: 'Szia {{guest.firstName}}!' })).resolves.toMatchObject({ name: 'Welcome' });
    const short = await snippetSchema.validate({ name: 'W', language: 'en', body: 'x' }).then(() => undefined, (e: Error) => e.message);
    expect(translateFormMessage(en.t, short)).toBe('Minimum 2 characters');
    const lang = await snippetSchema.validate({ name: 'Welcome', language: 'xx', body: 'x' }).then(() => undefined, (e: Error) => e.message);
    expect(translateFormMessage(en.t, lang)).toBe('Required');
  });
});
