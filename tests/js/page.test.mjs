// The page shell's choices (web/shell/page.js): where a page's parameters come from, which
// language and which theme it opens in. The browser side (the document set up, heights) is
// tests/browser/test_shell.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pageParams, chooseLang, lookOf } from "../../web/shell/page.js";

const at = (search, hash) => ({ search, hash });

test("parameters come from the query and the hash alike, the hash's over the query's", () => {
  assert.equal(pageParams(at("?lang=en", "")).get("lang"), "en");
  assert.equal(pageParams(at("", "#r=abc&lang=zh-Hant")).get("lang"), "zh-Hant"); // the replay viewer's links
  assert.equal(pageParams(at("?lang=en", "#v=xinyu&lang=zh-Hans")).get("lang"), "zh-Hans");
  // tiles.html: the notation first, its parameters after a "?"
  const tiles = pageParams(at("", "#123m|pong%207z?size=40&lang=zh-Hant"));
  assert.equal(tiles.get("lang"), "zh-Hant");
  assert.equal(tiles.get("size"), "40");
  assert.equal(pageParams(at("", "")).get("lang"), null);
});

test("the language: the link's, else the stored choice, else the browser's, else English", () => {
  const p = (s) => new URLSearchParams(s);
  assert.deepEqual(chooseLang(p("lang=zh-TW"), "en", "en-US"), { lang: "zh-Hant", badLang: null });
  assert.deepEqual(chooseLang(p(""), "zh-Hans", "en-US"), { lang: "zh-Hans", badLang: null });
  assert.deepEqual(chooseLang(p(""), null, "zh-HK"), { lang: "zh-Hant", badLang: null });
  assert.deepEqual(chooseLang(p(""), null, "fr-FR"), { lang: "en", badLang: null });
  // a language we do not speak is named, and the next choice taken
  assert.deepEqual(chooseLang(p("lang=klingon"), "zh-Hans", "en"), { lang: "zh-Hans", badLang: "klingon" });
});

test("the look: a scheme asked is taken whatever the reader prefers; auto follows the reader; transparent keeps either", () => {
  const on = (scheme, transparent, osDark) => lookOf({ scheme, transparent }, osDark);
  assert.deepEqual(on("dark", false, false), { dark: true, transparent: false, colorScheme: "dark" });
  assert.deepEqual(on("light", false, true), { dark: false, transparent: false, colorScheme: "light" });
  assert.deepEqual(on("auto", false, true), { dark: true, transparent: false, colorScheme: "dark" });
  assert.deepEqual(on("auto", false, false), { dark: false, transparent: false, colorScheme: "light" });
  // a transparent page following the reader matches a host that does; told a scheme, it takes the host's
  assert.deepEqual(on("auto", true, false), { dark: false, transparent: true, colorScheme: "light dark" });
  assert.deepEqual(on("dark", true, false), { dark: true, transparent: true, colorScheme: "dark" });
  assert.deepEqual(on("light", true, true), { dark: false, transparent: true, colorScheme: "light" });
});
