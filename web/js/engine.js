// The engine as WebAssembly (`nonet.wasm`, the crate nonet-wasm: the same Rust rules of play,
// hints, bot and generator the server runs), called over its C ABI: the request is written as
// UTF-8 JSON into memory the module allocates (`nonet_alloc`), `nonet_call` answers with a
// pointer to a 4-byte little-endian length and that much JSON, which is read and given back
// (`nonet_free`). No glue code is generated: these few lines are all of it.
//
// The page works without it when a server answers (moves then show when the server has played
// them); with no server it is the page's whole engine (local.js).

import { ApiError } from './api.js';

let exports = null;
let loading = null;

/** Loads the module once; resolves true when it is there, false when it is not. */
export function loadEngine() {
  loading ??= (async () => {
    try {
      const url = new URL('../nonet.wasm', import.meta.url);
      const res = await fetch(url);
      if (!res.ok) return false;
      const bytes = await res.arrayBuffer();
      const { instance } = await WebAssembly.instantiate(bytes, {});
      exports = instance.exports;
      return true;
    } catch {
      return false;
    }
  })();
  return loading;
}

/** Whether the engine is loaded. */
export function engineReady() {
  return exports != null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Asks the engine `op` with the fields of `body`; returns its answer, or throws an ApiError
 * with the status and code the server gives the same problem.
 */
export function engine(op, body = {}) {
  if (!exports) throw new ApiError(503, 'no_engine', 'The game engine (nonet.wasm) is not loaded.');
  const bytes = encoder.encode(JSON.stringify({ op, ...body }));
  const ptr = exports.nonet_alloc(bytes.length);
  if (!ptr && bytes.length) throw new ApiError(507, 'no_memory', 'The game engine is out of memory.');
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  const out = exports.nonet_call(ptr, bytes.length);
  // Read after the call: it may have grown the memory (a new buffer).
  const len = new DataView(exports.memory.buffer, out, 4).getUint32(0, true);
  const text = decoder.decode(new Uint8Array(exports.memory.buffer, out + 4, len));
  exports.nonet_free(out, len + 4);
  const answer = JSON.parse(text);
  if (answer.error) {
    const e = answer.error;
    throw new ApiError(e.status, e.code, e.message, null, e);
  }
  return answer.ok;
}
