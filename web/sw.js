// The service worker of the static site: the whole app (pages, styles, script modules, the engine's
// .wasm, manifest, icons) is kept in a cache on the first visit and served from it, so the
// advisor and the game open with no network afterwards. Tables are not here: the engine
// keeps them in IndexedDB (worker.js). scripts/build_web.sh stamps VERSION with a hash of
// the files, so a new build replaces the old cache.
const VERSION = '__BUILD_VERSION__';
const CACHE = 'yahtzee-' + VERSION;
// The pages' script modules (js/…): scripts/build_web.sh writes their list here.
const MODULES = [/* __MODULES__ */];
const APP = [
  './', 'index.html', 'play.html', 'triple.html', 'yahtzix.html', 'painted.html', 'train.html',
  'common.css', 'games.css', 'worker.js', 'yahtzee.js', 'yahtzee.wasm',
  'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon.svg',
  'api/health', // {"status": "static"}: js/client.js asks it, to know there is no server
  ...MODULES,
];

// The other games' module (yahtzee-games.wasm) and the explaining one (yahtzee-explain.wasm,
// the advisor's "say why") are not fetched with the app: the Yahtzee advisor's first visit
// stays small. Each is cached the first time a page loads it.
const LAZY = ['yahtzee-games.wasm', 'yahtzee-explain.wasm'];

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
// a lazy file is cached when first fetched; anything else goes to the network.
self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const lazy = LAZY.some((f) => new URL(req.url).pathname.endsWith('/' + f));
  event.respondWith(
    caches.open(CACHE).then((c) => c.match(req, { ignoreSearch: true }).then((hit) => {
      if (hit || !lazy) return hit || fetch(req);
      return fetch(req).then((res) => {
        if (res.ok) c.put(req, res.clone());
        return res;
      });
    })),
  );
});
