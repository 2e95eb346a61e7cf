// What the browser keeps between visits (issues 15, 33): the unfinished matches, one key each
// (`mahjong.match.<id>`: the engine's `save`, when it was written and the link that dealt it),
// saves that could not be resumed (set aside under their own keys), and the last finished matches
// for the replay viewer. Whatever is read is checked here, where it is read: a stored value this
// page did not write is reported, never trusted. Nothing is replaced: each match has its own key,
// and a key is only ever moved aside (and only said to be when the move was written). A write
// that fails says why ("quota": storage full, "blocked": no storage for this page, "size", "full").

import { LIMITS, encodeRequest } from "../engine/engine.js";

export const SLOT_PREFIX = "mahjong.match."; // + the match's id
export const OLD_SAVE_KEY = "mahjong.save"; // issue 15's one save: read as one more slot
export const ASIDE_PREFIX = "mahjong.save.aside."; // + the time it was set aside
export const HISTORY_KEY = "mahjong.history";
export const FORMAT = "mahjong-replay";
export const FORMAT_VERSION = 1;
/** A slot's wrapper around the engine's save. */
export const RECORD = "mahjong-save";
/** saves: unfinished matches kept; bytes: a save the engine can be sent back (engine.js LIMITS). */
export const CAPS = { saves: 8, aside: 5, history: 5, bytes: LIMITS.bytes - 1024 };

/**
 * @typedef {"quota" | "blocked" | "size" | "full"} WriteFailure
 * @typedef {"corrupt" | "foreign" | "old" | "tooBig"} ReadProblem
 * @typedef {{variant: string, hand: number, hands: number, scores: number[] | null, over: boolean}} Summary
 * @typedef {{link: string, at: number | null, behind: boolean, save: any}} Record
 * @typedef {{key: string, link: string, at: number | null, behind: boolean, save: any, summary: Summary, record: Record, text: string}} Kept
 *   `text`: the slot's text as read
 * @typedef {{key: string, link: string, last: Record | null, forked?: boolean, from?: {key: string, text: string} | null}} Slot
 *   where a match is kept; `last`: what was written last; `forked`: the match was also played on in another tab, and
 *   this one keeps its own under a new key; `from`: the old key (issue 15's `mahjong.save`) the match was continued
 *   from, moved to the slot's own key at its first write
 */

/** @returns {Storage | null} */
function store() {
  try {
    return window.localStorage; // may throw in a sandboxed or third-party frame
  } catch {
    return null;
  }
}

/** @param {any} error @returns {WriteFailure} */
function failure(error) {
  const quota = error && (error.name === "QuotaExceededError" || error.code === 22 || error.code === 1014);
  return quota ? "quota" : "blocked";
}

/** Write `text` at `key`: null when written, else why not. @returns {WriteFailure | null} */
function put(/** @type {string} */ key, /** @type {string} */ text) {
  const s = store();
  if (!s) return "blocked";
  try {
    s.setItem(key, text);
    if (key.startsWith(SLOT_PREFIX)) onDisk(key, text);
    return null;
  } catch (error) {
    return failure(error);
  }
}

function get(/** @type {string} */ key) {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function remove(/** @type {string} */ key) {
  try {
    store()?.removeItem(key);
    if (key.startsWith(SLOT_PREFIX)) onDisk(key, null);
    return true;
  } catch {
    return false;
  }
}

/** Every stored key (a snapshot: the caller may remove some). */
function keys() {
  const s = store();
  const out = [];
  try {
    for (let i = 0; s && i < s.length; i++) {
      const k = s.key(i);
      if (k !== null) out.push(k);
    }
  } catch {
    // blocked: nothing kept
  }
  return out;
}

// --- the last move on disk (issue 55) ---------------------------------------------------------
// localStorage reaches the disk seconds after a write (Chromium batches it): a browser killed
// meanwhile loses the last moves. So every slot written there is also written to IndexedDB in a
// transaction of strict durability (on disk when it completes, a few milliseconds after the move),
// and as the page opens, a slot whose copy there is newer than localStorage's (the browser was
// killed before localStorage was written out) is put back, before any save is read. localStorage
// stays what every reader reads; the copy only ever mirrors what it accepted, under a mark kept in
// localStorage (DISK_KEY): a localStorage cleared since has no mark, and the copies are dropped,
// never put back. Where IndexedDB is not to be had (a private window, a frame that may not store),
// no copy is made. (A browser killed in the first seconds of its very first visit loses the mark
// with the moves: that visit's moves are lost as before.)

const DB = "mahjong-saves";
const DB_STORE = "slots";
/** In localStorage: which copies on disk go with what it holds (a localStorage cleared since has none). */
export const DISK_KEY = "mahjong.saves.disk";
/** The copies' state: `opened` the database (once asked for); `writing` the copies being written,
 * in order (each one transaction after the one before); `mark` this localStorage's, once recover()
 * has read or made it (no copy is made before). */
const disk = {
  /** @type {Promise<IDBDatabase | null> | null} */ opened: null,
  /** @type {Promise<void>} */ writing: Promise.resolve(),
  /** @type {string | null} */ mark: null,
};

/** @returns {Promise<IDBDatabase | null>} */
function database() {
  disk.opened ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(DB_STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null); // no IndexedDB for this page
    }
  });
  return disk.opened;
}

/**
 * One transaction on the slots' copies: resolves once it is complete (a write: on disk), or failed.
 * @param {(store: IDBObjectStore) => any} work  what is asked in it; its answer is resolved with
 * @returns {Promise<{ok: boolean, result?: any}>}
 */
async function transact(work, mode = /** @type {IDBTransactionMode} */ ("readwrite")) {
  const db = await database();
  if (!db) return { ok: false };
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(DB_STORE, mode, { durability: "strict" });
      const answer = work(tx.objectStore(DB_STORE));
      tx.oncomplete = () => resolve({ ok: true, result: answer });
      tx.onerror = () => resolve({ ok: false });
      tx.onabort = () => resolve({ ok: false });
    } catch {
      resolve({ ok: false });
    }
  });
}

/** Copy a slot's text as localStorage now holds it (null: removed). @param {string} key @param {string | null} text */
function onDisk(key, text) {
  const made = disk.mark;
  if (!made) return;
  disk.writing = disk.writing.then(() => transact((s) => (text === null ? s.delete(key) : s.put({ mark: made, text }, key)))).then(() => {});
}

/** Resolves once every copy asked for so far is written out (or could not be). */
export function durable() {
  return disk.writing;
}

/** A slot's text's date and mark, when it is a record. @param {string | null} text */
function stamp(text) {
  try {
    const r = JSON.parse(text ?? "");
    return isObject(r) && r.kind === RECORD && isWhole(r.at) ? { at: /** @type {number} */ (r.at), behind: r.behind === true } : null;
  } catch {
    return null;
  }
}

/**
 * Put back in localStorage each slot whose copy on disk is newer (its last writes lost with a
 * killed browser), and from then on copy each slot written: call once as the page opens, before
 * the saves are read. Copies made for a localStorage since cleared (its mark gone, or another) are
 * dropped, never put back. Resolves with the keys put back.
 * @returns {Promise<string[]>}
 */
export async function recover() {
  if (!store()) return [];
  const read = await transact((s) => {
    /** @type {Array<[IDBValidKey, any]>} */
    const found = [];
    s.openCursor().onsuccess = (/** @type {any} */ event) => {
      const cursor = /** @type {IDBCursorWithValue | null} */ (event.target.result);
      if (!cursor) return;
      found.push([cursor.key, cursor.value]);
      cursor.continue();
    };
    return found;
  }, "readonly");
  if (!read.ok) return [];
  let here = get(DISK_KEY);
  if (!here) {
    here = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 6).toString(36)}`;
    if (put(DISK_KEY, here) !== null) return [];
  }
  disk.mark = here;
  /** @type {string[]} */
  const back = [];
  for (const [key, copy] of read.result) {
    if (typeof key !== "string" || !isObject(copy) || copy.mark !== disk.mark || typeof copy.text !== "string") {
      disk.writing = disk.writing.then(() => transact((s) => s.delete(key))).then(() => {}); // another localStorage's (cleared since)
      continue;
    }
    const text = /** @type {string} */ (copy.text);
    const there = stamp(text);
    const now = get(key);
    const stored = stamp(now);
    if (!there || now === text) continue;
    // newer there, or the same save marked older there since (its next write failed)
    const newer = now === null || !stored || there.at > stored.at || (there.at === stored.at && there.behind && !stored.behind);
    if (newer && put(key, text) === null) back.push(key);
  }
  return back;
}

/** Whether this browser keeps anything for the page at all. */
export function storageBlocked() {
  return store() === null;
}

// --- reading: every save checked before anything uses it ------------------------------------

const isObject = (/** @type {unknown} */ v) => !!v && typeof v === "object" && !Array.isArray(v);
const isWhole = (/** @type {unknown} */ v, min = 0) => Number.isSafeInteger(v) && /** @type {number} */ (v) >= min;
const isScores = (/** @type {unknown} */ v) => Array.isArray(v) && v.length === 4 && v.every(Number.isFinite);

/**
 * Whether `save` has the shape the page reads (what it shows of it, and what it sends the engine,
 * which checks the rest): null, or the problem.
 * @param {unknown} save
 * @returns {ReadProblem | null}
 */
export function checkSave(save) {
  if (!isObject(save) || /** @type {any} */ (save).format !== FORMAT) return "foreign";
  const s = /** @type {any} */ (save);
  // another version's save (another build on the same site): its own to read, "old" to this one
  if (s.version !== FORMAT_VERSION) return isWhole(s.version, 1) ? "old" : "corrupt";
  if (typeof s.variant !== "string" || !isObject(s.options) || !isObject(s.match) || !isWhole(s.match.hands, 1)) return "corrupt";
  if (!Array.isArray(s.hands) || !s.hands.length || s.hands.length > s.match.hands) return "corrupt";
  for (const hand of s.hands) {
    if (!isObject(hand) || !isWhole(hand.number) || !isObject(hand.position) || !Array.isArray(hand.actions)) return "corrupt";
    if (hand.result !== null && hand.result !== undefined && !(isObject(hand.result) && isScores(hand.result.scores))) return "corrupt";
  }
  return null;
}

/** What the list of saves shows of a checked save: rule set, hand n of m, scores, whether it is over. @returns {Summary} */
export function summarize(/** @type {any} */ save) {
  const last = save.hands[save.hands.length - 1];
  const scores = last.result?.scores ?? last.position.scores;
  return {
    variant: save.variant,
    hand: last.number + 1,
    hands: save.match.hands,
    scores: isScores(scores) ? scores : null,
    over: !!last.result && save.hands.length >= save.match.hands,
  };
}

/**
 * A slot's text as a save: {kept} or {problem, message}. Issue 15's `mahjong.save` held the
 * engine's save itself; it is read as a slot with no date. A save the engine could not be sent
 * (too large, too deep: engine.js encodeRequest) is a problem here, not when it is continued.
 * @param {string} key @param {string | null} text
 * @returns {{kept: Kept} | {problem: ReadProblem, message?: string}}
 */
export function readSlot(key, text) {
  let data;
  try {
    data = JSON.parse(text ?? "");
  } catch {
    return { problem: "corrupt" };
  }
  /** @type {any} */
  let record = data;
  if (key === OLD_SAVE_KEY && isObject(data) && data.kind !== RECORD) record = { link: "", at: null, behind: false, save: data };
  else if (!isObject(data) || data.kind !== RECORD) return { problem: "foreign" };
  if (typeof record.link !== "string" || record.link.length > 200 || typeof record.behind !== "boolean"
      || !(record.at === null || isWhole(record.at))) return { problem: "corrupt" };
  const problem = checkSave(record.save);
  if (problem) return { problem };
  try {
    encodeRequest("resume", { save: record.save });
  } catch (error) {
    return { problem: "tooBig", message: /** @type {Error} */ (error).message };
  }
  const { link, at, behind, save } = record;
  return { kept: { key, link, at, behind, save, summary: summarize(save), record: { link, at, behind, save }, text: String(text) } };
}

/**
 * Every kept match, newest first; the slots that cannot be read ({key, problem}); and the keys of
 * the saves another version of the game wrote (`other`: another build on the same site reads them,
 * so they are left as they are, neither offered nor set aside).
 * @returns {{saves: Kept[], bad: Array<{key: string, problem: ReadProblem, message?: string}>, other: string[]}}
 */
export function readSaves() {
  /** @type {Kept[]} */
  const saves = [];
  /** @type {Array<{key: string, problem: ReadProblem, message?: string}>} */
  const bad = [];
  /** @type {string[]} */
  const other = [];
  for (const key of keys()) {
    if (key !== OLD_SAVE_KEY && !key.startsWith(SLOT_PREFIX)) continue;
    const read = readSlot(key, get(key));
    if ("kept" in read) saves.push(read.kept);
    else if (read.problem === "old") other.push(key);
    else bad.push({ key, ...read });
  }
  saves.sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
  return { saves, bad, other };
}

// --- writing: one key a match; a failed write leaves the older save marked as older -----------

/** A new match's slot (nothing written until keepMatch). @returns {Slot} */
export function newSlot(link = "") {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, "0")}`;
  return { key: SLOT_PREFIX + id, link, last: null };
}

/**
 * The slot of a kept match, to go on keeping it there. Issue 15's one save (`mahjong.save`, which
 * held no record to tell another tab's writes from this one's) moves to a key of its own at its
 * first write: no two tabs ever write one key unguarded.
 * @param {Kept} kept @returns {Slot}
 */
export function slotOf(kept) {
  if (kept.key === OLD_SAVE_KEY) return { ...newSlot(kept.link), from: { key: kept.key, text: kept.text } };
  return { key: kept.key, link: kept.link, last: kept.record };
}

/** A record's text: `behind` before the save, so that marking it (false -> true) only shortens it. @param {Record} record */
function recordText(record) {
  return JSON.stringify({ kind: RECORD, link: record.link, at: record.at, behind: record.behind, save: record.save });
}

/**
 * Whether another page wrote `slot`'s key since this page last did (the same match continued in
 * another tab and played on there): this page's next save would write over those moves.
 * @param {Slot} slot
 */
function writtenElsewhere(slot) {
  if (!slot.last || slot.key === OLD_SAVE_KEY) return false; // issue 15's save held no record to compare
  const there = get(slot.key);
  return there !== null && there !== recordText(slot.last);
}

/**
 * Keep `save` in `slot`: null when written, else why not. When a write fails, the slot's older
 * save (if any) is marked `behind`, so that it is never offered as the latest; that write only
 * shortens the stored text, which even full storage accepts. When another tab wrote the slot's
 * key since (the match continued there), the slot moves to a key of its own first (`forked`).
 * @param {Slot} slot @param {any} save
 * @returns {WriteFailure | null}
 */
export function keepMatch(slot, save) {
  const from = slot.from;
  if (from && get(from.key) !== from.text) slot.forked = true; // continued in another tab first: moved or written there
  if (writtenElsewhere(slot)) {
    // the other tab's moves stay where they are; this tab's go on as a match of their own
    slot.key = newSlot(slot.link).key;
    slot.last = null;
    slot.forked = true;
  }
  /** @type {Record} */
  const record = { link: slot.link, at: Date.now(), behind: false, save };
  const text = recordText(record);
  /** @type {WriteFailure | null} */
  let why = null;
  if (text.length > CAPS.bytes) why = "size";
  else if (!slot.last && !from && get(slot.key) === null && openSlots() >= CAPS.saves) why = "full";
  else why = put(slot.key, text);
  if (!why) {
    slot.last = record;
    if (from) {
      // the old key's match now lives in its own key: the old key goes, unless another tab wrote it meanwhile
      if (get(from.key) === from.text) remove(from.key);
      slot.from = null;
    }
    return null;
  }
  if (slot.last && !slot.last.behind) {
    slot.last = { ...slot.last, behind: true };
    put(slot.key, recordText(slot.last));
  }
  return why;
}

/** How many unfinished matches are kept. */
function openSlots() {
  return readSaves().saves.filter((k) => !k.summary.over).length;
}

/** Forget a kept match (finished and kept in the history, or removed by the player). */
export function removeSlot(/** @type {string} */ key) {
  return remove(key);
}

/**
 * Move the value at `key` aside under its own key (kept for the player or a bug report). Returns
 * the new key, or null when it could not be moved: then it stays where it was, untouched. A move,
 * not a copy: the value's own room is freed first, so a save as large as what storage has left can
 * still be moved. Nothing older is removed here (pruneAside, once the pass is said).
 * @param {string} key
 * @returns {string | null}
 */
export function setAside(key) {
  const s = store();
  const text = get(key);
  if (!s || text === null) return null;
  let aside = ASIDE_PREFIX + Date.now();
  while (get(aside) !== null) aside = ASIDE_PREFIX + (Number(aside.slice(ASIDE_PREFIX.length)) + 1);
  if (!remove(key)) return null;
  if (put(aside, text) !== null) {
    put(key, text); // back where it was: its own room is free again
    return null;
  }
  return aside;
}

/**
 * The oldest set-aside saves beyond CAPS.aside removed, never one of `spared` (those a pass has
 * just set aside and said so: they stay until a later pass). Returns how many were removed.
 * @param {Iterable<string>} [spared]
 */
export function pruneAside(spared = []) {
  const keep = new Set(spared);
  const kept = keys().filter((k) => k.startsWith(ASIDE_PREFIX))
    .sort((a, b) => Number(a.slice(ASIDE_PREFIX.length)) - Number(b.slice(ASIDE_PREFIX.length)));
  let removed = 0;
  for (const old of kept.slice(0, Math.max(0, kept.length - CAPS.aside))) {
    if (!keep.has(old) && remove(old)) removed++;
  }
  return removed;
}

// --- the finished matches, for the viewer -------------------------------------------------------

/** The stored list of finished matches, as stored (an empty list when it is not one). @returns {any[]} */
function storedHistory() {
  try {
    const list = JSON.parse(get(HISTORY_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The finished matches kept for the viewer, newest first (what is not a replay's shape is skipped). */
export function history() {
  return storedHistory().filter((r) => checkSave(r) === null);
}

/** Keep a finished match for the viewer: newest first, at most CAPS.history of this version, within
 * the byte cap; another version's finished matches are kept as they are, after ours. @returns {WriteFailure | null} */
export function remember(/** @type {any} */ replay) {
  const list = [replay, ...history()].slice(0, CAPS.history);
  const others = storedHistory().filter((r) => checkSave(r) === "old").slice(0, CAPS.history);
  while (list.length > 1 && JSON.stringify([...list, ...others]).length > 4 * CAPS.bytes) list.pop();
  while (others.length && JSON.stringify([...list, ...others]).length > 4 * CAPS.bytes) others.pop();
  return put(HISTORY_KEY, JSON.stringify([...list, ...others]));
}

/** The newest match this browser keeps, in play or finished (the viewer's default), or null. */
export function newestMatch() {
  return readSaves().saves[0]?.save ?? history()[0] ?? null;
}
