// Stands in for the fetch-ponyfill package in the browser build (next.config.js swaps it in): the
// Nhost auth SDK (@nhost/hasura-auth-js) calls it when its module is evaluated and sends every auth
// request through what it returns. The package's browser build answers with a copy of the whatwg-fetch
// polyfill built afresh on each call (fetch over XMLHttpRequest), ~18 ms of profile in the staff
// stack's module evaluation on a phone, for a fetch every browser we serve has natively.
const fetchPonyfill = () => ({
  // Looked up on each call: the page's fetch, whatever replaced it since (a test's stub, a service worker's wrapper).
  fetch: (input, init) => globalThis.fetch(input, init),
  Headers: globalThis.Headers,
  Request: globalThis.Request,
  Response: globalThis.Response,
  DOMException: globalThis.DOMException,
});

module.exports = fetchPonyfill;
