// What the browser keeps between visits (issue 15): the match in progress (a replay of it from the
// engine's `save`, written after every action), saves that could not be resumed (set aside under
// their own keys, never destroyed by a new match), and the last finished matches for the replay
// viewer. Every list has a cap and drops its oldest: storage never grows without bound.

export const SAVE_KEY = "mahjong.save";
export const ASIDE_PREFIX = "mahjong.save.aside."; // + the time it was set aside
export const HISTORY_KEY = "mahjong.history";
export const FORMAT = "mahjong-replay";
export const FORMAT_VERSION = 1;
export const CAPS = { aside: 3, history: 5, bytes: 1_000_000 };

function store() {
  try {
    return window.localStorage; // may throw in a sandboxed iframe
  } catch {
    return null;
  }
}

function setItem(key, value) {
  try {
    store()?.setItem(key, value);
    return true;
  } catch {
    return false; // full or blocked: the game goes on unsaved
  }
}

/** Keep the match in progress; a save over the byte cap is not kept (the older one is removed). */
export function writeSave(save) {
  const text = JSON.stringify(save);
  if (text.length > CAPS.bytes) {
    clearSave();
    return false;
  }
  return setItem(SAVE_KEY, text);
}

export function clearSave() {
  try {
    store()?.removeItem(SAVE_KEY);
  } catch {
    // blocked storage: nothing kept, nothing to clear
  }
}

/** The stored save: null when none, {save} when it looks like one, {problem} ("corrupt" | "foreign" | "old") when not. */
export function readSave() {
  let text = null;
  try {
    text = store()?.getItem(SAVE_KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  let save;
  try {
    save = JSON.parse(text);
  } catch {
    return { problem: "corrupt", text };
  }
  if (!save || typeof save !== "object" || save.format !== FORMAT) return { problem: "foreign", text };
  if (save.version !== FORMAT_VERSION) return { problem: "old", text };
  if (!Array.isArray(save.hands) || !save.hands.length || !save.match) return { problem: "corrupt", text };
  return { save, text };
}

/** Move the stored save aside under its own key (kept for the player or a bug report); the oldest beyond the cap go. */
export function setAside(text) {
  const s = store();
  if (!s) return null;
  const key = ASIDE_PREFIX + Date.now();
  setItem(key, text ?? s.getItem(SAVE_KEY) ?? "");
  clearSave();
  const aside = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k && k.startsWith(ASIDE_PREFIX)) aside.push(k);
  }
  aside.sort((a, b) => Number(a.slice(ASIDE_PREFIX.length)) - Number(b.slice(ASIDE_PREFIX.length)));
  for (const old of aside.slice(0, Math.max(0, aside.length - CAPS.aside))) s.removeItem(old);
  return key;
}

/** The finished matches kept for the viewer, newest first. */
export function history() {
  try {
    const list = JSON.parse(store()?.getItem(HISTORY_KEY) || "[]");
    return Array.isArray(list) ? list.filter((r) => r && r.format === FORMAT) : [];
  } catch {
    return [];
  }
}

/** Keep a finished match for the viewer: newest first, at most CAPS.history, within the byte cap. */
export function remember(replay) {
  const list = [replay, ...history()].slice(0, CAPS.history);
  while (list.length > 1 && JSON.stringify(list).length > CAPS.bytes) list.pop();
  setItem(HISTORY_KEY, JSON.stringify(list));
}
