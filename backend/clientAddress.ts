// Who the client is, for rate limits and per-client caps. The embedded backend trusts
// X-Forwarded-For only from the proxies BACKEND_TRUST_PROXY names: `loopback` (the default: a
// reverse proxy on the same machine), `none` (clients connect directly; the header is ignored), or
// a comma-separated list of proxy addresses. Express (`trust proxy`) and the WebSocket server use
// the same decision.
import { isIP } from 'node:net';

function normalise(address: string): string {
  return (address.startsWith('::ffff:') ? address.slice(7) : address).toLowerCase();
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address: string): boolean {
  const a = normalise(address);
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}

/** The trusted-proxy test configured by BACKEND_TRUST_PROXY (read once per call site). */
export function trustedProxy(setting = process.env.BACKEND_TRUST_PROXY ?? 'loopback'): (address: string) => boolean {
  const value = setting.trim().toLowerCase();
  if (value === '' || value === 'loopback') return isLoopback;
  if (value === 'none' || value === 'false') return () => false;
  const entries = value.split(',').map((a) => normalise(a.trim()));
  // A mistyped value must not quietly trust nobody (every client would share the proxy's
  // rate-limit bucket) or somebody else: refuse to start instead.
  const wrong = entries.find((a) => isIP(a) === 0);
  if (wrong !== undefined) {
    throw new Error(`BACKEND_TRUST_PROXY: "${wrong}" is not an IP address; use loopback, none, or the proxies' IP addresses separated by commas (ranges are not supported)`);
  }
  const listed = new Set(entries);
  return (address) => listed.has(normalise(address));
}

/**
 * The key a rate limit counts a client under: an IPv4 address as it is, an IPv6 address by its
 * /64 prefix (one customer line gets a whole /64, so counting single addresses would let a client
 * rotate through 2^64 of them).
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const a = normalise(address);
  if (isIP(a) !== 6) return a;
  const [head, tail] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
