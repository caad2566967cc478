// The guest's journey: what the server rendered the page with (serverJourney.ts), else loaded in the
// browser from /journey/get; `reload` after the guest changed something. The contracts (and Yup with
// them) load beside the request, not before the page: the journey page's first download stays
// within the lean budget.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JourneyError, JourneyView } from '@/lib/functions/journey';
import { answer, functionsUrl, type JourneyResult } from './api';
import type { InitialJourney } from './serverJourney';

export type JourneyState = { status: 'loading' } | { status: 'ready'; journey: JourneyView } | { status: 'failed'; error: JourneyError };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_URL: JourneyError = { status: 400, error: 'invalid-body', message: 'journeyId must be a UUID', messageKey: 'journey:errors.invalidUrl', field: 'journeyId' };
const NETWORK: JourneyError = { status: 0, error: 'network', message: 'Network Error', messageKey: 'journey:errors.network' };

async function loadJourney(journeyId: string): Promise<JourneyResult<JourneyView>> {
  if (!UUID.test(journeyId)) return { ok: false, error: INVALID_URL };
  try {
    const [{ journeyGetFunction }, response] = await Promise.all([
      import('@/lib/functions/journey'),
      fetch(functionsUrl('/journey/get'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ journeyId }) }),
    ]);
    return await answer<JourneyView>(response, journeyGetFunction);
  } catch {
    return { ok: false, error: NETWORK };
  }
}

function stateOf(initial: InitialJourney | undefined): JourneyState {
  if (!initial) return { status: 'loading' };
  return 'journey' in initial ? { status: 'ready', journey: initial.journey } : { status: 'failed', error: initial.error };
}

export function useJourney(journeyId: string | undefined, initial?: InitialJourney): { state: JourneyState; reload: () => Promise<void> } {
  const [state, setState] = useState<JourneyState>(() => stateOf(initial));
  // The props the state was last taken from: a client-side move to another card brings new ones.
  const applied = useRef(initial);
  const reload = useCallback(async () => {
    if (!journeyId) return;
    const result = await loadJourney(journeyId);
    setState(result.ok ? { status: 'ready', journey: result.value } : { status: 'failed', error: result.error });
  }, [journeyId]);
  useEffect(() => {
    if (initial && applied.current === initial) return;
    applied.current = initial;
    if (initial) setState(stateOf(initial));
    else void reload();
  }, [initial, reload]);
  return { state, reload };
}
