// URL parameters, share-link encoding, stored settings and what is never stored (web/settings.js,
// web/catalog.js); newGame's and act's argument checks (web/requests.js).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// A stand-in for the browser's localStorage (the real one is exercised by tests/browser/test_hostile.py).
const memory = new Map();
globalThis.window = { localStorage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, String(v)) } };

const { readParams, readOrigins, encodePosition, decodePosition, loadSettings, saveSettings, setForVisit, choose, speedOf, SPEEDS } =
  await import("../../web/keep/settings.js");
const { isCatalog, keepKnownOptions, variantsOf } = await import("../../web/engine/catalog.js");
const { checkNewGame, checkAction } = await import("../../web/game/requests.js");

// The engine's own lists, as build.py writes them; a small one for tests without a build.
const CATALOG = {
  variants: { xinyu: { options: { discard_win: [false, true], timer: [0, 10, 20, 30] } },
              longyan: { options: { gold_wild: ["all", "suited"], timer: [0, 10, 20, 30] } } },
  levels: ["easy", "normal", "hard"], hands: [1, 2, 4, 8, 12, 16], default_hands: 8,
};

test("good URL parameters are read, bad ones reported by name and reason", () => {
  const { params, problems } = readParams(CATALOG, "?variant=LONGYAN&seed=42&hands=4&level=easy&hints=1&autoplay=0&speed=fast&timer=10&lang=zh-TW");
  assert.deepEqual(params, { variant: "longyan", seed: 42, hands: 4, level: "easy", hints: true, autoplay: false, speed: "fast", timer: 10, lang: "zh-Hant" });
  assert.deepEqual(problems, []);
  const bad = readParams(CATALOG, "?variant=klondike&seed=abc&level=genius&hints=maybe&speed=warp&hands=0&position=%%%&origin=javascript:x");
  assert.deepEqual(bad.params, {});
  assert.deepEqual(bad.problems.map((p) => [p.name, p.why]), [
    ["variant", "variant"], ["seed", "number"], ["hands", "number"], ["level", "level"], ["hints", "bool"],
    ["speed", "speed"], ["position", "base64"], ["origin", "origin"],
  ]);
});

test("the rule sets and levels a URL may name are the catalog's, not a list of the page's", () => {
  assert.equal(readParams({ ...CATALOG, variants: { xinyu: CATALOG.variants.xinyu } }, "?variant=longyan").problems[0].why, "variant");
  assert.equal(readParams(CATALOG, "?variant=toString").problems[0].why, "variant");
  assert.equal(readParams(CATALOG, "?speed=constructor").problems[0].why, "speed");
  assert.equal(readParams(null, "?level=easy").problems[0].why, "level");
});

test("origins: one or more, each an http(s) origin", () => {
  assert.deepEqual(readOrigins("https://a.example"), ["https://a.example"]);
  assert.deepEqual(readOrigins("https://a.example/, http://localhost:8000"), ["https://a.example", "http://localhost:8000"]);
  for (const bad of ["", "*", "a.example", "https://a.example/path", "javascript:alert(1)", "file:///x", "null"]) {
    assert.equal(readOrigins(bad), null, bad);
  }
});

test("a position survives its share-link encoding (base64url JSON), Chinese text included", () => {
  const position = { variant: "longyan", hands: ["123m", "456p"], gold: "5m", note: "抢金 東" };
  const text = encodePosition(position);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodePosition(text), position);
  for (const bad of ["%%%", encodePosition([1]), encodePosition("x"), encodePosition(null), "e30"]) {
    if (bad === "e30") assert.deepEqual(decodePosition(bad), {});
    else assert.throws(() => decodePosition(bad));
  }
});

test("stored junk is dropped, the rest kept", () => {
  const s = loadSettings(JSON.stringify({ variant: 7, level: "hard", hands: -2, hints: "yes", speed: "fast", options: [1], autoplay: true }));
  assert.equal(s.variant, "xinyu");
  assert.equal(s.level, "hard");
  assert.equal(s.hands, 8);
  assert.equal(s.hints, false);
  assert.equal(s.speed, "fast");
  assert.deepEqual(s.options, {});
  assert.equal(s.autoplay, false); // autoplay is never stored
  assert.deepEqual(loadSettings("not json").level, "normal");
  assert.deepEqual(loadSettings("[]").level, "normal");
});

test("settings set for a visit are never stored; the player's own choices are", () => {
  memory.clear();
  const s = loadSettings(null);
  setForVisit(s, { variant: "longyan", level: "easy", hints: true });
  saveSettings(s, "en");
  let stored = JSON.parse(memory.get("mahjong.settings"));
  assert.equal(stored.variant, undefined);
  assert.equal(stored.level, undefined);
  assert.equal(stored.hints, undefined);
  assert.equal(stored.speed, "normal");
  assert.equal(s.variant, "longyan"); // played for this visit
  choose(s, { hints: false }, "en");
  stored = JSON.parse(memory.get("mahjong.settings"));
  assert.equal(stored.hints, false);
  assert.equal(stored.variant, undefined);
});

test("speeds: a name or milliseconds a move; an unknown name is normal", () => {
  assert.equal(speedOf("fast"), SPEEDS.fast);
  assert.equal(speedOf("toString"), SPEEDS.normal);
  assert.equal(speedOf(300).bot, 300);
});

test("the catalog is the engine's options answer; stored options it does not offer are dropped", () => {
  assert.ok(isCatalog(CATALOG));
  assert.ok(!isCatalog({ variants: {} }) && !isCatalog(null) && !isCatalog({ variants: { x: {} } }));
  assert.deepEqual(variantsOf(CATALOG), ["xinyu", "longyan"]);
  assert.deepEqual(variantsOf(null), []);
  const chosen = { xinyu: { discard_win: true, gone: 1, timer: 15 }, klondike: { x: 1 }, longyan: { gold_wild: "suited" } };
  keepKnownOptions(chosen, CATALOG);
  assert.deepEqual(chosen, { xinyu: { discard_win: true }, longyan: { gold_wild: "suited" } });
});

test("options.json, when built, has the shape of the catalog", (t) => {
  let text;
  try {
    text = readFileSync(new URL("../../dist/options.json", import.meta.url), "utf8");
  } catch {
    t.skip("no dist/ (python build.py writes it)");
    return;
  }
  assert.ok(isCatalog(JSON.parse(text).options));
});

test("newGame's arguments are checked before anything is touched", () => {
  assert.deepEqual(checkNewGame(undefined, CATALOG), {});
  assert.deepEqual(checkNewGame({ variant: "longyan", level: "hard", hands: 2, seed: 0, autoplay: true, hints: false, speed: 250 }, CATALOG),
    { variant: "longyan", level: "hard", hands: 2, seed: 0, autoplay: true, hints: false, speed: 250 });
  const refused = [
    [{ variant: "klondike" }, /variant "klondike" is not one of xinyu, longyan/],
    [{ level: "genius" }, /level "genius" is not one of easy, normal, hard/],
    [{ autoplay: "no" }, /autoplay must be true or false, not "no"/],
    [{ hints: 1 }, /hints must be true or false/],
    [{ speed: "warp" }, /speed "warp" is not one of slow, normal, fast, instant/],
    [{ speed: -1 }, /speed/],
    [{ hands: 0 }, /hands must be a whole number from 1 to 999/],
    [{ hands: 2.5 }, /hands must be a whole number/],
    [{ seed: "7" }, /seed must be a whole number/],
    [{ options: [1] }, /options must be an object, not a list/],
    [{ position: "x" }, /position must be an object/],
    [{ colour: "red" }, /unknown setting "colour"/],
    [{ constructor: 1 }, /unknown setting "constructor"/],
    [[], /takes an object of settings, not a list/],
    ["x", /not "x"/],
    [{ variant: "x".repeat(100000) }, /variant/],
  ];
  for (const [args, pattern] of refused) {
    assert.throws(() => checkNewGame(args, CATALOG), (e) => e.kind === "invalid" && pattern.test(e.message) && e.message.length <= 300,
      JSON.stringify(args).slice(0, 80));
  }
});

test("act takes an action string or {action}", () => {
  assert.equal(checkAction("discard 3p"), "discard 3p");
  assert.equal(checkAction({ action: "pass" }), "pass");
  for (const bad of [5, null, [], {}, { action: 3 }, "x".repeat(41)]) {
    assert.throws(() => checkAction(bad), (e) => e.kind === "invalid" && e.message.length <= 300);
  }
});
