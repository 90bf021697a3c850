// The JSON API client. Every call returns the parsed JSON or throws an ApiError carrying the
// server's message (the server always answers errors as {"error": {"code", "message"}}).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body, { keepalive = false } = {}) {
  const opts = { method, headers: { Accept: 'application/json' }, keepalive };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`/api${path}`, opts);
  } catch (e) {
    throw new ApiError(0, 'offline', 'The nonet server is not answering. Is `nonet play` still running?');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, data?.error?.code ?? 'http', data?.error?.message ?? res.statusText);
  }
  return data;
}

export const api = {
  levels: () => call('GET', '/levels'),
  stats: () => call('GET', '/stats'),
  checkPuzzle: (puzzle) => call('POST', '/puzzles/check', { puzzle }),
  createGame: (body) => call('POST', '/games', body),
  listGames: () => call('GET', '/games'),
  getGame: (id) => call('GET', `/games/${id}`),
  deleteGame: (id) => call('DELETE', `/games/${id}`),
  move: (id, move) => call('POST', `/games/${id}/moves`, move),
  undo: (id, elapsed_ms) => call('POST', `/games/${id}/undo`, { elapsed_ms }),
  redo: (id, elapsed_ms) => call('POST', `/games/${id}/redo`, { elapsed_ms }),
  clock: (id, elapsed_ms, keepalive = false) => call('PUT', `/games/${id}/clock`, { elapsed_ms }, { keepalive }),
  check: (id) => call('POST', `/games/${id}/check`),
  hint: (id, elapsed_ms) => call('POST', `/games/${id}/hint`, { elapsed_ms }),
  bot: (id, elapsed_ms) => call('POST', `/games/${id}/bot`, { elapsed_ms }),
};
