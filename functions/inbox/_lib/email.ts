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
