// The HTTP client that reads channels' iCal URLs: a configurable timeout and size cap, http(s)
// only, at most a few redirects (each checked again), and - unless ICAL_ALLOW_PRIVATE_TARGETS is
// "true" (tests, local development) - no loopback, private, link-local or otherwise internal
// address, checked on the address actually connected to (the DNS lookup of the request itself),
// so a URL cannot reach the backend's own network (SSRF) even through DNS tricks or redirects.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export interface FetchConfig {
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  maxRedirects: number;
}

export function fetchConfig(env: NodeJS.ProcessEnv = process.env): FetchConfig {
  const positive = (v: string | undefined, fallback: number) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  return {
    timeoutMs: positive(env.ICAL_FETCH_TIMEOUT_MS, 15_000),
    // A channel's calendar for a year is tens of KB; 1 MiB leaves room and keeps a hostile feed's
    // parse (ical.js blocks the event loop while it reads) short.
    maxBytes: positive(env.ICAL_FETCH_MAX_BYTES, 1024 * 1024),
    allowPrivate: env.ICAL_ALLOW_PRIVATE_TARGETS === 'true',
    maxRedirects: 3,
  };
}

export class FeedFetchError extends Error {
  constructor(
    readonly code: 'invalid-url' | 'forbidden-target' | 'timeout' | 'too-large' | 'http-status' | 'network' | 'too-many-redirects',
    message: string,
  ) {
    super(message);
  }
}

const BLOCKED = new net.BlockList();
for (const [subnet, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) BLOCKED.addSubnet(subnet, prefix, 'ipv4');
// IPv6 ranges that are local or carry an IPv4 address a relay or translator would reach: the
// unspecified, loopback and IPv4-compatible ::/96, SIIT ::ffff:0:0:0/96, discard 100::/64, NAT64
// (64:ff9b::/96 and the local-use 64:ff9b:1::/48), Teredo 2001::/32, documentation 2001:db8::/32,
// 6to4 2002::/16, unique-local, link-local, the deprecated site-local fec0::/10, and multicast.
for (const [subnet, prefix] of [['::', 96], ['::ffff:0:0:0', 96], ['100::', 64], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const) BLOCKED.addSubnet(subnet, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address in any spelling (compressed, zero-padded, dotted IPv4 tail). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

/** True for an address the backend's network could be reached through (v4-mapped v6 included). */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  // ::ffff:0:0/96 in whatever spelling: the IPv4 address it maps to decides.
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return isInternalAddress(bytes.slice(12).join('.'));
  return BLOCKED.check(address, 'ipv6');
}

/** Checks a feed URL's shape (the database holds the same rule as a check constraint). */
export function parseFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('invalid-url', 'The feed URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError('invalid-url', 'Only http and https feed URLs are allowed');
  if (url.username || url.password) throw new FeedFetchError('invalid-url', 'Feed URLs may not carry a user name or password');
  return url;
}

// One text for every connection failure (refused, reset, unreachable, unknown host): the host
// reading last_error must not learn which, or the feed URL becomes a port scanner.
const UNREACHABLE = 'The feed could not be reached';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isInternalAddress(a.address));
    if (bad || list.length === 0) return callback(Object.assign(new Error(`Refusing internal address ${bad?.address ?? '(none)'}`), { code: 'EFORBIDDEN' }), '');
    if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  });
}

function getOnce(url: URL, config: FetchConfig): Promise<{ status: number; location?: string; body?: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!config.allowPrivate && net.isIP(host) && isInternalAddress(host)) return Promise.reject(new FeedFetchError('forbidden-target', 'The feed URL points to an internal address'));
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'user-agent': 'Staydesk-iCal/1.0' }, lookup: config.allowPrivate ? undefined : (guardedLookup as unknown as net.LookupFunction), timeout: config.timeoutMs }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ status, location: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return resolve({ status });
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > config.maxBytes) {
        res.destroy();
        return reject(new FeedFetchError('too-large', `The feed is larger than ${config.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > config.maxBytes) {
          res.destroy();
          reject(new FeedFetchError('too-large', `The feed is larger than ${config.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => reject(new FeedFetchError('network', UNREACHABLE)));
    });
    // One deadline for the whole answer, not only between packets (a slow drip cannot hold a poll).
    const deadline = setTimeout(() => req.destroy(new FeedFetchError('timeout', `The feed did not answer within ${config.timeoutMs} ms`)), config.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new FeedFetchError('timeout', `The feed did not answer within ${config.timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof FeedFetchError) return reject(error);
      if (error.code === 'EFORBIDDEN') return reject(new FeedFetchError('forbidden-target', 'The feed URL points to an internal address'));
      reject(new FeedFetchError('network', UNREACHABLE));
    });
  });
}

/** The feed's text; throws FeedFetchError with a code for anything but a 200 within the limits. */
export async function fetchFeed(raw: string, config: FetchConfig = fetchConfig()): Promise<string> {
  let url = parseFeedUrl(raw);
  for (let hop = 0; hop <= config.maxRedirects; hop++) {
    const answer = await getOnce(url, config);
    if (answer.location) {
      url = parseFeedUrl(new URL(answer.location, url).toString());
      continue;
    }
    if (answer.status !== 200 || answer.body === undefined) throw new FeedFetchError('http-status', `The feed answered HTTP ${answer.status}`);
    return answer.body;
  }
  throw new FeedFetchError('too-many-redirects', `More than ${config.maxRedirects} redirects`);
}
