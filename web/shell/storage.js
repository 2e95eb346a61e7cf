// What this browser lets the page keep (issue 37, "honest about storage"): a frame on another
// site's page (third-party storage blocked) or a privacy setting may refuse localStorage, Cache
// Storage and the service worker. Refused is an answer, not a failure: the page asks once, skips
// the steps that need them (the offline copy, the start-up snapshot) without a warning, and says
// what the reader loses (storage-note.js). Import-free: the loader asks before its first paint is done.

/**
 * The Storage this page may use, or null where it is denied (a frame of another site's page, a
 * privacy setting: reading it throws). A full one is a Storage: its writes fail, and the saves say
 * so (keeper.js), not this probe: a full storage is no reason to stop saving or to point elsewhere.
 * @returns {Storage | null}
 */
export function probeStorage() {
  try {
    const storage = window.localStorage;
    storage.getItem("mahjong.probe");
    return storage;
  } catch {
    return null;
  }
}

/** Whether Cache Storage answers (a refused one rejects every call). @returns {Promise<boolean>} */
export async function cachesAllowed() {
  if (typeof caches === "undefined") return false; // (an insecure origin has none)
  try {
    await caches.keys();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `error` is the browser refusing storage (localStorage, Cache Storage, a service worker's
 * registration) rather than something going wrong: Chromium's SecurityError ("Access is denied",
 * "an attempt was made to break through the security policy") and NotSupportedError ("The user
 * denied permission to use Service Worker"), Firefox's SecurityError.
 * @param {unknown} error
 */
export function refused(error) {
  const name = /** @type {{name?: unknown}} */ (error)?.name;
  return name === "SecurityError" || name === "NotSupportedError";
}

/**
 * @typedef {{saving: boolean, offline: boolean, refused: Array<"saving" | "offline">, framed: boolean}} Keeping
 * saving: the match and the settings are kept (localStorage); offline: the site may be kept for play
 * with no network (a service worker and Cache Storage); refused: which of the two the browser
 * refuses (a browser without service workers, or a page not served over https, refuses nothing: it
 * has no offline copy to give); framed: the page is inside another page.
 */

/** @type {Promise<Keeping> | null} */
let asked = null;

/** What this browser lets the page keep, asked once per page. @returns {Promise<Keeping>} */
export function keeping() {
  asked ??= (async () => {
    const saving = probeStorage() !== null;
    const supported = typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof caches !== "undefined";
    const offline = supported && (await cachesAllowed());
    /** @type {Keeping["refused"]} */
    const refusedParts = [];
    if (!saving) refusedParts.push("saving");
    if (supported && !offline) refusedParts.push("offline");
    return { saving, offline, refused: refusedParts, framed: window.parent !== window };
  })();
  return asked;
}
