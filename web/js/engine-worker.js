// The engine's worker: a module worker that runs `nonet.wasm` off the page's main thread, so a
// long call (generating an expert puzzle, a solving path) leaves the page free to draw and
// answer input. engine.js sends it the compiled module once (`{ module }`), then requests
// `{ id, request }` (the request's JSON text); each answer goes back as `{ id, text }` (the
// engine's JSON text), or `{ id, trap }` when the module trapped, after which a fresh instance
// answers the next request. Requests are answered one at a time, in the order they came; one
// named by `{ skip: id }` before its turn is not run (engine.js stops the whole worker to drop
// the one running).

import { callRaw } from './abi.js';

let module = null;
let exports = null;

async function instance() {
  exports ??= (await WebAssembly.instantiate(module, {})).exports;
  return exports;
}

let queue = Promise.resolve();
const skipped = new Set();

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.module) {
    module = msg.module;
    return;
  }
  if (msg.skip != null) {
    skipped.add(msg.skip);
    return;
  }
  queue = queue.then(async () => {
    if (skipped.delete(msg.id)) return;
    try {
      const text = callRaw(await instance(), msg.request);
      self.postMessage(text == null ? { id: msg.id, trap: 'out of memory' } : { id: msg.id, text });
    } catch (e) {
      // A trap leaves the instance's memory as the trap found it: the next call starts afresh.
      exports = null;
      self.postMessage({ id: msg.id, trap: String(e?.message ?? e) });
    }
  });
};
