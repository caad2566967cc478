// Registry configuration from the environment. Every value the official NTAK/VIZA specs would
// fix but the reference cannot ([GAP]) is here, with the default used against the local doubles.
import { DEFAULT_NTAK_PATHS, type NtakMessageType } from '../../src/domain/ntak';
import { isDevelopment } from './secretBox';

export const SOFTWARE_VERSION = () => process.env.NTAK_SOFTWARE_VERSION || 'Staydesk 0.1.0';

export function endpoint(service: 'ntak' | 'viza'): string | null {
  const v = service === 'ntak' ? process.env.NTAK_ENDPOINT : process.env.VIZA_ENDPOINT;
  return v?.replace(/\/+$/, '') || null;
}

export function ntakPath(type: NtakMessageType): string {
  return process.env[`NTAK_PATH_${type.toUpperCase()}`] || DEFAULT_NTAK_PATHS[type];
}

export const VIZA_PATHS = { check_in: () => process.env.VIZA_PATH_CHECK_IN || '/bejelentkezes', check_out: () => process.env.VIZA_PATH_CHECK_OUT || '/kijelentkezes' };

export const timestampFormat = (): 'wrapper' | 'iso' => (process.env.NTAK_TIMESTAMP_FORMAT === 'iso' ? 'iso' : 'wrapper');

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
/** Seconds a delivery holds a submission; after a crash the lease runs out and it is sent again. */
export const leaseSeconds = () => num('REGISTRY_LEASE_SECONDS', 120);
/** First retry after this many seconds, doubling per attempt up to an hour. */
export const retryBaseSeconds = () => num('REGISTRY_RETRY_BASE_SECONDS', 60);
export const maxAttempts = () => num('REGISTRY_MAX_ATTEMPTS', 12);

export function backoffSeconds(attempts: number): number {
  return Math.min(3600, retryBaseSeconds() * 2 ** Math.max(0, attempts - 1));
}

export { isDevelopment };
