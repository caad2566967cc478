// The MRZ reader's thread side, shared by both ways the thread starts (mrzWorkers.ts): from
// mrzWorker.mjs beside the sources (tsx, vitest: a worker gets no TypeScript loader), or from the
// function's own bundle when a bundler left that file behind. Plain CommonJS so both can load it.
// One photo at a time: `image` keeps the decoded pixels (never written anywhere), each `read` tries
// one way to the characters, `drop` forgets the photo.
/* eslint-disable no-undef, @typescript-eslint/no-require-imports -- plain CommonJS, run by Node as it is */
'use strict';

/** Answers the main thread's messages on `port` until the worker ends. */
exports.serveMrzReads = function serveMrzReads(port) {
  // CommonJS packages without types, loaded here and not at the top: the main thread, which
  // bundles this file too, never needs the OCR model (tens of MB; it loads once per worker).
  const detection = require('mrz-detection');
  const { Image } = require('image-js');
  let image;
  // The first reading keeps the reader's own line finder on the whole photo (keeps the bottom
  // lines; copes with a few degrees of tilt), the second reads its MRZ locator's crop (a zone
  // small in frame).
  const attempts = [() => detection.readMrz(image.grey()), () => detection.readMrz(detection.getMrz(image))];
  port.on('message', async (message) => {
    if (message.type === 'image') {
      image = new Image(message.width, message.height, message.data, { kind: message.channels === 1 ? 'GREY' : 'RGB' });
      port.postMessage({ type: 'ready' });
    } else if (message.type === 'read') {
      try {
        const { mrz } = await attempts[message.attempt]();
        port.postMessage({ type: 'lines', lines: Array.isArray(mrz) ? mrz.map(String) : [] });
      } catch {
        port.postMessage({ type: 'lines', lines: null });
      }
    } else if (message.type === 'drop') {
      image = undefined;
    }
  });
};
