// Types of nativeFetch.js (plain JS: the browser build swaps it in for fetch-ponyfill).
declare function fetchPonyfill(): { fetch: typeof fetch; Headers: typeof Headers; Request: typeof Request; Response: typeof Response; DOMException: typeof DOMException };
export = fetchPonyfill;
