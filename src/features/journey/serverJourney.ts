// The journey as the page's first screen needs it, loaded while the page renders on the server: the
// guest sees the stay in the first HTML instead of a spinner, a script and a request (the client
// waterfall cost the page its Lighthouse score). Server-only: imported from getServerSideProps.
// The journey id is a bearer token: it goes in the POST body (never a URL or a log line), and the
// guest's address is passed on so the function's rate limit counts the guest, not this server.
import type { IncomingMessage } from 'node:http';
import { answer } from './api';
import { formatDay } from './format';
import { journeyGetFunction, type JourneyError, type JourneyView } from '@/lib/functions/journey';
import { nhostEnvFromProcess, resolveNhostUrls } from '@/lib/nhost/config';

/** `days`: the journey's days as the page shows them, formatted on the server (format.ts rememberDays). */
export type InitialJourney = { journey: JourneyView; days?: Record<string, string> } | { error: JourneyError } | null;

/** The journey with the days its first screen shows (arrival, departure, the day it opens) formatted in `locale`. */
export function withDays(initial: InitialJourney, locale: string | undefined): InitialJourney {
  if (!initial || !('journey' in initial)) return initial;
  const { checkin, checkout, opensOn } = initial.journey;
  return { ...initial, days: Object.fromEntries([checkin, checkout, opensOn].map((day) => [day, formatDay(day, locale)])) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The page waits at most this long for the function; after that the browser loads the journey itself. */
const TIMEOUT_MS = 3000;

/** X-Forwarded-For as the function should see it: what reached this server, plus who connected to it. */
export function forwardedFor(req: Pick<IncomingMessage, 'headers' | 'socket'>): string | undefined {
  const incoming = req.headers['x-forwarded-for'];
  const chain = [...(Array.isArray(incoming) ? incoming : incoming ? [incoming] : []), req.socket.remoteAddress].filter((a): a is string => Boolean(a));
  return chain.length ? chain.join(', ') : undefined;
}

/**
 * The journey, or the error the guest should see (404 no such booking, 400 not an id); null when the
 * server could not tell (rate limit, timeout, network): the page then loads it in the browser.
 */
export async function loadInitialJourney(journeyId: string, req: Pick<IncomingMessage, 'headers' | 'socket'>, fetchImpl: typeof fetch = fetch): Promise<InitialJourney> {
  if (!UUID.test(journeyId)) return null;
  const forwarded = forwardedFor(req);
  try {
    const response = await fetchImpl(`${resolveNhostUrls(nhostEnvFromProcess()).functionsUrl}${journeyGetFunction.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
      body: JSON.stringify({ journeyId }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      cache: 'no-store',
    });
    const result = await answer<JourneyView>(response, journeyGetFunction);
    // Page props must be plain JSON (Next refuses `undefined` values).
    if (result.ok) return JSON.parse(JSON.stringify({ journey: result.value })) as InitialJourney;
    return result.error.status === 404 || result.error.status === 400 ? (JSON.parse(JSON.stringify({ error: result.error })) as InitialJourney) : null;
  } catch {
    return null;
  }
}
