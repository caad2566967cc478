// The MRZ reader's thread side, shared by both ways the thread starts (mrzWorkers.ts): from
// mrzWorker.mjs beside the sources (tsx, vitest: a worker gets no TypeScript loader), or from the
// function's own bundle when a bundler left that file behind. Plain CommonJS so both can load it.
// One photo at a time: `image` keeps the decoded pixels (never written anywhere), each `read` tries
// one way to the characters, `drop` forgets the photo.
/* eslint-disable no-undef, @typescript-eslint/no-require-imports -- plain CommonJS, run by Node as it is */
'use strict';

/** Answers the main thread's messages on `port` until the worker ends. */
/**
 * mrz-detection reads and parses its character model (a BSON file of training descriptors and a
 * libsvm model) again on every reading: ~1 s of CPU each, several readings per photo. The files
 * never change, so each model is loaded once per reader thread; the prediction is the package's
 * own (`predict`, descriptors as its `getDescriptors` makes them). Must run before mrz-detection's
 * OCR module loads: it takes its own reference to `predictImages` then.
 */
function keepCharacterModelsLoaded() {
  const path = require('node:path');
  const fs = require('node:fs');
  const svmFile = require.resolve('mrz-detection/src/svm');
  const svm = require(svmFile);
  // The package's own dependencies, as it resolves them.
  const own = require('node:module').createRequire(svmFile);
  const models = new Map();
  const load = async (name) => {
    const SVM = await own('libsvm-js/wasm');
    const BSON = own('bson');
    const base = path.join(path.dirname(svmFile), '../models', name);
    const { descriptors, kernelOptions } = new BSON().deserialize(fs.readFileSync(`${base}.svm.descriptors`));
    return { classifier: SVM.load(fs.readFileSync(`${base}.svm.model`, 'utf-8')), descriptors, kernelOptions };
  };
  const model = (name) => {
    if (!models.has(name)) models.set(name, load(name).catch((e) => (models.delete(name), Promise.reject(e))));
    return models.get(name);
  };
  // As the package's getDescriptors: HOG features, then the glyph's height among its line's (OCR-B
  // digits stand slightly taller than letters).
  const descriptorsOf = (images) => {
    const heights = images.map((img) => img.height);
    const max = Math.max(...heights);
    const min = Math.min(...heights);
    return images.map((img) => [...svm.extractHOG(img), min === max ? 1 : (img.height - min) / (max - min)]);
  };
  svm.predictImages = async (images, name) => {
    const { classifier, descriptors, kernelOptions } = await model(name);
    return svm.predict(classifier, descriptors, descriptorsOf(images), kernelOptions);
  };
}

exports.serveMrzReads = function serveMrzReads(port) {
  // CommonJS packages without types, loaded here and not at the top: the main thread, which
  // bundles this file too, never needs the OCR model (tens of MB; it loads once per worker).
  try {
    keepCharacterModelsLoaded();
  } catch {
    // A package layout without these files reads as before, loading the model per reading.
  }
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
