// The order confirmations a Hungarian guest receives: both journey templates exist in hu (the
// renderer would otherwise fall back to English without a word), use the same placeholders as
// the English ones, and render as the functions fill them: Hungarian dates and labels, every
// placeholder filled, the guest's typed name escaped.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TemplateRenderer } from '../../backend/mail/render';
import { formatDate, label } from './orders';

const emails = path.resolve(__dirname, '../../nhost/emails');
const renderer = new TemplateRenderer([emails]);
const TEMPLATES = ['journey-transfer', 'journey-adventure'];

function placeholders(locale: string, template: string): string[] {
  const text = ['subject.txt', 'body.html'].map((f) => fs.readFileSync(path.join(emails, locale, template, f), 'utf8')).join('\n');
  return [...new Set([...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

describe('journey e-mail templates in Hungarian', () => {
  it.each(TEMPLATES)('%s has a hu version with the same placeholders as the English one', (template) => {
    expect(fs.existsSync(path.join(emails, 'hu', template, 'body.html'))).toBe(true);
    expect(placeholders('hu', template)).toEqual(placeholders('en', template));
  });

  it('formats dates and choices the Hungarian way', () => {
    expect(formatDate('2026-12-03', 'hu')).toBe('2026. december 3.');
    expect(formatDate('2026-12-03', 'en')).toBe('3 December 2026');
    expect(label('hu', 'payments', 'card')).toBe('Bankkártya');
    expect(label('hu', 'adventures', 'thermal-bath')).toBe('Termálfürdő');
  });

  it('renders the transfer confirmation in Hungarian with every detail filled', async () => {
    const mail = await renderer.renderEmail('journey-transfer', 'hu', {
      name: 'Kovács Anna <b>',
      accommodation: 'Duna Apartman',
      flightNumber: 'W62201',
      flightDate: formatDate('2026-12-04', 'hu'),
      flightTime: '01:30',
      pickupDate: formatDate('2026-12-03', 'hu'),
      pickupTime: '22:30',
      fromAddress: 'Váci utca 34.',
      toAddress: 'BUD 2. terminál',
      passengers: '2',
      payment: label('hu', 'payments', 'cash'),
    });
    expect(mail.subject).toBe('Reptéri transzfer megrendelve: 2026. december 3., 22:30');
    expect(mail.html).toContain('<html lang="hu">');
    expect(mail.html).toContain('Kedves Kovács Anna &lt;b&gt;!');
    for (const text of ['Duna Apartman', 'W62201', '2026. december 4.', '01:30', 'Váci utca 34.', 'BUD 2. terminál', 'Készpénz', 'Utasok', 'Fizetés']) expect(mail.html).toContain(text);
    expect(mail.html).not.toContain('${');
    expect(mail.text).toContain('Köszönjük, megkaptuk reptéri transzferrendelését');
    expect(mail.text).not.toMatch(/\b(Dear|Thank you|Passengers|Payment)\b/);
  });

  it('renders the adventure confirmation in Hungarian with every detail filled', async () => {
    const mail = await renderer.renderEmail('journey-adventure', 'hu', {
      name: 'Szabó Péter',
      accommodation: 'Duna Apartman',
      adventure: label('hu', 'adventures', 'danube-cruise'),
      date: formatDate('2026-12-02', 'hu'),
      guests: '3',
    });
    expect(mail.subject).toBe('Program megrendelve: Dunai hajózás, 2026. december 2.');
    for (const text of ['Kedves Szabó Péter!', 'Duna Apartman', 'Dunai hajózás', '2026. december 2.', 'Vendégek']) expect(mail.html).toContain(text);
    expect(mail.html).not.toContain('${');
    expect(mail.text).not.toMatch(/\b(Dear|Thank you|Guests)\b/);
  });
});
