// The player's record (web/keep/record.js, issue 55 item 1; issue 57 item 4): every line's fields checked
// against their ranges where read, a date that cannot be drawn kept as unknown, an import that never
// drops or changes a match kept and counts what it added, the matches under way counted from the
// saves, and no deal-in figure where the rules allow no discard win.
import test from "node:test";
import assert from "node:assert/strict";
import {
  readRecord, importRecord, addLine, readLine, figures, lineOf, underwayLines, newestFirst, rawRecord, RECORD_KEY, MOST, AHEAD,
} from "../../web/keep/record.js";

class MemoryStorage {
  constructor(quota = Infinity) { this.map = new Map(); this.quota = quota; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) {
    if (String(v).length > this.quota) { const e = new Error("quota"); e.name = "QuotaExceededError"; throw e; }
    this.map.set(k, String(v));
  }
  removeItem(k) { this.map.delete(k); }
}

const NOW = Date.UTC(2026, 11, 7);
const DAY = 86_400_000;
const line = (i, over = {}) => ({ variant: "longyan", at: NOW - (1000 - i) * DAY / 10, hands: 8, score: i % 40 - 20, place: 1 + (i % 4), wins: i % 3, dealtIn: i % 2, ...over });
const file = (lines) => JSON.stringify({ kind: "mahjong-record", version: 1, lines });
const stored = (s) => JSON.parse(s.getItem(RECORD_KEY));

test("a date past the Date range (8640000000000001, 1e300) is imported as unknown, and the record reads and draws", () => {
  const s = new MemoryStorage();
  const r = importRecord(s, file([line(1, { at: 8640000000000001 }), line(2, { at: 1e300 }), line(3, { at: -1e300 }), line(4, { at: "x" })]), NOW);
  assert.deepEqual([r.added, r.undated, r.bad, r.kept], [4, 4, 0, true]);
  const lines = readRecord(s, NOW);
  assert.equal(lines.length, 4);
  for (const l of lines) {
    assert.equal(l.at, null);
  }
  // what reaches storage is only what can be drawn: no out-of-range date is stored
  assert.ok(stored(s).every((l) => l.at === null));
  // a record written by an older page, holding such dates, reads as unknown dates too (the old page threw on it)
  s.setItem(RECORD_KEY, JSON.stringify([line(5, { at: 8640000000000001 }), line(6, { at: 1e300 }), line(7)]));
  const read = readRecord(s, NOW);
  assert.deepEqual(read.map((l) => l.at), [null, null, line(7).at]);
  for (const l of read) if (l.at !== null) new Intl.DateTimeFormat("en", { dateStyle: "short" }).format(new Date(l.at));
});

test("a date more than a day ahead is unknown; within a day it is kept", () => {
  assert.equal(readLine(line(1, { at: NOW + AHEAD + 1 }), NOW).at, null);
  assert.equal(readLine(line(1, { at: NOW + AHEAD - 1 }), NOW).at, NOW + AHEAD - 1);
  assert.equal(readLine(line(1, { at: Date.UTC(2100, 0, 1) }), NOW).at, null);
});

test("each field is checked against its range: a line that cannot be shown is left out and counted", () => {
  const bad = [
    line(1, { hands: 0 }), line(1, { hands: 1e300 }), line(1, { hands: 2.5 }), line(1, { place: 5 }), line(1, { place: 0 }),
    line(1, { score: 1e300 }), line(1, { score: NaN }), line(1, { score: "3" }), line(1, { wins: -1 }), line(1, { wins: 9 }),
    line(1, { dealtIn: 9 }), line(1, { wins: 5, dealtIn: 4 }), line(1, { variant: "" }), line(1, { variant: "x".repeat(41) }),
    line(1, { variant: 7 }), null, 3, "line", [line(1)],
  ];
  const s = new MemoryStorage();
  const r = importRecord(s, file([...bad, line(2)]), NOW);
  assert.deepEqual([r.added, r.bad], [1, bad.length]);
  assert.deepEqual(stored(s), [line(2)]);
});

test("2,500 lines dated 2100 over 5 kept matches: the 5 stay, and 'added' counts what was added", () => {
  const s = new MemoryStorage();
  const kept = [0, 1, 2, 3, 4].map((i) => line(i, { variant: "xinyu", dealtIn: null }));
  s.setItem(RECORD_KEY, JSON.stringify(kept));
  const future = Array.from({ length: 2500 }, (_, i) => line(i, { at: Date.UTC(2100, 0, 1) + i * 60_000 }));
  const r = importRecord(s, file(future), NOW);
  const after = stored(s);
  assert.deepEqual(after.slice(0, 5), kept, "the matches kept are where they were, unchanged");
  assert.equal(r.added, after.length - 5);
  assert.equal(r.added, 2500);
  assert.equal(r.undated, 2500);
  assert.equal(readRecord(s, NOW).length, 2505);
});

test("past the cap, the import adds what fits and says how many it left; the kept are never dropped", () => {
  const s = new MemoryStorage();
  const kept = Array.from({ length: MOST - 10 }, (_, i) => line(i, { score: i % 1000 }));
  s.setItem(RECORD_KEY, JSON.stringify(kept));
  const more = Array.from({ length: 25 }, (_, i) => line(i, { variant: "xinyu", at: NOW - i * 1000 }));
  const r = importRecord(s, file(more), NOW);
  assert.deepEqual([r.added, r.full], [10, 15]);
  const after = stored(s);
  assert.equal(after.length, MOST);
  assert.deepEqual(after.slice(0, kept.length), kept);
  // the newest of the file are the ones added
  assert.deepEqual(after.slice(kept.length).map((l) => l.at).sort(), more.slice(0, 10).map((l) => l.at).sort());
  // a match played at the cap is still added
  assert.ok(addLine(s, line(3, { at: NOW })));
  assert.equal(stored(s).length, MOST + 1);
});

test("importing a file exported here adds nothing; the same match twice in a file is added as often as it is there", () => {
  const s = new MemoryStorage();
  const lines = [line(1), line(2), line(2), line(3, { at: null })];
  assert.equal(importRecord(s, file(lines), NOW).added, 4);
  const again = importRecord(s, file(readRecord(s, NOW)), NOW);
  assert.deepEqual([again.added, again.known], [0, 4]);
  const third = importRecord(s, file([line(2), line(2), line(2)]), NOW);
  assert.deepEqual([third.added, third.known], [1, 2]);
});

test("an entry this page cannot read stays stored through an import and a match played", () => {
  const s = new MemoryStorage();
  const newer = { variant: "longyan", at: NOW, hands: 8, score: 1, place: 1, wins: 1, dealtIn: 0, extra: [1] };
  const strange = { kind: "a newer page's entry" };
  s.setItem(RECORD_KEY, JSON.stringify([strange, newer]));
  importRecord(s, file([line(1)]), NOW);
  addLine(s, line(2));
  const after = stored(s);
  assert.deepEqual(after.slice(0, 2), [strange, newer]);
  assert.equal(readRecord(s, NOW).length, 3);
});

test("a record that is not a list is set aside before anything is written, and its text can be exported", () => {
  const s = new MemoryStorage();
  s.setItem(RECORD_KEY, "{not json");
  assert.equal(rawRecord(s), "{not json");
  assert.deepEqual(readRecord(s), []);
  assert.equal(s.getItem("mahjong.record.unread"), "{not json");
  assert.equal(rawRecord(s), "{not json");
  assert.ok(addLine(s, line(1)));
  assert.equal(s.getItem("mahjong.record.unread"), "{not json");
});

test("a full storage: nothing added, said so, the kept unchanged", () => {
  const s = new MemoryStorage();
  s.setItem(RECORD_KEY, JSON.stringify([line(1)]));
  s.quota = 10;
  const r = importRecord(s, file([line(2)]), NOW);
  assert.deepEqual([r.added, r.kept], [0, false]);
  assert.deepEqual(stored(s), [line(1)]);
});

test("an import is linear: 20,000 lines into 10 kept read and merged (checked by count, timed in bench/record_import.mjs)", () => {
  const s = new MemoryStorage();
  s.setItem(RECORD_KEY, JSON.stringify(Array.from({ length: 10 }, (_, i) => line(i, { variant: "xinyu" }))));
  const many = Array.from({ length: 20000 }, (_, i) => line(i, { at: NOW - i * 1000, score: i % 1000 }));
  const r = importRecord(s, file(many), NOW);
  assert.deepEqual([r.added, r.full], [MOST - 10, 20000 - (MOST - 10)]);
});

test("Xinyu's lines carry no deal-in when the engine says no discard may win: no figure for it", () => {
  const state = (variant, discardWins) => ({
    variant, seat: 0, scores: [5, 1, -3, -3], result: { scores: [5, 1, -3, -3] },
    match: { hands: 2, discard_wins: discardWins, results: [{ winners: [0], discarder: null }, { winners: [1], discarder: 0 }] },
  });
  const xinyu = lineOf(state("xinyu", false), NOW);
  assert.equal(xinyu.dealtIn, null);
  const longyan = lineOf(state("longyan", true), NOW);
  assert.equal(longyan.dealtIn, 1);
  const lines = [xinyu, longyan];
  assert.equal(figures(lines, "xinyu").dealtIn, null);
  assert.deepEqual([figures(lines, "longyan").dealtIn, figures(lines, "longyan").dealtHands], [1, 2]);
  // stored and read back as such
  const s = new MemoryStorage();
  addLine(s, xinyu);
  assert.equal(readRecord(s, NOW)[0].dealtIn, null);
});

test("a match under way counts its finished hands, wins and score, marked under way", () => {
  const save = (over) => ({
    at: NOW - 5000, summary: { over, scores: [9, -3, -3, -3] },
    save: { variant: "xinyu", match: { hands: 8, human: 0 }, hands: [
      { number: 0, result: { winners: [0], scores: [6, -2, -2, -2] } },
      { number: 1, result: { winners: [2], scores: [4, -4, 4, -4] } },
      { number: 2, result: { winners: [0], scores: [9, -3, -3, -3] } },
      { number: 3, result: null }] },
  });
  const [under] = underwayLines([save(false)], NOW);
  assert.deepEqual(under, { variant: "xinyu", at: NOW - 5000, hands: 3, score: 9, place: 1, wins: 2, dealtIn: null, underway: true });
  assert.deepEqual(underwayLines([save(true)], NOW), []);
  const bots = save(false);
  bots.save.match.autoplay = true;
  assert.deepEqual(underwayLines([bots], NOW), []);
  const finished = line(1, { variant: "xinyu", hands: 1, wins: 1, dealtIn: null, score: 4, place: 1 });
  const f = figures([under, finished], "xinyu");
  assert.deepEqual(f, { matches: 1, underway: 1, hands: 4, wins: 3, dealtIn: null, dealtHands: 0, firsts: 1, average: 4 });
});

test("newest first, unknown dates last", () => {
  const a = line(1, { at: 10 }), b = line(2, { at: null }), c = line(3, { at: 30 });
  assert.deepEqual(newestFirst([a, b, c]), [c, a, b]);
});
