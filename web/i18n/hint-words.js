// The words of a hint and of the review, written in the reader's language from the engine's codes
// (issue 11: the engine sends codes with their tiles, the page writes the words from the catalogs,
// web/i18n/*.json): a suggestion's reason (py_engine/hints.py reason_code: the hint panel, the
// analyzer's and the puzzles' tables), why a complete-looking hand may not win now (cannot_win, the
// analyzer's why_not), and the review's sentence (py_engine/review.py reason_code: the replay
// viewer). py_engine/words.py writes the same sentences for Python users; tests/engine/
// test_hints_words.py holds the two to each other. No rules here.
import { getLang, tIn, tileNameIn } from "./i18n.js";

/**
 * @typedef {{code: string, tile?: string | null, level?: number, shanten?: number,
 *   keeps?: string[][], aim?: {targets: string[], suit: string | null} | null, gold?: string | null}} ReasonCode
 * @typedef {{code: string, tile?: string | null, swim_level?: number}} CannotWin
 * @typedef {{code: "kept" | "would", action: string, bot: string, compare: "waits" | "outs" | "shanten" | "value" | null,
 *   outs?: number, bot_outs?: number, shanten?: number, bot_shanten?: number, value?: number, bot_value?: number}} ReviewCode
 */

/** A shanten in words: "a winning hand", "ready", "2 away from ready". */
export function awayWords(shanten, lang = getLang()) {
  if (shanten < 0) return tIn(lang, "hint.away.win");
  if (shanten === 0) return tIn(lang, "hint.away.ready");
  return tIn(lang, "hint.away.n", { n: shanten });
}

/**
 * A group of tiles as a reason names it, in words: "3-4-5 Dots", "the 1 Bamboo pair", "East Wind";
 * 三四五饼, 一对一条, 东 in Chinese (py_engine/words.py tile_words writes the same).
 */
export function groupWords(tiles, lang = getLang()) {
  const suited = (c) => c[1] === "m" || c[1] === "p" || c[1] === "s";
  if (tiles.length > 1 && tiles.length <= 4 && tiles.every((c) => c === tiles[0])) {
    return tIn(lang, `hint.group.${tiles.length}`, { tile: tileNameIn(lang, tiles[0]) });
  }
  const suits = new Set(tiles.map((c) => c[1]));
  if (lang === "en") {
    if (tiles.length === 1) return tileNameIn(lang, tiles[0]);
    if (suits.size === 1 && suited(tiles[0])) {
      const n = tiles.map((c) => Number(c[0]));
      const run = n.every((x, i) => i === 0 || x === n[i - 1] + 1);
      return tIn(lang, "hint.group.suit", { numbers: run ? n.join("-") : listWords(n.map(String), lang), suit: tIn(lang, `suit.${tiles[0][1]}`) });
    }
    return listWords(tiles.map((c) => tileNameIn(lang, c)), lang);
  }
  const digits = tIn(lang, "tile.numerals");
  const honors = tIn(lang, "hint.honorChars");
  if (suits.size === 1 && suited(tiles[0])) {
    return tIn(lang, "hint.group.suit", { numbers: tiles.map((c) => digits[Number(c[0]) - 1]).join(""), suit: tIn(lang, `suit.${tiles[0][1]}`) });
  }
  // tiles of several kinds, each named apart (七条、八条、白: they ran together, issue 57); honors alone
  // read as one word (东南, 中发白)
  const sep = tiles.every((c) => c[1] === "z") ? "" : tIn(lang, "hint.sep");
  return tiles.map((c) => (suited(c) ? digits[Number(c[0]) - 1] + tIn(lang, `suit.${c[1]}`) : honors[Number(c[0]) - 1] || tileNameIn(lang, c))).join(sep);
}

/** "a, b and c" / "a、b、c". */
function listWords(items, lang) {
  if (items.length <= 1) return items.join("");
  return tIn(lang, "hint.and", { a: items.slice(0, -1).join(tIn(lang, "hint.sep")), b: items[items.length - 1] });
}

/** The bot's aim: "aiming for a half flush with all pungs in Dots" / "做混一色碰碰胡（饼）". */
function aimWords(aim, lang) {
  let names = aim.targets.map((name) => tIn(lang, `hint.target.${name}`)).reduce((a, b) => tIn(lang, "hint.both", { a, b }));
  if (aim.suit) names = tIn(lang, "hint.aimSuit", { names, suit: tIn(lang, `suit.${aim.suit}`) });
  return tIn(lang, "hint.aim", { names });
}

/**
 * Why the suggestion, without the words naming the action (the display names it already):
 * "keeps 3-4-5 Dots and the 1 Bamboo pair, aiming for seven pairs; 2 away from ready".
 * @param {ReasonCode | null | undefined} reason
 */
export function reasonWords(reason, lang = getLang()) {
  if (!reason) return "";
  const { code } = reason;
  if (code === "win" || code === "hold_for_swim") return tIn(lang, `hint.why.${code}`);
  if (code === "swim") {
    return tIn(lang, "hint.why.swim", { tile: tileNameIn(lang, reason.tile), level: tIn(lang, `hint.swim.${Math.min(3, Math.max(1, reason.level || 1))}`) });
  }
  const away = awayWords(reason.shanten ?? 0, lang);
  if (code !== "discard") return tIn(lang, `hint.why.${code}`, { away });
  const parts = [];
  const keeps = reason.keeps || [];
  if (keeps.length) {
    // a group named once: 7799m is two 7-9 shapes, said "7 and 9 Characters", not twice over
    const groups = [...new Set(keeps.map((g) => (reason.gold && g[0] === reason.gold ? tIn(lang, "hint.gold") : groupWords(g, lang))))];
    parts.push(tIn(lang, "hint.keeps", { groups: listWords(groups, lang) }));
  }
  if (reason.aim) parts.push(aimWords(reason.aim, lang));
  if (!parts.length) return tIn(lang, "hint.why.discard", { away });
  return tIn(lang, "hint.why.discardPlan", { plan: parts.reduce((a, b) => tIn(lang, "hint.plan", { a, b })), away });
}

/**
 * Why a hand that looks complete may not win now, in words ("" for a code without words).
 * @param {CannotWin | null | undefined} why
 */
export function cannotWinWords(why, lang = getLang()) {
  if (!why || !why.code) return "";
  const key = `hint.cannot.${why.code}`;
  const words = tIn(lang, key);
  return words === key ? "" : words;
}

/** An action as the review names it: "discard 5 Dots" / "打五饼", "swim with 5 Dots", "win". */
export function actionWords(action, lang = getLang()) {
  const [kind, tile] = action.split(" ");
  return tile ? tIn(lang, `hint.act.${kind}.tile`, { tile: groupWords([tile], lang) }) : tIn(lang, `hint.act.${kind}`);
}

/**
 * The review's sentence: "discard 5 Dots: the bot kept 5 Dots (it chose discard 9 Characters) and waited on 4 tiles
 * instead of 2" ("" for none: the player and the bot agreed).
 * @param {ReviewCode | null | undefined} code
 */
export function reviewWords(code, lang = getLang()) {
  if (!code) return "";
  const kept = code.code === "kept";
  const bot = actionWords(code.bot, lang);
  let said = kept ? tIn(lang, "review.kept", { tile: groupWords([code.action.split(" ")[1]], lang), bot }) : tIn(lang, "review.would", { bot });
  const tense = kept ? "kept" : "would";
  if (code.compare === "waits" || code.compare === "outs") {
    said = tIn(lang, `review.${code.compare}.${tense}`, { said, outs: code.bot_outs, instead: code.outs });
  } else if (code.compare === "shanten") {
    said = tIn(lang, `review.shanten.${tense}`, { said, away: awayWords(code.bot_shanten, lang), instead: awayWords(code.shanten, lang) });
  } else if (code.compare === "value") {
    said = tIn(lang, "review.value", { said, value: code.bot_value.toFixed(1), instead: code.value.toFixed(1) });
  }
  return tIn(lang, "review.line", { action: actionWords(code.action, lang), said });
}
