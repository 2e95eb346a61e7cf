// Registers the service worker (sw.js) once the engine is up, so that later visits start and
// play with no network, and says when a new version of the site is ready: its button reloads
// the page into it (the service worker swaps the whole cache at once).

/** The page's words in the chosen language (app.js sets window.mahjong.labels), else English. */
const label = (name, english) => window.mahjong?.labels?.[name] ?? english;

/** The notice with its button (a phone's toolbar is above it, the player's hand below). */
export function showUpdate(waiting) {
  if (document.getElementById("update-ready")) return;
  const box = document.createElement("div");
  box.id = "update-ready";
  box.setAttribute("role", "status");
  box.style.cssText = "position:fixed;left:50%;top:3.4rem;transform:translateX(-50%);z-index:50;"
    + "max-width:94vw;box-sizing:border-box;white-space:nowrap;"
    + "padding:0.35rem 0.5rem 0.35rem 0.8rem;border-radius:0.5rem;background:rgb(10 30 21 / 0.92);color:#f3efe2;"
    + "border:1px solid rgb(255 255 255 / 0.25);font-size:0.85rem;display:flex;gap:0.6rem;align-items:center";
  const text = document.createElement("span");
  text.textContent = label("update", "A new version of the game is ready");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label("updateNow", "Reload");
  button.style.cssText = "font:inherit;padding:0.2rem 0.7rem;border-radius:0.4rem;cursor:pointer;"
    + "border:1px solid rgb(255 255 255 / 0.4);background:rgb(255 255 255 / 0.12);color:inherit";
  button.onclick = () => waiting.postMessage({ type: "activate" });
  box.append(text, button);
  document.body.append(box);
}

/** The web app manifest, linked once the site is kept for offline play: the game can then be
 * installed as an app. Not in index.html: a browser checks a page with a manifest for
 * installability as it loads, on the same cores as the engine's start (bench/boot.py). */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = new URL("./manifest.webmanifest", import.meta.url).href;
  document.head.append(link);
}

/** Register sw.js; resolves with the registration once a service worker controls the site. */
export async function keepOffline() {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.register(new URL("./sw.js", import.meta.url), {
    scope: new URL("./", import.meta.url).href,
  });
  linkManifest();
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  watch(registration.waiting);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // the new version took over after the player's click: show it, not a mix
    if (document.getElementById("update-ready") && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    // a first install claims the open page as it activates
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  return registration;
}
