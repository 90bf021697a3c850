// The engine's C ABI (`nonet.wasm`, the crate nonet-wasm), shared by the engine's worker
// (engine-worker.js, where the page's calls run) and the page's own instance (engine.js, for
// the one light call it makes in place): the request is written as UTF-8 JSON into memory the
// module allocates (`nonet_alloc`), `nonet_call` answers with a pointer to a 4-byte
// little-endian length and that much JSON, which is read and given back (`nonet_free`). No glue
// code is generated: these few lines are all of it.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The JSON text of the engine's answer to the JSON text `request`, or null when the module
 * could not allocate the request's bytes.
 */
export function callRaw(exports, request) {
  const bytes = encoder.encode(request);
  const ptr = exports.nonet_alloc(bytes.length);
  if (!ptr && bytes.length) return null;
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  const out = exports.nonet_call(ptr, bytes.length);
  // Read after the call: it may have grown the memory (a new buffer).
  const len = new DataView(exports.memory.buffer, out, 4).getUint32(0, true);
  const text = decoder.decode(new Uint8Array(exports.memory.buffer, out + 4, len));
  exports.nonet_free(out, len + 4);
  return text;
}
