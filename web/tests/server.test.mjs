// The page as the server's defences see it: each page names itself in every API request
// (`X-Nonet-Client`), so the server shares the engine's work per page even when every page
// comes from the same address (issue 32, item 10).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, CLASSIC, open, serverOnly, startSession } from './helpers.mjs';

let session;

before(async () => {
  session = await startSession();
});

after(async () => {
  await session?.close();
});

/** The `X-Nonet-Client` of each API request `page` makes while `act` runs. */
async function clientIds(page, act) {
  const ids = [];
  const seen = (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) ids.push(req.headers()['x-nonet-client']);
  };
  page.on('request', seen);
  try {
    await act();
  } finally {
    page.off('request', seen);
  }
  return ids;
}

test('every API request of a page names the page, with one id per page', serverOnly('the X-Nonet-Client header is for the server\'s share of its engine per page'), async () => {
  const { page } = session;
  const url = session.server.url;
  const { status, data } = await api(url, 'POST', '/games', { puzzle: CLASSIC });
  assert.equal(status, 201);
  const first = await clientIds(page, async () => {
    await open(page, url, `#/game/${data.id}`);
    await page.waitForSelector('#cell-80[aria-label]');
    await page.locator('#cell-2').click();
    await page.keyboard.press('4');
    await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('nonet-pending:')));
  });
  assert.ok(first.length >= 2, `${first.length} API requests`);
  const id = first[0];
  assert.match(id ?? '', /^[0-9a-f]{24}$/);
  assert.deepEqual(first.filter((x) => x !== id), [], 'one id for all of a page\'s requests');
  // A page loaded afresh is another client.
  const second = await clientIds(page, async () => {
    await page.reload();
    await page.waitForSelector('#cell-80[aria-label]');
  });
  assert.ok(second.length >= 1);
  assert.match(second[0] ?? '', /^[0-9a-f]{24}$/);
  assert.notEqual(second[0], id);
});
