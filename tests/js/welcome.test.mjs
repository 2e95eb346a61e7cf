// Who is offered "Learn in 5 minutes" (web/game/welcome.js, issue 34): a first-time visitor only:
// nothing of the game kept, not in a frame, no demo, no link that deals a match of its own. The
// offer on the page and the way through the lessons to a hand: tests/browser/test_learn_journey.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isNewcomer } from "../../web/game/welcome.js";

/** A Storage holding `keys`. */
const kept = (...keys) => ({ length: keys.length, key: (i) => keys[i] ?? null });
const at = (search = "", hash = "") => ({ search, hash });
const fresh = { played: false, autoplay: false };

test("a first visit, with or without a rule set and a language, is a newcomer's", () => {
  assert.equal(isNewcomer(fresh, kept(), at(), false), true);
  assert.equal(isNewcomer(fresh, kept(), at("?variant=longyan&lang=zh-Hant"), false), true);
  // what the boot keeps for itself says nothing about the visitor
  assert.equal(isNewcomer(fresh, kept("mahjong.bootStretch.fresh"), at(), false), true);
  // a browser that keeps nothing: every visit is a first one
  assert.equal(isNewcomer(fresh, null, at(), false), true);
});

test("anything kept, a hand played, a demo, a frame or a link of its own: no offer", () => {
  for (const key of ["mahjong.settings", "mahjong.match.abc", "mahjong.save", "mahjong.history",
    "mahjong.lessons.finished", "mahjong.welcome"]) {
    assert.equal(isNewcomer(fresh, kept(key), at(), false), false, key);
  }
  assert.equal(isNewcomer({ played: true, autoplay: false }, kept(), at(), false), false);
  assert.equal(isNewcomer({ played: false, autoplay: true }, kept(), at(), false), false);
  assert.equal(isNewcomer(fresh, kept(), at(), true), false);
  for (const search of ["?seed=3", "?position=abc", "?daily", "?variant=xinyu&speed=fast"]) {
    assert.equal(isNewcomer(fresh, kept(), at(search), false), false, search);
  }
  assert.equal(isNewcomer(fresh, kept(), at("", "#x"), false), false);
});
