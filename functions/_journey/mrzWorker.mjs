// The MRZ reader's worker thread (functions/_journey/mrzWorkers.ts starts it): mrz-detection reads
// a decoded photo in several seconds of pure JavaScript, which on the main thread would stall every
// request of the backend (health checks, sign-ins, GraphQL). Plain JavaScript on purpose: a worker
// gets no TypeScript loader, neither under tsx nor under vitest. One photo at a time: `image` keeps
// the decoded pixels (never written anywhere), each `read` tries one way to the characters, `drop`
// forgets the photo.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// CommonJS packages without types; the OCR model loads once per worker.
const detection = require('mrz-detection');
const { Image } = require('image-js');

let image;
// The first reading keeps the reader's own line finder on the whole photo (keeps the bottom lines;
// copes with a few degrees of tilt), the second reads its MRZ locator's crop (a zone small in frame).
const attempts = [() => detection.readMrz(image.grey()), () => detection.readMrz(detection.getMrz(image))];

parentPort.on('message', async (message) => {
  if (message.type === 'image') {
    image = new Image(message.width, message.height, message.data, { kind: message.channels === 1 ? 'GREY' : 'RGB' });
    parentPort.postMessage({ type: 'ready' });
  } else if (message.type === 'read') {
    try {
      const { mrz } = await attempts[message.attempt]();
      parentPort.postMessage({ type: 'lines', lines: Array.isArray(mrz) ? mrz.map(String) : [] });
    } catch {
      parentPort.postMessage({ type: 'lines', lines: null });
    }
  } else if (message.type === 'drop') {
    image = undefined;
  }
});
