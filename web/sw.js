// The service worker of `nonet play` and of the static copy (scripts/build-static.sh): keeps the
// page, its assets and the engine (`nonet.wasm`) so that a reload while the server is down
// still shows the game (its moves wait in localStorage, see js/net.js), and the static copy
// plays with no network at all (its games are in IndexedDB, see js/local.js).
//
// Network first: while the server answers, every page and asset comes from it (an upgraded
// binary shows at once) and the copy kept is refreshed; when it does not, the kept copy is
// served. The API is never kept here: the page keeps what it needs itself. The server (or the
// static build) fills in the asset list and a version that changes with any asset, so a new
// binary or build starts a new cache.
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const CACHE = `nonet-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // Every address of the page is the page: `/`, with the route in its hash.
  const key = req.mode === 'navigate' ? '/' : url.pathname;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok) await cache.put(key, res.clone());
      return res;
    } catch (e) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw e;
    }
  })());
});
