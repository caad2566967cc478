// HTTP conditional requests (RFC 9110 section 13) and single byte ranges (206/416) for downloads.

export interface Validators {
  etag: string;
  lastModified: Date;
}

type HeaderGetter = (name: string) => string | undefined;

/** 'proceed', or the status a precondition demands: 304 Not Modified or 412 Precondition Failed. */
export function evaluatePreconditions(get: HeaderGetter, v: Validators, method: string): 'proceed' | 304 | 412 {
  const lastModified = Math.floor(v.lastModified.getTime() / 1000);
  const ifMatch = get('if-match');
  if (ifMatch !== undefined) {
    if (!etagListMatches(ifMatch, v.etag, true)) return 412;
  } else {
    const since = httpDate(get('if-unmodified-since'));
    if (since !== undefined && lastModified > since) return 412;
  }
  const ifNoneMatch = get('if-none-match');
  const safe = method === 'GET' || method === 'HEAD';
  if (ifNoneMatch !== undefined) {
    if (etagListMatches(ifNoneMatch, v.etag, false)) return safe ? 304 : 412;
  } else if (safe) {
    const since = httpDate(get('if-modified-since'));
    if (since !== undefined && lastModified <= since) return 304;
  }
  return 'proceed';
}

function etagListMatches(header: string, etag: string, strong: boolean): boolean {
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  if (strong && etag.startsWith('W/')) return false;
  return header.split(',').some((t) => (strong && t.trim().startsWith('W/') ? false : bare(t) === bare(etag)));
}

function httpDate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.floor(t / 1000);
}

export type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Honours one `bytes=` range (also suffix and open-ended); several ranges are served as the whole file. */
export function parseRange(header: string | undefined, size: number, ifRange: string | undefined, v: Validators): RangeResult {
  if (!header) return { kind: 'full' };
  if (ifRange !== undefined && ifRange !== v.etag && ifRange !== v.lastModified.toUTCString()) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' };
  }
  if (start >= size || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
