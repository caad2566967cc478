// What a visitor typed into a server-rendered field before the page hydrated. React adopts the
// text an input or textarea holds without an onChange, so the form's state would not know it, and
// its next render would wipe it. A field hands it to its form once, when it mounts; later input
// comes through onChange.
//
// In a layout effect, so the form has rendered with it when the hydration commits. A press made
// while the part was not hydrated is held and pressed again as soon as it has (unhydratedPresses.ts),
// and React runs passive effects only in a later task: from useEffect the press's handler saw the
// form as it was before (the sign-in form answered "Required" under two filled fields in CI).
import { useLayoutEffect, type RefObject } from 'react';

export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, adopt: (typed: string) => void): void {
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined) adopt(typed);
    // On mount only: afterwards the field and the form move together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
