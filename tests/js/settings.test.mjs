// URL parameters, share-link encoding, stored settings and what is never stored (web/settings.js,
// web/catalog.js); newGame's and act's argument checks (web/requests.js).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// A stand-in for the browser's localStorage (the real one is exercised by tests/browser/test_hostile.py).
const memory = new Map();
globalThis.window = { localStorage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, String(v)) } };

const { readParams, readOrigins, encodePosition, decodePosition, loadSettings, readSettings, saveSettings, setForVisit, choose, speedOf, SPEEDS } =
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
  // an origin= that is not a list of origins is refused (issue 55): no parent may drive or hear the frame
  assert.deepEqual(bad.params, { origins: [], originRefused: "javascript:x" });
  assert.deepEqual(bad.problems.map((p) => [p.name, p.why]), [
    ["variant", "variant"], ["seed", "number"], ["hands", "range"], ["level", "level"], ["hints", "bool"],
    ["speed", "speed"], ["position", "base64"], ["origin", "originRefused"],
  ]);
  for (const origin of ["null", "https://a.example/path", "https://a.example,null", "*", ""]) {
    assert.deepEqual(readParams(CATALOG, `?origin=${encodeURIComponent(origin)}`).params, { origins: [], originRefused: origin }, origin);
  }
  assert.deepEqual(readParams(CATALOG, "?origin=https://a.example").params, { origins: ["https://a.example"] });
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

test("newGame takes what the address takes: the seat, the clock, the language", () => {
  assert.deepEqual(checkNewGame({ seat: 1, timer: 0, lang: "zh-TW" }, CATALOG), { seat: 1, timer: 0, lang: "zh-Hant" });
  assert.deepEqual(checkNewGame({ variant: "longyan", timer: 20 }, CATALOG), { variant: "longyan", timer: 20 });
  // a position's rule set names the clock's choices
  assert.deepEqual(checkNewGame({ position: { variant: "xinyu", hands: [] }, timer: 10 }, CATALOG).timer, 10);
  const refused = [
    [{ seat: 4 }, /seat must be a whole number from 0 to 3, not 4/],
    [{ seat: "1" }, /seat must be a whole number/],
    [{ timer: 15 }, /timer 15 is not one of 0, 10, 20, 30/],
    [{ timer: "20" }, /timer "20" is not one of/],
    [{ lang: "fr" }, /lang "fr" is not one of zh-Hans, zh-Hant, en/],
    [{ origin: "https://a.example" }, /unknown setting "origin"/],
  ];
  for (const [args, pattern] of refused) {
    assert.throws(() => checkNewGame(args, CATALOG), (e) => e.kind === "invalid" && pattern.test(e.message), JSON.stringify(args));
  }
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
    [{ hands: 0 }, /hands must be a whole number from 1 to 16/],
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

test("stored settings of the wrong shape are reset and named, and what is kept is what the engine offers (issue 33, finding 6)", () => {
  // {"options": {"xinyu": "str"}} kept the game from ever dealing: keepKnownOptions deleted the string's characters
  let { settings, dropped } = readSettings(CATALOG, JSON.stringify({ options: { xinyu: "str" } }));
  assert.deepEqual(settings.options, {});
  assert.deepEqual(dropped, ["options"]);
  ({ settings, dropped } = readSettings(CATALOG, JSON.stringify({
    variant: "klondike", level: "genius", hands: 999, speed: "warp", played: true, lang: "en",
    options: { xinyu: { timer: 7, discard_win: true, constructor: 1 }, toString: {}, longyan: [] },
  })));
  assert.deepEqual(dropped.sort(), ["hands", "level", "options", "speed", "variant"]);
  assert.deepEqual(settings.options, { xinyu: { discard_win: true } });
  assert.equal(settings.played, true);
  assert.equal(JSON.parse(memory.get("mahjong.settings")).hands, undefined); // written back, reset
  assert.deepEqual(readSettings(CATALOG, "not json").dropped, ["settings"]);
  assert.deepEqual(readSettings(CATALOG, null).dropped, []);
});

test("200 seeded stored settings: none throws, every value kept is one the page can use", () => {
  let seed = 6;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const junk = [null, true, false, 0, -1, 8, 17, 999, 1.5, "", "xinyu", "longyan", "hard", "fast", "str", "constructor",
    "__proto__", [], [1], {}, { timer: 7 }, { timer: 10, discard_win: true }, { toString: 1 }, "x".repeat(500)];
  const pick = () => structuredClone(junk[Math.floor(rand() * junk.length)]);
  const names = ["variant", "options", "hands", "level", "hints", "speed", "played", "lang", "autoplay", "seed"];
  for (let i = 0; i < 200; i++) {
    const data = {};
    for (const name of names) if (rand() < 0.5) data[name] = name === "options" && rand() < 0.5 ? { xinyu: pick(), longyan: pick(), [JSON.stringify(pick())]: pick() } : pick();
    const text = rand() < 0.05 ? JSON.stringify(data).slice(0, 10) : JSON.stringify(data);
    const { settings } = readSettings(CATALOG, text);
    assert.ok(Object.hasOwn(CATALOG.variants, settings.variant), text);
    assert.ok(CATALOG.levels.includes(settings.level), text);
    assert.ok(Number.isInteger(settings.hands) && settings.hands >= 1 && settings.hands <= 16, text);
    assert.equal(typeof settings.hints, "boolean");
    assert.ok(Object.hasOwn(SPEEDS, settings.speed) || Number.isInteger(settings.speed), text);
    for (const [variant, options] of Object.entries(settings.options)) {
      for (const [name, value] of Object.entries(options)) assert.ok(CATALOG.variants[variant].options[name].includes(value), text);
    }
  }
});

test("URL parameters the engine would not apply are refused by name, with the engine's ranges (issue 33, finding 10)", () => {
  const catalog = { ...CATALOG, max_seed: 10 ** 12 };
  const { params, problems } = readParams(catalog, "?seed=1234567890123456&hands=17&timer=7");
  assert.deepEqual(params, {});
  assert.deepEqual(problems.map((p) => [p.name, p.why, p.vars]), [
    ["seed", "range", { min: -(10 ** 12), max: 10 ** 12 }], ["hands", "range", { min: 1, max: 16 }], ["timer", "choice", { values: "0, 10, 20, 30" }],
  ]);
  assert.deepEqual(readParams(catalog, "?seed=1000000000000&hands=16&timer=20&variant=longyan").params,
    { variant: "longyan", seed: 10 ** 12, hands: 16, timer: 20 });
});

test("one seed range, the engine's: the URL and newGame take -max_seed to max_seed, and no more (issue 44)", () => {
  const catalog = { ...CATALOG, max_seed: 10 ** 12 };
  assert.deepEqual(readParams(catalog, "?seed=-1").params, { seed: -1 });
  assert.deepEqual(readParams(catalog, "?seed=-1000000000000").params, { seed: -(10 ** 12) });
  assert.equal(readParams(catalog, "?seed=-1000000000001").problems[0].why, "range");
  assert.equal(readParams(catalog, "?seed=--1").problems[0].why, "number");
  assert.deepEqual(checkNewGame({ seed: -1 }, catalog), { seed: -1 });
  assert.throws(() => checkNewGame({ seed: 10 ** 12 + 1 }, catalog), /seed must be a whole number from -1000000000000 to 1000000000000/);
  assert.throws(() => checkNewGame({ seed: 2 ** 53 - 1 }, catalog), /seed must be a whole number/);
});

test("newGame refuses a match length the engine does not play", () => {
  assert.throws(() => checkNewGame({ hands: 17 }, CATALOG), /hands must be a whole number from 1 to 16/);
  assert.deepEqual(checkNewGame({ hands: 16 }, CATALOG), { hands: 16 });
});
