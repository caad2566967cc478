// Reading an inbound e-mail (pure helpers): the sender's address, the ids it answers, whether the
// receiving server's checks say the sender is forged, and the new text without the quoted mail.
import { createHash } from 'node:crypto';

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export function normalAddress(value: string | undefined | null): string | undefined {
  const address = value?.trim().toLowerCase();
  // 254 characters is the most an address can have (RFC 5321); a longer one is not an address.
  return address && address.length <= 254 && ADDRESS.test(address) ? address : undefined;
}

/** Message ids in In-Reply-To and References, newest reference first, each as <id>. */
export function referencedIds(inReplyTo: string | undefined, references: string | string[] | undefined): string[] {
  const refs = Array.isArray(references) ? references.join(' ') : (references ?? '');
  const all = `${inReplyTo ?? ''} ${refs}`.match(/<[^<>\s]+>/g) ?? [];
  const ordered = [...(inReplyTo?.match(/<[^<>\s]+>/g) ?? []), ...all.reverse()];
  return [...new Set(ordered.slice(0, 200).map(storedId))].slice(0, 50);
}

/** Longest Message-ID stored as it is; Postgres cannot index a value over ~2.7 kB (a 500 with nothing filed). */
export const MESSAGE_ID_MAX = 250;

/** A Message-ID as stored and compared: a long one becomes a fixed-size hash of itself, the same for every delivery. */
function storedId(id: string): string {
  if (id.length <= MESSAGE_ID_MAX) return id;
  return `<sha256-${createHash('sha256').update(id).digest('hex')}@long-id.staydesk>`;
}

/**
 * A forged sender as the receiving mail server judged it: Authentication-Results with spf, dkim
 * or dmarc = fail. Without that header we cannot tell, and rely on the thread's address check.
 */
export function authenticationFailure(authResults: string | string[] | undefined): string | undefined {
  const text = Array.isArray(authResults) ? authResults.join('; ') : (authResults ?? '');
  const failed = [...text.matchAll(/\b(spf|dkim|dmarc)\s*=\s*(fail|softfail|permerror)\b/gi)].map((m) => `${m[1].toLowerCase()}=${m[2].toLowerCase()}`);
  return failed.length ? [...new Set(failed)].join(', ') : undefined;
}

/** How the receiving server vouched for the sender: a passing, aligned result, or why not. */
export type SenderVerdict = { verified: true; by: string } | { verified: false; why: string };

/** The domain of an address or bare domain, lower case. */
function domainOf(value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase().replace(/^<|>$/g, '');
  if (!v) return undefined;
  return v.includes('@') ? v.slice(v.lastIndexOf('@') + 1) : v;
}

/** Relaxed alignment (DMARC's): the same organisational side, one a subdomain of the other. */
function aligned(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/**
 * Whether the receiving mail server vouches for the From address: an Authentication-Results
 * header (RFC 8601) with dmarc=pass, or dkim=pass / spf=pass for a domain aligned with From's.
 * Only the provider's own header counts: the one whose authserv-id is `authservId` when given,
 * else the topmost one (servers prepend theirs; lower ones may be the sender's own forgeries).
 */
/** The `;`-separated parts of an Authentication-Results header; a `;` inside a quoted string
 * (an address the sender chose, say) does not start a new result. */
function resultParts(header: string): string[] {
  return header.match(/(?:"(?:[^"\\]|\\.)*"|[^;"])+/g) ?? [];
}

export function senderVerdict(authResults: string | string[] | undefined, from: string, authservId?: string): SenderVerdict {
  const headers = (Array.isArray(authResults) ? authResults : authResults ? [authResults] : []).map((h) => h.replace(/\([^()]*\)/g, ' '));
  const wanted = authservId?.trim().toLowerCase();
  // Only the receiving server's own header counts: the topmost one (with the configured id when
  // set). Headers below it, even with the same id, may have been written by the sender.
  const top = wanted ? headers.find((h) => resultParts(h)[0]?.trim().split(/\s+/)[0]?.toLowerCase() === wanted) : headers[0];
  const ours = top === undefined ? [] : [top];
  if (!ours.length) return { verified: false, why: wanted ? `no Authentication-Results from ${wanted}` : 'no Authentication-Results header' };
  const fromDomain = domainOf(from);
  const results: string[] = [];
  for (const header of ours) {
    for (const part of resultParts(header).slice(1)) {
      const m = part.trim().match(/^(spf|dkim|dmarc)\s*=\s*([a-z]+)\b(.*)$/is);
      if (!m) continue;
      const method = m[1].toLowerCase();
      const result = m[2].toLowerCase();
      const props = Object.fromEntries([...m[3].matchAll(/([a-z]+\.[a-z-]+)\s*=\s*("[^"]*"|\S+)/gi)].map((p) => [p[1].toLowerCase(), p[2].replace(/"/g, '')]));
      results.push(`${method}=${result}`);
      if (result !== 'pass') continue;
      if (method === 'dmarc' && props['header.from'] && aligned(domainOf(props['header.from']), fromDomain)) return { verified: true, by: 'dmarc=pass' };
      if (method === 'dkim' && aligned(domainOf(props['header.d'] ?? props['header.i']), fromDomain)) return { verified: true, by: 'dkim=pass' };
      if (method === 'spf' && aligned(domainOf(props['smtp.mailfrom'] ?? props['smtp.helo']), fromDomain)) return { verified: true, by: 'spf=pass' };
    }
  }
  return { verified: false, why: results.length ? `no passing result aligned with ${fromDomain ?? 'the sender'} (${[...new Set(results)].join(', ')})` : 'no SPF, DKIM or DMARC result' };
}

/** The Message-ID to dedupe by: the header, or (for mail without one) a hash of the raw message. */
export function dedupeId(messageId: string | undefined, raw: string | Buffer): string {
  const id = messageId?.trim();
  if (id && /^<[^<>\s]+>$/.test(id)) return storedId(id);
  if (id) return storedId(`<${id.replace(/[<>\s]/g, '')}>`);
  return `<sha256-${createHash('sha256').update(raw).digest('hex')}@inbound.staydesk>`;
}

/** The guest's new words: the quoted earlier mail ("On ... wrote:" and ">" lines) cut off. */
export function newText(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cut = lines.findIndex((line, i) => /^(On|Am|Le|El)\s.+(wrote|schrieb|a écrit|escribió)\s*:\s*$/i.test(line.trim()) || /^-{2,}\s*Original Message\s*-{2,}$/i.test(line.trim()) || /^\d{4}\..+írta:\s*$/.test(line.trim()) || (line.startsWith('>') && lines.slice(i).every((l) => l.startsWith('>') || !l.trim())));
  const kept = (cut >= 0 ? lines.slice(0, cut) : lines).join('\n').trim();
  return kept || text.trim();
}
