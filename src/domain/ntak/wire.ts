// What goes over the wire to NTAK: a header naming the accommodation, the provider and the
// sending software (tag names [V] from an NTAK accommodation export), and the message body. The
// request path per message type is a [GAP] (the official spec is handed out on request), so the
// defaults below are overridable per deployment (NTAK_PATH_<TYPE>, docs/ntak-viza.md).
import type { NtakMessageType } from './messages';
import { ntakTimestamp } from './messages';

export interface NtakHeader {
  szallasAdatszolgaltatasiAzonosito: string;
  szallashelySzolgaltatoAdoszam: string;
  szallasNev: string;
  szallashelySzolgaltatoNev?: string;
  szoftverVerzio: string;
  uzenetId: string;
  uzenetKuldesIdeje: string;
}

export interface NtakEnvelope<T = unknown> {
  header: NtakHeader;
  body: T;
}

export interface AccommodationIdentity {
  ntakId: string | null;
  ntakName: string | null;
  name: string;
  taxId: string | null;
  ownerName?: string | null;
}

export const DEFAULT_NTAK_PATHS: Record<NtakMessageType, string> = {
  reservation: '/foglalas',
  check_in: '/esemeny/bejelentkezes',
  check_out: '/esemeny/kijelentkezes',
  room_change: '/esemeny/szobavaltas',
  scheduler: '/napi-zaras/utemezo',
  daily_close: '/napi-zaras',
};

/** Success body keys per message type ([V] for reservation and events, from the reference). */
export const SUCCESS_KEYS: Partial<Record<NtakMessageType, string>> = {
  reservation: 'foglalasEsemenyResponse',
  check_in: 'esemenyvezereltAdatkuldesResponse',
  check_out: 'esemenyvezereltAdatkuldesResponse',
  room_change: 'esemenyvezereltAdatkuldesResponse',
  daily_close: 'napiZarasResponse',
  scheduler: 'utemezoResponse',
};

export function buildEnvelope<T>(acc: AccommodationIdentity, messageId: string, sentAt: Date, softwareVersion: string, body: T, format: 'wrapper' | 'iso' = 'wrapper'): NtakEnvelope<T> {
  const header: NtakHeader = {
    szallasAdatszolgaltatasiAzonosito: acc.ntakId ?? '',
    szallashelySzolgaltatoAdoszam: acc.taxId ?? '',
    szallasNev: acc.ntakName || acc.name,
    szoftverVerzio: softwareVersion,
    uzenetId: messageId,
    uzenetKuldesIdeje: ntakTimestamp(sentAt, format),
  };
  if (acc.ownerName) header.szallashelySzolgaltatoNev = acc.ownerName;
  return { header, body };
}
