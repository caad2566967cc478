// What SessionProvider loads as a chunk of its own: the Nhost SDK (its auth state machine, xstate,
// graphql's printer: ~420 kB of source) and the context @nhost/react's hooks read. Evaluated in a
// task of its own when it arrives, not inside the page module's evaluation (docs/performance.md).
export { NhostReactContext } from '@nhost/react';
export { sessionNhost } from './clients';
