// Every string of the page in 简体中文, 繁體中文 and English (web/i18n/i18n.js, from the catalogs web/i18n/*.json).
import test from "node:test";
import assert from "node:assert/strict";

import { _keys, tIn, LANGS, matchLang } from "../../web/i18n/i18n.js";
import en from "../../web/i18n/en.json" with { type: "json" };
import zhHans from "../../web/i18n/zh-Hans.json" with { type: "json" };
import zhHant from "../../web/i18n/zh-Hant.json" with { type: "json" };

test("every key of the catalogs is there from the first import, in every language", () => {
  // the catalogs themselves (every key in every language, the same placeholders): tests/js/test_catalog.py
  const keys = _keys();
  assert.deepEqual(Object.keys(keys).sort(), [...LANGS].sort());
  for (const lang of LANGS) {
    const catalog = lang === "en" ? en : lang === "zh-Hans" ? zhHans : zhHant;
    const full = Object.entries(catalog).flatMap(([area, table]) => Object.keys(table).map((key) => `${area}.${key}`));
    assert.deepEqual(keys[lang], full, lang);
    for (const key of full) assert.notEqual(tIn(lang, key), key, `${lang} ${key}`);
  }
  assert.equal(tIn("zh-Hant", "hint.away.n", { n: 2 }), "還差2步聽牌");
  assert.equal(tIn("en", "table.goldLabel"), "Gold"); // the replay viewer showed this key raw when only moments.js had it
});

test("the refusal notice says 'not accepted' in all three languages", () => {
  assert.equal(tIn("en", "error.notAccepted", { message: "x" }), "Not accepted: x");
  assert.equal(tIn("zh-Hans", "error.notAccepted", { message: "x" }), "未被接受：x");
  assert.equal(tIn("zh-Hant", "error.notAccepted", { message: "x" }), "未被接受：x");
  for (const lang of LANGS) {
    assert.ok(tIn(lang, "error.invalid", { message: "x" }).startsWith(tIn(lang, "error.notAccepted", { message: "x" })));
    assert.notEqual(tIn(lang, "error.invalid"), tIn(lang, "error.engine"));
  }
});

test("language tags map to ours", () => {
  assert.equal(matchLang("zh-CN"), "zh-Hans");
  assert.equal(matchLang("zh-TW"), "zh-Hant");
  assert.equal(matchLang("en-GB"), "en");
  assert.equal(matchLang("fr"), null);
  assert.equal(matchLang(""), null);
});
