// The hand notation of tutorial pages (README, "Hand notation"): the tile strings of RULES.md §1
// ("123m55p789s111z") plus parts after "|" for melds, flowers and the gold:
//
//   123m456p789s11z|pong 7z|gold 5m          concealed tiles, a pong of 中, the gold 5m
//   1234m|kong 1z|concealed_kong 9s|flowers 1f5f
//
// This is notation, not rules: it reads what was written and where (every tile keeps its place
// in the text, so a page can point at it), and knows nothing about what a hand may hold. Whether
// five copies or a flower in a Xinyu hand are possible is the engine's to say.

export const MELD_TYPES = ["pong", "kong", "added_kong", "concealed_kong"];
const MAX_DIGIT = { m: 9, p: 9, s: 9, z: 7, f: 8 };
const SUIT_ORDER = "mpszf";

/** A notation error: `key` names the i18n message, `at` the [start, end) of the text it means. */
export class NotationError extends Error {
  constructor(key, vars, at) {
    super(`${key} ${JSON.stringify(vars)} at ${at[0]}-${at[1]}`);
    this.key = key;
    this.vars = vars;
    this.at = at;
  }
}

/**
 * Tiles of a compact string with where each stands: [{code, at: [start, end]}].
 * `offset` is where `text` starts in the whole input (for error places).
 */
export function readTiles(text, offset = 0) {
  const out = [];
  let digits = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c >= "0" && c <= "9") {
      digits.push(i);
    } else if (c in MAX_DIGIT) {
      if (!digits.length) throw new NotationError("notation.suitAlone", { suit: c }, [offset + i, offset + i + 1]);
      for (const d of digits) {
        const n = Number(text[d]);
        if (n < 1 || n > MAX_DIGIT[c]) {
          throw new NotationError("notation.badTile", { tile: `${n}${c}` }, [offset + d, offset + d + 1]);
        }
        out.push({ code: `${n}${c}`, at: [offset + d, offset + i + 1] });
      }
      digits = [];
    } else if (c === " " || c === "\t" || c === ",") {
      if (digits.length) throw new NotationError("notation.noSuit", { digits: digitsText(text, digits) }, span(digits, offset));
    } else {
      throw new NotationError("notation.badChar", { char: c }, [offset + i, offset + i + 1]);
    }
  }
  if (digits.length) throw new NotationError("notation.noSuit", { digits: digitsText(text, digits) }, span(digits, offset));
  return out;
}

function digitsText(text, digits) {
  return digits.map((d) => text[d]).join("");
}

function span(digits, offset) {
  return [offset + digits[0], offset + digits[digits.length - 1] + 1];
}

/**
 * A whole hand string -> {hand, melds, flowers, gold, spans}.
 *   hand: [code]; melds: [{type, tile}]; flowers: [code]; gold: code | null;
 *   spans: for each tile named anywhere, [{code, at, part}] (part: "hand", "meld", "flower", "gold").
 * Throws NotationError naming the part that cannot be read.
 */
export function parseHand(text) {
  const source = String(text ?? "");
  const result = { hand: [], melds: [], flowers: [], gold: null, spans: [] };
  let start = 0;
  const parts = source.split("|");
  parts.forEach((part, index) => {
    const offset = start;
    start += part.length + 1;
    const lead = part.length - part.trimStart().length;
    const body = part.trim();
    const at = [offset + lead, offset + lead + body.length];
    if (index === 0) {
      for (const t of readTiles(part, offset)) {
        result.hand.push(t.code);
        result.spans.push({ ...t, part: "hand" });
      }
      return;
    }
    if (!body) throw new NotationError("notation.emptyPart", {}, [offset, offset + Math.max(1, part.length)]);
    const word = body.split(/\s+/, 1)[0];
    const restAt = offset + lead + word.length;
    const rest = part.slice(restAt - offset);
    const tiles = readTiles(rest, restAt);
    if (MELD_TYPES.includes(word)) {
      if (tiles.length !== 1) throw new NotationError("notation.meldOneTile", { meld: word }, at);
      if (tiles[0].code[1] === "f") throw new NotationError("notation.meldFlower", { tile: tiles[0].code }, tiles[0].at);
      result.melds.push({ type: word, tile: tiles[0].code });
      result.spans.push({ ...tiles[0], part: "meld" });
    } else if (word === "flowers" || word === "flower") {
      for (const t of tiles) {
        if (t.code[1] !== "f") throw new NotationError("notation.notFlower", { tile: t.code }, t.at);
        result.flowers.push(t.code);
        result.spans.push({ ...t, part: "flower" });
      }
    } else if (word === "gold") {
      if (tiles.length !== 1) throw new NotationError("notation.goldOneTile", {}, at);
      if (result.gold) throw new NotationError("notation.twoGolds", {}, at);
      result.gold = tiles[0].code;
      result.spans.push({ ...tiles[0], part: "gold" });
    } else {
      throw new NotationError("notation.badPart", { part: word }, [offset + lead, offset + lead + word.length]);
    }
  });
  return result;
}

/** Codes in the notation's order: m, p, s, z, f, by number. */
export function sortTiles(codes) {
  return [...codes].sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) || a[0] - b[0]);
}

/** ["1m", "2m", "5z"] -> "12m5z" (in the order given; sortTiles first for a sorted string). */
export function formatTiles(codes) {
  let out = "";
  let run = "";
  let suit = "";
  for (const code of codes) {
    if (code[1] !== suit && run) {
      out += run + suit;
      run = "";
    }
    suit = code[1];
    run += code[0];
  }
  return run ? out + run + suit : out;
}

/** The inverse of parseHand: {hand, melds, flowers, gold} -> "123m|pong 7z|flowers 1f|gold 5m". */
export function formatHand({ hand = [], melds = [], flowers = [], gold = null }) {
  const parts = [formatTiles(hand)];
  for (const m of melds) parts.push(`${m.type} ${m.tile}`);
  if (flowers.length) parts.push(`flowers ${formatTiles(flowers)}`);
  if (gold) parts.push(`gold ${gold}`);
  return parts.join("|");
}
