// What the browser keeps (web/keep/saves.js, issue 33): one key a match, a failed write that leaves
// the older save marked as older, a save moved aside only when the move is written, and a seeded
// fuzz of stored slots (Chromium has its own, tests/browser/test_fuzz_pages.py; here by the hundred).
import test from "node:test";
import assert from "node:assert/strict";

/** A Storage with a quota in characters (keys and values), as Chromium counts it (5,242,880). */
class QuotaStorage {
  constructor(quota = 5_242_880) {
    this.quota = quota;
    this.map = new Map();
  }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  used() { let n = 0; for (const [k, v] of this.map) n += k.length + v.length; return n; }
  setItem(k, v) {
    v = String(v);
    const old = this.map.has(k) ? k.length + this.map.get(k).length : 0;
    if (k.length + v.length > old && this.used() - old + k.length + v.length > this.quota) {
      const error = new Error("quota");
      error.name = "QuotaExceededError";
      throw error;
    }
    this.map.set(k, v);
  }
  removeItem(k) { this.map.delete(k); }
  clear() { this.map.clear(); }
  fill() { // to the last character
    let n = 0;
    for (let size = 1 << 20; size >= 1;) {
      try { this.setItem(`junk.${n}`, "x".repeat(size)); n++; } catch { size >>= 1; }
    }
  }
}

let storage = new QuotaStorage();
globalThis.window = { get localStorage() { return storage; } };
const saves = await import("../../web/keep/saves.js");
const { keepMatch, newSlot, readSaves, setAside, pruneAside, readSlot, checkSave, slotOf, SLOT_PREFIX, OLD_SAVE_KEY, ASIDE_PREFIX, CAPS } = saves;

/** A save of the engine's shape: `actions` moves into hand 1 of 8. */
function save(actions = 3, variant = "xinyu") {
  return {
    format: "mahjong-replay", version: 1, engine: "0.1.0", variant, options: {},
    match: { hands: 8, seed: 7, human: 0, level: "normal", autoplay: false },
    hands: [{ number: 0, position: { scores: [0, 0, 0, 0], dealer: 0 }, actions: Array.from({ length: actions }, () => [0, "discard 1m"]), result: null }],
  };
}

test("each match has its own key: a second match replaces nothing", () => {
  storage = new QuotaStorage();
  const a = newSlot("");
  const b = newSlot("seed=7");
  assert.notEqual(a.key, b.key);
  assert.equal(keepMatch(a, save(2)), null);
  assert.equal(keepMatch(b, save(5, "longyan")), null);
  assert.equal(keepMatch(a, save(3)), null);
  const { saves: kept, bad } = readSaves();
  assert.deepEqual(bad, []);
  assert.deepEqual(kept.map((k) => [k.key, k.link, k.summary.variant, k.save.hands[0].actions.length]).sort(),
    [[a.key, "", "xinyu", 3], [b.key, "seed=7", "longyan", 5]].sort());
});

test("a write that storage refuses says why, and leaves the older save marked as older", () => {
  storage = new QuotaStorage();
  const slot = newSlot("");
  assert.equal(keepMatch(slot, save(2)), null);
  storage.fill();
  assert.equal(keepMatch(slot, save(9)), "quota");
  const [kept] = readSaves().saves;
  assert.equal(kept.behind, true);                       // never offered as the latest
  assert.equal(kept.save.hands[0].actions.length, 2);
  assert.equal(keepMatch(newSlot(""), save(1)), "quota"); // a match started with storage full: said, not silent
  storage.removeItem("junk.0");
  assert.equal(keepMatch(slot, save(10)), null);         // room again: the latest, no longer behind
  assert.equal(readSaves().saves[0].behind, false);
});

test("a match resumed from an earlier visit is marked older too when its next write fails", () => {
  storage = new QuotaStorage();
  assert.equal(keepMatch(newSlot(""), save(4)), null);
  const slot = slotOf(readSaves().saves[0]);              // the next visit goes on in the same key
  storage.fill();
  assert.equal(keepMatch(slot, save(6)), "quota");
  assert.equal(readSaves().saves[0].behind, true);
});

test("a match continued in two tabs: the second tab's moves stay, the first tab's go on under a key of their own", () => {
  storage = new QuotaStorage();
  const first = newSlot("seed=4");
  assert.equal(keepMatch(first, save(2)), null);
  const second = slotOf(readSaves().saves[0]);           // another tab continues it
  assert.equal(keepMatch(second, save(5)), null);
  assert.equal(keepMatch(second, save(6)), null);
  assert.equal(second.forked, undefined);                // its own writes are no one else's
  const before = first.key;
  assert.equal(keepMatch(first, save(3)), null);         // back in the first tab
  assert.equal(first.forked, true);
  assert.notEqual(first.key, before);
  assert.equal(first.link, "seed=4");
  const kept = Object.fromEntries(readSaves().saves.map((k) => [k.key, k.save.hands[0].actions.length]));
  assert.deepEqual(kept, { [before]: 6, [first.key]: 3 });
  assert.equal(keepMatch(first, save(4)), null);         // and goes on there, quietly
  assert.equal(keepMatch(second, save(7)), null);
  assert.deepEqual(Object.keys(Object.fromEntries(readSaves().saves.map((k) => [k.key, 1]))).sort(), [before, first.key].sort());
});

test("no storage at all is 'blocked'; a save too large to send back is 'size'; a ninth match is 'full'", () => {
  storage = null;
  globalThis.window = { get localStorage() { throw new Error("SecurityError"); } };
  assert.equal(keepMatch(newSlot(""), save(1)), "blocked");
  assert.deepEqual(readSaves(), { saves: [], bad: [], other: [] });
  globalThis.window = { get localStorage() { return storage; } };
  storage = new QuotaStorage();
  const big = save(1);
  big.hands[0].position.padding = "x".repeat(CAPS.bytes);
  assert.equal(keepMatch(newSlot(""), big), "size");
  for (let i = 0; i < CAPS.saves; i++) assert.equal(keepMatch(newSlot(""), save(1)), null);
  assert.equal(keepMatch(newSlot(""), save(1)), "full");
  assert.equal(readSaves().saves.length, CAPS.saves);
});

test("a save is moved aside only when the move is written; else it stays where it was", () => {
  storage = new QuotaStorage();
  const text = `{"kind": "mahjong-save", broken${"x".repeat(4_000_000)}`;
  storage.setItem(OLD_SAVE_KEY, text);
  storage.fill();
  assert.equal(setAside(OLD_SAVE_KEY), null);
  assert.equal(storage.getItem(OLD_SAVE_KEY), text);       // nothing lost
  for (const k of [...storage.map.keys()].filter((k) => k.startsWith("junk."))) storage.removeItem(k);
  const aside = setAside(OLD_SAVE_KEY);
  assert.ok(aside?.startsWith(ASIDE_PREFIX));
  assert.equal(storage.getItem(aside), text);
  assert.equal(storage.getItem(OLD_SAVE_KEY), null);
});

test("issue 15's one save is read as a slot; what is not a save is named", () => {
  assert.equal(readSlot(OLD_SAVE_KEY, JSON.stringify(save(2))).kept?.save.hands[0].actions.length, 2);
  assert.equal(readSlot(`${SLOT_PREFIX}x`, JSON.stringify(save(2))).problem, "foreign"); // a slot holds a record
  assert.equal(readSlot(OLD_SAVE_KEY, "{broken").problem, "corrupt");
  assert.equal(readSlot(OLD_SAVE_KEY, JSON.stringify({ ...save(), version: 2 })).problem, "old");
  assert.equal(readSlot(OLD_SAVE_KEY, JSON.stringify({ ...save(), hands: [null] })).problem, "corrupt");
  assert.equal(readSlot(OLD_SAVE_KEY, JSON.stringify({ ...save(), variant: ["xinyu"] })).problem, "corrupt");
  const deep = save();
  let v = 0;
  for (let i = 0; i < 40; i++) v = [v];
  deep.hands[0].position.padding = v;
  assert.equal(readSlot(OLD_SAVE_KEY, JSON.stringify(deep)).problem, "tooBig");
  const many = save();
  many.hands[0].position.padding = new Array(60_000).fill(0);
  assert.equal(readSlot(OLD_SAVE_KEY, JSON.stringify(many)).problem, "tooBig");
});

test("issue 15's one save moves to a key of its own at its first write; a second tab continuing it is told", () => {
  storage = new QuotaStorage();
  storage.setItem(OLD_SAVE_KEY, JSON.stringify(save(2)));
  const [kept] = readSaves().saves;
  const a = slotOf(kept);
  const b = slotOf(readSaves().saves[0]);
  assert.ok(a.key.startsWith(SLOT_PREFIX) && a.key !== b.key);
  assert.equal(keepMatch(a, save(3)), null);
  assert.equal(storage.getItem(OLD_SAVE_KEY), null);
  assert.ok(!a.forked);
  assert.equal(keepMatch(b, save(4)), null);
  assert.ok(b.forked);
  assert.deepEqual(readSaves().saves.map((k) => k.save.hands[0].actions.length).sort(), [3, 4]);
});

test("a full list still takes the old save's match: it replaces the old key", () => {
  storage = new QuotaStorage();
  for (let i = 0; i < CAPS.saves - 1; i++) assert.equal(keepMatch(newSlot(""), save(1)), null);
  storage.setItem(OLD_SAVE_KEY, JSON.stringify(save(2)));
  const old = readSaves().saves.find((k) => k.key === OLD_SAVE_KEY);
  assert.equal(keepMatch(slotOf(old), save(3)), null);
  assert.equal(readSaves().saves.length, CAPS.saves);
});

test("set-aside saves beyond the cap go, never those spared; another version's saves are left apart", () => {
  storage = new QuotaStorage();
  for (let i = 0; i < 4; i++) storage.setItem(`${ASIDE_PREFIX}${1000 + i}`, `old ${i}`);
  const fresh = [];
  for (let i = 0; i < 6; i++) {
    storage.setItem(`${SLOT_PREFIX}bad${i}`, `{broken ${i}`);
    fresh.push(setAside(`${SLOT_PREFIX}bad${i}`));
  }
  assert.equal(pruneAside(fresh), 4);
  assert.deepEqual([...storage.map.keys()].filter((k) => k.startsWith(ASIDE_PREFIX)).sort(), [...fresh].sort());
  assert.equal(pruneAside(), 1);
  storage.setItem(`${SLOT_PREFIX}next`, JSON.stringify({ kind: "mahjong-save", link: "", at: 1, behind: false, save: { ...save(), version: 2 } }));
  const read = readSaves();
  assert.deepEqual(read.other, [`${SLOT_PREFIX}next`]);
  assert.deepEqual(read.bad, []);
});

// --- a seeded fuzz of stored slots ---------------------------------------------------------------

/** mulberry32: the same cases on every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK = [null, true, 0, -1, 7, 1.5, 1e300, "", "x", "constructor", [], [null], {}, { toString: 1 }, "x".repeat(1000)];

/** A save with one value somewhere in it changed, removed or retyped. */
function mutant(rand) {
  const value = structuredClone({ kind: "mahjong-save", link: "", at: 1, behind: false, save: save(3) });
  const paths = [];
  const walk = (v, path) => {
    paths.push(path);
    if (v && typeof v === "object") for (const k of Object.keys(v)) walk(v[k], [...path, k]);
  };
  walk(value, []);
  for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
    const path = paths[1 + Math.floor(rand() * (paths.length - 1))];
    let parent = value;
    for (const k of path.slice(0, -1)) parent = parent?.[k];
    if (!parent || typeof parent !== "object") continue;
    const last = path[path.length - 1];
    if (rand() < 0.2) delete parent[last];
    else parent[last] = structuredClone(JUNK[Math.floor(rand() * JUNK.length)]);
  }
  const text = JSON.stringify(value);
  return rand() < 0.1 ? text.slice(0, Math.floor(rand() * text.length)) : text;
}

test("300 mutated slots: each is read or named, never thrown on, and what is read can be shown", () => {
  const rand = random(33);
  for (let i = 0; i < 300; i++) {
    const text = mutant(rand);
    const read = readSlot(`${SLOT_PREFIX}fuzz`, text);
    if ("problem" in read) {
      assert.ok(["corrupt", "foreign", "old", "tooBig"].includes(read.problem), text);
      continue;
    }
    const { summary } = read.kept;
    assert.equal(checkSave(read.kept.save), null);
    assert.ok(typeof summary.variant === "string" && Number.isSafeInteger(summary.hand) && Number.isSafeInteger(summary.hands), text);
    assert.ok(summary.scores === null || summary.scores.every(Number.isFinite), text);
  }
});
