// The service worker of the static site: the whole app (pages, scripts, the engine's
// .wasm, manifest, icons) is kept in a cache on the first visit and served from it, so the
// advisor and the game open with no network afterwards. Tables are not here: the engine
// keeps them in IndexedDB (worker.js). scripts/build_web.sh stamps VERSION with a hash of
// the files, so a new build replaces the old cache.
const VERSION = '__BUILD_VERSION__';
const CACHE = 'yahtzee-' + VERSION;
const APP = [
  './', 'index.html', 'play.html', 'client.js', 'worker.js', 'yahtzee.js', 'yahtzee.wasm',
  'triple.html', 'yahtzix.html', 'painted.html', 'games.js', 'games.css', // these say they need yahtzee serve
  'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon.svg',
  'api/health', // {"status": "static"}: client.js asks it, to know there is no server
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(APP)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('yahtzee-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first for the app (ignoring the query: ?dice=... is the page's state, not a file);
// anything else goes to the network.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  event.respondWith(
    caches.open(CACHE)
      .then((c) => c.match(req, { ignoreSearch: true }))
      .then((hit) => hit || fetch(req)),
  );
});
