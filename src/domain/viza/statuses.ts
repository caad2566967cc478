// The VIZA module states the app shows (SPEC 4). No public source defines them ([GAP], reference
// §8); the readings and what to do are inferred from the names and the encrypted-module design and
// documented as such in docs/ntak-viza.md. Transient states are retried with backoff; the others
// need someone to act. Database values use `_` where the spec writes `-` (GraphQL enum names).

export const VIZA_STATUSES = ['OK', 'WARNING', 'ERROR', 'VIZA_OFFLINE', 'KM_OFFLINE', 'OUTOFKEYS', 'RA_OFFLINE', 'CERT_WARNING', 'CERT_EXPIRED', 'DATA_REJECTED'] as const;
export type VizaStatus = (typeof VIZA_STATUSES)[number];

export type Severity = 'ok' | 'warning' | 'error';

export interface VizaStatusInfo {
  /** As the spec writes it (VIZA-OFFLINE). */
  label: string;
  severity: Severity;
  /** Retry by itself (with backoff) instead of waiting for an operator. */
  transient: boolean;
  /** Translation keys in the ntak-iranytu namespace. */
  meaningKey: string;
  actionKey: string;
}

const info = (value: VizaStatus, severity: Severity, transient: boolean): VizaStatusInfo => ({
  label: value.replace('_', '-'),
  severity,
  transient,
  meaningKey: `viza.status.${value}.meaning`,
  actionKey: `viza.status.${value}.action`,
});

export const VIZA_STATUS_INFO: Record<VizaStatus, VizaStatusInfo> = {
  OK: info('OK', 'ok', false),
  WARNING: info('WARNING', 'warning', false),
  ERROR: info('ERROR', 'error', false),
  VIZA_OFFLINE: info('VIZA_OFFLINE', 'warning', true),
  KM_OFFLINE: info('KM_OFFLINE', 'warning', true),
  OUTOFKEYS: info('OUTOFKEYS', 'warning', true),
  RA_OFFLINE: info('RA_OFFLINE', 'warning', true),
  CERT_WARNING: info('CERT_WARNING', 'warning', false),
  CERT_EXPIRED: info('CERT_EXPIRED', 'error', false),
  DATA_REJECTED: info('DATA_REJECTED', 'error', false),
};

export function isVizaStatus(v: unknown): v is VizaStatus {
  return typeof v === 'string' && (VIZA_STATUSES as readonly string[]).includes(v);
}

/** A status as the module or the spec writes it (VIZA-OFFLINE) to the stored value (VIZA_OFFLINE). */
export function parseVizaStatus(v: unknown): VizaStatus | null {
  const s = typeof v === 'string' ? v.trim().toUpperCase().replace(/-/g, '_') : '';
  return isVizaStatus(s) ? s : null;
}
