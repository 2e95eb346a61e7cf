// The service worker: the whole site in one versioned cache, so that after one visit the game
// starts and plays with no network. build.py writes the site's version (a hash of every file)
// into VERSION and lists the files with their SHA-256 in site-files.json. A new build is a new
// sw.js: it fills a new cache completely (every file checked against its digest) while the old
// one keeps serving, waits until the page says so (offline.js shows "a new version is ready"),
// then replaces the old cache: a page never mixes files of two builds.
/** This worker's global scope, typed as the service worker it is (tsconfig.workers.json). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "dev"; // build.py: the site's version
const PREFIX = "mahjong-site-";
const CACHE = PREFIX + VERSION;
const scope = new URL(sw.registration.scope);
// What the engine kept beside its memory snapshot (pyodide-boot.js's SNAPSHOT_CACHE) is served
// from there to the workers that ask by URL: the browser keeps the runtime's compiled code beside
// a wasm file it served from Cache Storage, so a later visit's engine compiles almost nothing.
// (A classic worker cannot import that module: the name is written twice, checked by tests/site/test_build.py.)
const KEPT_CACHE = "mahjong-snapshot";
const KEPT = new URL("snapshot/", scope).href;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

async function fillCache() {
  const listing = await fetch(new URL(`site-files.json?v=${VERSION}`, scope), { cache: "no-store" });
  if (!listing.ok) throw new Error(`site-files.json: HTTP ${listing.status}`);
  const { version, files } = await listing.json();
  if (version !== VERSION) throw new Error(`site-files.json is of version ${version}, not ${VERSION}`);
  const cache = await caches.open(CACHE);
  for (const [path, sha256] of Object.entries(files)) {
    const url = new URL(path, scope);
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", body)) !== sha256) {
      throw new Error(`${path} is not the file of version ${VERSION} (a deploy under way?)`);
    }
    await cache.put(url, new Response(body, { headers: response.headers }));
  }
}

sw.addEventListener("install", (event) => {
  // A first install has nothing to replace: it takes over at once. An update waits (message below).
  event.waitUntil(fillCache().then(() => (sw.registration.active ? undefined : sw.skipWaiting())));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

// The page's "reload into the new version" (offline.js posts it to the waiting worker only).
sw.addEventListener("message", (event) => {
  if (event.data?.type === "activate") sw.skipWaiting();
});

/** @type {Promise<Cache> | undefined} this version's cache, once opened */
let opened;

/** The cached file a request asks for: the path without its query; a folder is its index.html. */
function cachedPath(url) {
  const path = new URL(url.pathname, url.origin);
  if (path.href.endsWith("/")) path.pathname += "index.html";
  return path.href;
}

sw.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith((async () => {
    const path = cachedPath(url);
    const hit = path.startsWith(KEPT)
      ? await caches.match(path, { cacheName: KEPT_CACHE })
      : await (await (opened ??= caches.open(CACHE))).match(path); // opened once: a page asks for its files at once
    return hit ?? fetch(event.request); // what the site does not list goes to the network
  })());
});
