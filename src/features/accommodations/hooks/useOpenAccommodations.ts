// The strip of open accommodation editors (at most 15, see src/domain/openAccommodations),
// remembered in the browser so it survives reloads.
import { useCallback } from 'react';
import { closeAccommodation, openAccommodation, parseOpenAccommodations, type OpenResult } from '@/domain/accommodations/openAccommodations';
import { useStoredState } from '@/lib/hooks/useStoredState';

export const OPEN_STORAGE_KEY = 'accommodations-open';

export function useOpenAccommodations() {
  const [open, setOpen] = useStoredState<string[]>(OPEN_STORAGE_KEY, parseOpenAccommodations);
  const tryOpen = useCallback(
    (id: string): OpenResult => {
      // Read the stored strip again: another tab may have changed it.
      const current = parseOpenAccommodations(window.localStorage.getItem(OPEN_STORAGE_KEY));
      const result = openAccommodation(current, id);
      if (result.ok) setOpen(result.open);
      return result;
    },
    [setOpen],
  );
  const close = useCallback((id: string) => setOpen(closeAccommodation(parseOpenAccommodations(window.localStorage.getItem(OPEN_STORAGE_KEY)), id)), [setOpen]);
  return { open, tryOpen, close };
}
