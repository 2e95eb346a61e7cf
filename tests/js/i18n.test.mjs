// Every string of the page in 简体中文, 繁體中文 and English (web/i18n.js).
import test from "node:test";
import assert from "node:assert/strict";

import { _keys, tIn, LANGS, matchLang } from "../../web/i18n/i18n.js";

test("every language has every key, and no other", () => {
  const keys = _keys();
  assert.deepEqual(Object.keys(keys).sort(), [...LANGS].sort());
  const english = new Set(keys.en);
  for (const lang of LANGS) {
    const mine = new Set(keys[lang]);
    const missing = [...english].filter((k) => !mine.has(k));
    const extra = [...mine].filter((k) => !english.has(k));
    assert.deepEqual({ lang, missing, extra }, { lang, missing: [], extra: [] });
  }
});

test("every translation names the same placeholders as the English", () => {
  const names = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of _keys().en) {
    for (const lang of ["zh-Hans", "zh-Hant"]) {
      assert.deepEqual(names(tIn(lang, key)), names(tIn("en", key)), `${lang} ${key}`);
    }
  }
});

test("no translation is left empty", () => {
  for (const lang of LANGS) {
    for (const key of _keys()[lang]) assert.notEqual(tIn(lang, key).trim(), "", `${lang} ${key}`);
  }
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
