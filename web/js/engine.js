// The engine as WebAssembly (`nonet.wasm`, the crate nonet-wasm: the same Rust rules of play,
// hints, bot and generator the server runs), over its C ABI (abi.js).
//
// The page's calls (`engine(op, body)`) run in a module worker (engine-worker.js), so that a
// long one (an expert puzzle generated in about a second and a half) never freezes the page:
// each call is a message with an id, answered by a message with the same id (a call its
// caller drops is skipped, or stops the worker if it is running). The module is
// compiled once here and handed to the worker; the page keeps an instance of its own for the
// one call it needs at once, `preview` (a move played on the board shown, before the server's
// or local.js's answer: a few microseconds), through `engineNow`.
//
// The page works without it when a server answers (moves then show when the server has played
// them); with no server it is the page's whole engine (local.js).

import { ApiError } from './api.js';
import { callRaw } from './abi.js';

let module = null;
let exports = null;
let loading = null;

/** Loads the module once; resolves true when it is there, false when it is not. */
export function loadEngine() {
  loading ??= (async () => {
    try {
      const url = new URL('../nonet.wasm', import.meta.url);
      const res = await fetch(url);
      if (!res.ok) return false;
      module = await WebAssembly.compile(await res.arrayBuffer());
      exports = (await WebAssembly.instantiate(module, {})).exports;
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

function noEngine() {
  return new ApiError(503, 'no_engine', 'The game engine (nonet.wasm) is not loaded.');
}

/** The engine's JSON answer `text` as its value, or its error thrown as the server's. */
function answer(text) {
  if (text == null) throw new ApiError(507, 'no_memory', 'The game engine is out of memory.');
  const a = JSON.parse(text);
  if (a.error) {
    const e = a.error;
    throw new ApiError(e.status, e.code, e.message, null, e);
  }
  return a.ok;
}

let worker = null;
let nextId = 1;
/** The calls not answered yet, oldest first: the first is the one the worker is running. */
const waiting = new Map();

/** The engine's worker, started on the first call (and again after one was stopped). */
function engineWorker() {
  if (worker) return worker;
  worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  worker.postMessage({ module });
  worker.onmessage = (event) => {
    const { id, text, trap } = event.data;
    const call = waiting.get(id);
    if (!call) return;
    waiting.delete(id);
    if (trap != null) {
      call.reject(new ApiError(500, 'engine_failed', `The game engine failed: ${trap}`));
      return;
    }
    try {
      call.resolve(answer(text));
    } catch (e) {
      call.reject(e);
    }
  };
  worker.onerror = (event) => {
    // The worker itself could not run (its script failed to load): every call waiting fails,
    // and the next one starts a new worker.
    event.preventDefault?.();
    worker = null;
    for (const call of waiting.values()) call.reject(new ApiError(503, 'no_engine', `The game engine's worker stopped: ${event.message ?? 'unknown error'}`));
    waiting.clear();
  };
  return worker;
}

/**
 * Drops call `id`, which its caller no longer wants: one still waiting its turn is skipped;
 * the one running (a practice puzzle the generator is still looking for) stops with its
 * worker, and a new worker takes the calls that wait.
 */
function drop(id) {
  const call = waiting.get(id);
  if (!call) return;
  const running = waiting.keys().next().value === id;
  waiting.delete(id);
  call.reject(new ApiError(0, 'aborted', 'The request was dropped.'));
  if (!running) {
    worker?.postMessage({ skip: id });
    return;
  }
  worker?.terminate();
  worker = null;
  if (waiting.size) {
    const w = engineWorker();
    for (const [other, c] of waiting) w.postMessage({ id: other, request: c.request });
  }
}

/**
 * Asks the engine `op` with the fields of `body`, in its worker; resolves with its answer, or
 * rejects with an ApiError with the status and code the server gives the same problem. An
 * abort of `signal` drops the call (and stops the engine's work on it).
 */
export function engine(op, body = {}, { signal } = {}) {
  if (!module) return Promise.reject(noEngine());
  if (signal?.aborted) return Promise.reject(new ApiError(0, 'aborted', 'The request was dropped.'));
  const id = nextId++;
  const request = JSON.stringify({ op, ...body });
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, request });
    engineWorker().postMessage({ id, request });
    signal?.addEventListener('abort', () => drop(id), { once: true });
  });
}

/**
 * Asks the engine `op` at once, on the page's thread: only for calls that take microseconds
 * (`preview`), which the board needs before it draws.
 */
export function engineNow(op, body = {}) {
  if (!exports) throw noEngine();
  return answer(callRaw(exports, JSON.stringify({ op, ...body })));
}
