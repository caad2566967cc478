import { describe, expect, it } from 'vitest';
import { authenticationFailure, dedupeId, newText, normalAddress, referencedIds, senderVerdict } from './email';

describe('inbound e-mail helpers', () => {
  it('reads sender addresses strictly', () => {
    expect(normalAddress(' Guest@Example.COM ')).toBe('guest@example.com');
    for (const bad of ['', 'no-at-sign', 'a@b', 'a b@c.d', '<a@b.c>', `${'a'.repeat(250)}@b.cd`, undefined, null]) expect(normalAddress(bad), String(bad)).toBeUndefined();
  });

  it('collects referenced ids: In-Reply-To first, then References newest first, deduplicated', () => {
    expect(referencedIds('<c@x>', '<a@x> <b@x> <c@x>')).toEqual(['<c@x>', '<b@x>', '<a@x>']);
    expect(referencedIds(undefined, ['<a@x>', '<b@x>'])).toEqual(['<b@x>', '<a@x>']);
    expect(referencedIds('garbage', undefined)).toEqual([]);
    expect(referencedIds(undefined, Array.from({ length: 80 }, (_, i) => `<${i}@x>`).join(' '))).toHaveLength(50);
  });

  it('treats failed SPF, DKIM or DMARC as a forged sender, passes and missing headers as unknown', () => {
    expect(authenticationFailure('mx.example; spf=pass smtp.mailfrom=a; dkim=pass; dmarc=pass')).toBeUndefined();
    expect(authenticationFailure(undefined)).toBeUndefined();
    expect(authenticationFailure('mx; spf=softfail; DKIM=fail header.d=x')).toBe('spf=softfail, dkim=fail');
    expect(authenticationFailure(['mx; dmarc=fail', 'mx2; dmarc=fail'])).toBe('dmarc=fail');
  });

  it('vouches for a sender only by the provider\'s own passing result aligned with From', () => {
    const from = 'guest@mail.example.hu';
    expect(senderVerdict('mx.p; dmarc=pass header.from=example.hu', from)).toEqual({ verified: true, by: 'dmarc=pass' });
    expect(senderVerdict('mx.p; dkim=pass header.d=mail.example.hu', from)).toEqual({ verified: true, by: 'dkim=pass' });
    expect(senderVerdict('mx.p; spf=pass smtp.mailfrom=bounce@example.hu', from)).toEqual({ verified: true, by: 'spf=pass' });
    expect(senderVerdict(undefined, from)).toEqual({ verified: false, why: 'no Authentication-Results header' });
    expect(senderVerdict('mx.p; dkim=pass header.d=evil.example; spf=pass smtp.mailfrom=a@evil.example', from).verified).toBe(false);
    expect(senderVerdict('mx.p; dkim=pass header.d=hu', from).verified).toBe(true); // relaxed alignment upwards is the provider's call
    expect(senderVerdict('mx.p; dkim=pass header.d=xample.hu', from).verified).toBe(false);
    expect(senderVerdict('mx.p; dkim=none (dkim=pass header.d=example.hu)', from).verified).toBe(false);
    expect(senderVerdict('mx.p; none', from)).toEqual({ verified: false, why: 'no SPF, DKIM or DMARC result' });
    // Only the topmost header, or the one of the named authserv-id.
    expect(senderVerdict(['mx.p; dkim=none', 'mx.p; dmarc=pass'], from).verified).toBe(false);
    expect(senderVerdict(['evil; dmarc=pass header.from=example.hu', 'mx.p; dmarc=pass header.from=example.hu'], from, 'MX.P').verified).toBe(true);
    // Only the provider's topmost header counts: a pass the sender wrote below it with the same id is ignored.
    expect(senderVerdict(['mx.p; dmarc=fail header.from=example.hu; spf=fail', 'mx.p; dmarc=pass header.from=example.hu'], from, 'mx.p').verified).toBe(false);
    // A ';' inside a quoted address is no separator: no 'dmarc=pass' result can be smuggled in.
    expect(senderVerdict('mx.p; spf=pass smtp.mailfrom="a;dmarc=pass"@evil.com', from).verified).toBe(false);
    expect(senderVerdict('mx.p; spf=pass smtp.mailfrom="a;dmarc=pass"@evil.com; dkim=pass header.d=example.hu', from)).toEqual({ verified: true, by: 'dkim=pass' });
    // A dmarc pass must say which From domain it passed for.
    expect(senderVerdict('mx.p; dmarc=pass', from).verified).toBe(false);
    expect(senderVerdict(['evil; dmarc=pass'], from, 'mx.p')).toEqual({ verified: false, why: 'no Authentication-Results from mx.p' });
  });

  it('dedupes by the Message-ID, normalised, or by a hash of the raw message', () => {
    expect(dedupeId('<a@b>', 'raw')).toBe('<a@b>');
    expect(dedupeId(' a@b ', 'raw')).toBe('<a@b>');
    expect(dedupeId(undefined, 'raw one')).toBe(dedupeId(undefined, 'raw one'));
    expect(dedupeId(undefined, 'raw one')).not.toBe(dedupeId(undefined, 'raw two'));
    expect(dedupeId(undefined, 'x')).toMatch(/^<sha256-[0-9a-f]{64}@inbound\.staydesk>$/);
    // A Message-ID too long for an index is stored as its hash: the same for each delivery and reference.
    const long = `<${'x'.repeat(30_000)}@y>`;
    expect(dedupeId(long, 'raw')).toMatch(/^<sha256-[0-9a-f]{64}@long-id\.staydesk>$/);
    expect(dedupeId(long, 'raw')).toBe(dedupeId(` ${long} `, 'other raw'));
    expect(referencedIds(long, undefined)).toEqual([dedupeId(long, 'raw')]);
    expect(dedupeId(`<${'x'.repeat(246)}@y>`, 'raw')).toBe(`<${'x'.repeat(246)}@y>`);
  });

  it('keeps the new text and cuts the quoted earlier mail (English, Hungarian, Outlook, > lines)', () => {
    expect(newText('Thanks!\n\nOn Mon, 1 Dec 2026 at 10:00, Staydesk wrote:\n> earlier')).toBe('Thanks!');
    expect(newText('Köszönöm!\n\n2026. dec. 1., hétfő 10:00 Staydesk <x@y> írta:\n> korábbi')).toBe('Köszönöm!');
    expect(newText('See below\r\n-----Original Message-----\r\nFrom: x')).toBe('See below');
    expect(newText('Answer\n> quoted\n>\n> more')).toBe('Answer');
    expect(newText('> only a quote')).toBe('> only a quote');
    expect(newText('a > b inside a line stays')).toBe('a > b inside a line stays');
  });
});
