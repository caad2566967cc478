// State kept in localStorage under a key, read defensively (unreadable values fall back).
import { useCallback, useEffect, useState } from 'react';

export function useStoredState<T>(key: string, parse: (stored: string | null) => T): [T, (value: T) => void] {
  // The first render matches the server (nothing stored); the stored value arrives after mount.
  const [value, setValue] = useState<T>(() => parse(null));
  useEffect(() => {
    try {
      setValue(parse(window.localStorage.getItem(key)));
    } catch {
      // Storage blocked (private mode, policy): keep the default.
    }
  }, [key, parse]);
  const store = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [value, store];
}
