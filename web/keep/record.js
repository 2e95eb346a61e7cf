// The player's record (issues 48, 55): one line per match played to its end in this browser, kept in
// its storage like the saves and sent nowhere: the rule set, when, its length, the player's final
// score and place, the hands they won and those they dealt into. A few figures per rule set are
// read from it (matches, hands, win and deal-in rates, average score, first places), with the hands
// of the matches still under way (read from the saves) counted and marked. The record only grows:
// what is kept is never rewritten without it, an entry this page cannot read stays as it is, and a
// stored record this page cannot parse is set aside under its own key, never overwritten. Every
// field is checked against its range where it is read, so a line that could not be drawn (a date
// past the browser's `Date` range) is never drawn: its date is unknown.

export const RECORD_KEY = "mahjong.record";
const ASIDE_KEY = "mahjong.record.unread";
/** An import adds lines until the record holds this many (said before importing); a match played is always added. */
export const MOST = 10000;
/** The latest `at` a line may carry: a day ahead of this browser's clock (another device's clock may run ahead). */
export const AHEAD = 86_400_000;
const DATE_RANGE = 8.64e15; // ECMAScript's Date range, in ms either side of 1970
const MOST_HANDS = 1000; // a match's hands (a dealer who keeps winning deals again)
const MOST_SCORE = 1e9;

/**
 * `at`: when the match ended (ms), or null when unknown; `dealtIn`: null when the rules allowed no
 * discard win (Xinyu is self-draw only) or it is not known (a match under way); `underway`: a match
 * still being played (from its save), never stored.
 * @typedef {{variant: string, at: number | null, hands: number, score: number, place: number, wins: number, dealtIn: number | null, underway?: boolean}} Line
 * @typedef {{matches: number, underway: number, hands: number, wins: number, dealtIn: number | null, dealtHands: number, firsts: number, average: number}} Figures
 */

const whole = (/** @type {unknown} */ v, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  Number.isSafeInteger(v) && /** @type {number} */ (v) >= min && /** @type {number} */ (v) <= max;

/** A date the browser can draw and that is not ahead of its clock by more than AHEAD, else null. @param {unknown} at */
export function dateOf(at, now = Date.now()) {
  return typeof at === "number" && Number.isFinite(at) && Math.abs(at) <= DATE_RANGE && at <= now + AHEAD
    && !Number.isNaN(new Date(at).getTime()) ? at : null;
}

/**
 * A stored or imported entry as a line, each field checked against its range (a fresh object with
 * the line's fields only); null for an entry that is not a match's line. A date out of range is unknown.
 * @param {any} x @returns {Line | null}
 */
export function readLine(x, now = Date.now()) {
  if (!x || typeof x !== "object" || Array.isArray(x)) return null;
  const { variant, hands, score, place, wins } = x;
  const dealtIn = x.dealtIn ?? null;
  if (typeof variant !== "string" || !variant.length || variant.length > 40) return null; // a rule set's name, whichever
  if (!whole(hands, 1, MOST_HANDS) || !whole(place, 1, 4) || !whole(wins, 0, hands)) return null;
  if (!Number.isSafeInteger(score) || Math.abs(score) > MOST_SCORE) return null;
  if (dealtIn !== null && !whole(dealtIn, 0, hands - wins)) return null;
  return { variant, at: dateOf(x.at, now), hands, score, place, wins, dealtIn };
}

/**
 * The stored entries as they are ([] for none); null when storage is refused, or when what is stored
 * is not a list and could not be set aside (it stays, unread and never written over).
 * @param {Storage | null} storage
 */
function readStored(storage) {
  let text = null;
  try {
    text = storage?.getItem(RECORD_KEY) ?? null;
  } catch {
    return null;
  }
  if (!text) return [];
  try {
    const entries = JSON.parse(text);
    if (Array.isArray(entries)) return entries;
  } catch {
    // below
  }
  try {
    if (!storage?.getItem(ASIDE_KEY)) storage?.setItem(ASIDE_KEY, text);
    if (storage?.getItem(ASIDE_KEY) === text) {
      storage?.removeItem(RECORD_KEY); // removed only once kept aside
      return [];
    }
  } catch {
    // full: it stays where it is, unread
  }
  return null;
}

/** The lines kept, in the order they were added (entries this page cannot read left out). @param {Storage | null} storage @returns {Line[]} */
export function readRecord(storage, now = Date.now()) {
  const out = [];
  for (const entry of readStored(storage) ?? []) {
    const line = readLine(entry, now);
    if (line) out.push(line);
  }
  return out;
}

/** The record as stored, as text (for a record this page cannot draw: exported as it is), or "". @param {Storage | null} storage */
export function rawRecord(storage) {
  try {
    return storage?.getItem(RECORD_KEY) || storage?.getItem(ASIDE_KEY) || "";
  } catch {
    return "";
  }
}

/**
 * A finished match's line, from its state (or a match's so far): the player's seat, score and
 * place (equal scores share one), the hands they won and those whose winning tile they discarded
 * (null when the rules allow no discard win: the engine's `match.discard_wins`).
 * @param {any} state
 * @returns {Line}
 */
export function lineOf(state, at = Date.now()) {
  const me = state.seat ?? state.human ?? 0;
  const scores = state.result?.scores ?? state.scores;
  const results = state.match.results ?? [];
  const discards = state.match.discard_wins !== false;
  return {
    variant: state.variant, at, hands: results.length || state.match.hands, score: scores[me],
    place: 1 + scores.filter((/** @type {number} */ x) => x > scores[me]).length,
    wins: results.filter((/** @type {any} */ r) => r.winners?.includes(me)).length,
    dealtIn: discards ? results.filter((/** @type {any} */ r) => r.winners?.length && r.discarder === me && !r.winners.includes(me)).length : null,
  };
}

/** Add a line, keeping every entry stored (false when the browser would not keep it). @param {Storage | null} storage @param {Line} line */
export function addLine(storage, line) {
  const fresh = readLine(line);
  const kept = readStored(storage);
  if (!storage || !fresh || kept === null) return false;
  try {
    storage.setItem(RECORD_KEY, JSON.stringify([...kept, fresh]));
    return true;
  } catch {
    return false;
  }
}

/**
 * The matches under way, as lines marked `underway`, from the saves (saves.js readSaves().saves):
 * the hands finished so far, the player's score now (every payment of those hands in it) and place,
 * the hands they won. Matches the bots play alone, and matches with no hand finished, are left out.
 * @param {Array<{at: number | null, summary: {over: boolean, scores: number[] | null}, save: any}>} saves
 * @returns {Line[]}
 */
export function underwayLines(saves, now = Date.now()) {
  const out = [];
  for (const kept of saves) {
    const save = kept.save;
    if (kept.summary.over || save.match?.autoplay) continue;
    const me = whole(save.match?.human, 0, 3) ? save.match.human : 0;
    const done = save.hands.filter((/** @type {any} */ h) => h.result);
    const scores = kept.summary.scores;
    if (!done.length || !scores) continue;
    const line = readLine({
      variant: save.variant, at: kept.at, hands: done.length, score: scores[me],
      place: 1 + scores.filter((x) => x > scores[me]).length,
      wins: done.filter((/** @type {any} */ h) => Array.isArray(h.result.winners) && h.result.winners.includes(me)).length,
      dealtIn: null, // a save keeps who won and what each paid, not who discarded
    }, now);
    if (line) out.push({ ...line, underway: true });
  }
  return out;
}

/**
 * The figures of one rule set's lines: matches finished (and under way), hands, wins, deal-ins
 * (null when no line's rules allowed a discard win; `dealtHands` the hands it is known for), first
 * places and the average final score (finished matches only).
 * @param {Line[]} lines @param {string} variant @returns {Figures}
 */
export function figures(lines, variant) {
  let matches = 0, underway = 0, hands = 0, wins = 0, dealt = 0, dealtHands = 0, firsts = 0, total = 0, known = false;
  for (const l of lines) {
    if (l.variant !== variant) continue;
    hands += l.hands;
    wins += l.wins;
    if (l.dealtIn !== null) {
      known = true;
      dealt += l.dealtIn;
      dealtHands += l.hands;
    }
    if (l.underway) {
      underway += 1;
      continue;
    }
    matches += 1;
    total += l.score;
    if (l.place === 1) firsts += 1;
  }
  return { matches, underway, hands, wins, dealtIn: known ? dealt : null, dealtHands, firsts, average: matches ? total / matches : 0 };
}

/** Newest first, those of unknown date last (each group in the order kept). @param {Line[]} lines */
export function newestFirst(lines) {
  return lines.map((l, i) => ({ l, i })).sort((a, b) => ((b.l.at ?? -Infinity) - (a.l.at ?? -Infinity)) || b.i - a.i).map((x) => x.l);
}

/** What a record file is: its kind and version (a file this page wrote, whatever its name). */
export const RECORD_FILE = { kind: "mahjong-record", version: 1 };

/** The record as a file's content: every line kept, in order. @param {Line[]} lines */
export function recordFile(lines) {
  return { ...RECORD_FILE, lines };
}

/** A record file this page cannot read: `code` names why (record.bad.* in the catalogs). */
export class RecordFileError extends Error {
  /** @param {"json" | "kind" | "version" | "empty"} code */
  constructor(code) {
    super(`not a record file: ${code}`);
    this.code = code;
  }
}

/** A line's fields as one key: the same match's line twice (an import of a file exported here) is one match. @param {Line} l */
const keyOf = (l) => JSON.stringify([l.variant, l.at, l.hands, l.score, l.place, l.wins, l.dealtIn]);

/**
 * Read a record file's text into the lines kept: its lines are checked one by one (an entry that is
 * not a match's line is counted and left out; a date out of range kept as unknown); a line the
 * record already holds as often as the file does is known, not added (of unknown date, one equal in
 * every other field); the others are added after
 * what is kept, newest first while the record holds fewer than MOST (the rest counted as `full`).
 * Nothing kept is changed or dropped. Throws RecordFileError for a file that is no record at all.
 * @param {Storage | null} storage @param {string} text
 * @returns {{added: number, known: number, bad: number, full: number, undated: number, kept: boolean}}
 */
export function importRecord(storage, text, now = Date.now()) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RecordFileError("json");
  }
  const isList = Array.isArray(data);
  if (!isList && (!data || typeof data !== "object" || data.kind !== RECORD_FILE.kind)) throw new RecordFileError("kind");
  if (!isList && data.version !== RECORD_FILE.version) throw new RecordFileError("version");
  const entries = isList ? data : data.lines;
  if (!Array.isArray(entries) || !entries.length) throw new RecordFileError("empty");
  const stored = readStored(storage);
  // no storage, or a record this page cannot parse and could not set aside: nothing is written over it
  if (stored === null) return { added: 0, known: 0, bad: 0, full: 0, undated: 0, kept: false };
  /** @type {Map<string, number>} how many times each line is kept */
  const counts = new Map();
  for (const entry of stored) {
    const line = readLine(entry, now);
    if (line) counts.set(keyOf(line), (counts.get(keyOf(line)) ?? 0) + 1);
  }
  let bad = 0, known = 0, undated = 0;
  /** @type {Line[]} */
  const fresh = [];
  for (const entry of entries) {
    const line = readLine(entry, now);
    if (!line) {
      bad += 1;
      continue;
    }
    const key = keyOf(line);
    const left = counts.get(key) ?? 0;
    if (left > 0) {
      counts.set(key, left - 1);
      known += 1;
      continue;
    }
    if (line.at === null) undated += 1;
    fresh.push(line);
  }
  const room = Math.max(0, MOST - stored.length);
  const added = newestFirst(fresh).slice(0, room).reverse();
  const full = fresh.length - added.length;
  let written = !added.length;
  if (added.length && storage) {
    try {
      storage.setItem(RECORD_KEY, JSON.stringify([...stored, ...added]));
      written = true;
    } catch {
      written = false;
    }
  }
  return { added: written ? added.length : 0, known, bad, full: written ? full : 0, undated: written ? undated : 0, kept: written };
}
