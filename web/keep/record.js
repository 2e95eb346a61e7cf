// The player's record (issue 48): one line per match played to its end in this browser, kept in
// its storage like the saves and sent nowhere: the rule set, when, its length, the player's final
// score and place, the hands they won and those they dealt into. A few figures per rule set are
// read from it (matches, hands, win and deal-in rates, average score, first places). A stored
// record this page cannot read is set aside under its own key, never overwritten.

export const RECORD_KEY = "mahjong.record";
const ASIDE_KEY = "mahjong.record.unread";
const MOST = 2000; // lines kept (the oldest go first): years of play in a few hundred kilobytes

/**
 * @typedef {{variant: string, at: number, hands: number, score: number, place: number, wins: number, dealtIn: number}} Line
 * @typedef {{matches: number, hands: number, wins: number, dealtIn: number, firsts: number, average: number}} Figures
 */

/** @param {any} x @returns {x is Line} */
function isLine(x) {
  const name = x?.variant; // a rule set's name, whichever (the page names none)
  return !!x && typeof x === "object" && typeof name === "string" && name.length < 40
    && [x.at, x.hands, x.score, x.place, x.wins, x.dealtIn].every(Number.isFinite)
    && x.hands >= 1 && x.place >= 1 && x.place <= 4 && x.wins >= 0 && x.dealtIn >= 0 && x.wins + x.dealtIn <= x.hands;
}

/** The lines kept, in order (an unreadable record set aside, once). @param {Storage | null} storage @returns {Line[]} */
export function readRecord(storage) {
  let text = null;
  try {
    text = storage?.getItem(RECORD_KEY) ?? null;
  } catch {
    return [];
  }
  if (!text) return [];
  try {
    const lines = JSON.parse(text);
    if (Array.isArray(lines)) return lines.filter(isLine);
  } catch {
    // below
  }
  try {
    if (!storage?.getItem(ASIDE_KEY)) storage?.setItem(ASIDE_KEY, text);
    storage?.removeItem(RECORD_KEY);
  } catch {
    // full: it stays where it is, unread
  }
  return [];
}

/**
 * A finished match's line, from its state: the player's seat, final score and place (equal scores
 * share one), the hands they won and those whose winning tile they discarded.
 * @param {any} state
 * @returns {Line}
 */
export function lineOf(state, at = Date.now()) {
  const me = state.seat ?? state.human ?? 0;
  const scores = state.result.scores;
  const results = state.match.results ?? [];
  return {
    variant: state.variant, at, hands: results.length || state.match.hands, score: scores[me],
    place: 1 + scores.filter((x) => x > scores[me]).length,
    wins: results.filter((r) => r.winners?.includes(me)).length,
    dealtIn: results.filter((r) => r.winners?.length && r.discarder === me && !r.winners.includes(me)).length,
  };
}

/** Add a line (false when the browser would not keep it). @param {Storage | null} storage @param {Line} line */
export function addLine(storage, line) {
  if (!storage) return false;
  const lines = [...readRecord(storage), line].slice(-MOST);
  try {
    storage.setItem(RECORD_KEY, JSON.stringify(lines));
    return true;
  } catch {
    return false;
  }
}

/** The figures of one rule set's lines. @param {Line[]} lines @param {string} variant @returns {Figures} */
export function figures(lines, variant) {
  const mine = lines.filter((l) => l.variant === variant);
  const sum = (/** @type {(l: Line) => number} */ f) => mine.reduce((a, l) => a + f(l), 0);
  return {
    matches: mine.length, hands: sum((l) => l.hands), wins: sum((l) => l.wins), dealtIn: sum((l) => l.dealtIn),
    firsts: mine.filter((l) => l.place === 1).length, average: mine.length ? sum((l) => l.score) / mine.length : 0,
  };
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

/** The same match's line twice (an import of a file exported here): one is kept. @param {Line} a @param {Line} b */
const sameLine = (a, b) => ["variant", "at", "hands", "score", "place", "wins", "dealtIn"].every((k) => a[k] === b[k]);

/**
 * Read a record file's text into the lines kept: the lines it adds are merged in by date, lines
 * already kept stay as they are (nothing is lost), lines that are not a match's line are counted
 * and left out. Throws RecordFileError for a file that is no record at all.
 * @param {Storage | null} storage @param {string} text
 * @returns {{added: number, known: number, bad: number, kept: boolean}}
 */
export function importRecord(storage, text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RecordFileError("json");
  }
  const lines = Array.isArray(data) ? data : data && typeof data === "object" && data.kind === RECORD_FILE.kind ? data.lines : null;
  if (!Array.isArray(data) && data?.kind !== RECORD_FILE.kind) throw new RecordFileError("kind");
  if (!Array.isArray(data) && data.version !== RECORD_FILE.version) throw new RecordFileError("version");
  if (!Array.isArray(lines) || !lines.length) throw new RecordFileError("empty");
  const good = lines.filter(isLine);
  const kept = readRecord(storage);
  const fresh = good.filter((line, i) => !kept.some((k) => sameLine(k, line)) && good.findIndex((g) => sameLine(g, line)) === i);
  const known = good.length - fresh.length;
  const all = [...kept, ...fresh.map((l) => ({ variant: l.variant, at: l.at, hands: l.hands, score: l.score, place: l.place, wins: l.wins, dealtIn: l.dealtIn }))]
    .sort((a, b) => a.at - b.at).slice(-MOST);
  let written = !fresh.length;
  if (fresh.length && storage) {
    try {
      storage.setItem(RECORD_KEY, JSON.stringify(all));
      written = true;
    } catch {
      written = false;
    }
  }
  return { added: written ? fresh.length : 0, known, bad: lines.length - good.length, kept: written };
}
