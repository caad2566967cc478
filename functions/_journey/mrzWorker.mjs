// The MRZ reader's worker thread when running from the sources (tsx, vitest): plain JavaScript
// because a worker gets no TypeScript loader there. mrz-detection reads a decoded photo in several
// seconds of pure JavaScript, which on the main thread would stall every request of the backend.
// A bundled function has no such file beside it and starts its own bundle instead (mrzWorkers.ts).
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

createRequire(import.meta.url)('./mrzReader.cjs').serveMrzReads(parentPort);
