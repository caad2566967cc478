// Loads a guest's journey by its id from /journey/get; `reload` after the guest changed something.
import { useCallback, useEffect, useState } from 'react';
import { journeyGetFunction, type JourneyError, type JourneyView } from '@/lib/functions/journey';
import { callJourney } from './api';

export type JourneyState = { status: 'loading' } | { status: 'ready'; journey: JourneyView } | { status: 'failed'; error: JourneyError };

export function useJourney(journeyId: string | undefined): { state: JourneyState; reload: () => Promise<void> } {
  const [state, setState] = useState<JourneyState>({ status: 'loading' });
  const reload = useCallback(async () => {
    if (!journeyId) return;
    const result = await callJourney(journeyGetFunction, { journeyId });
    setState(result.ok ? { status: 'ready', journey: result.value } : { status: 'failed', error: result.error });
  }, [journeyId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
