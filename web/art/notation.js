// The hand notation of tutorial pages (docs/embedding.md, "Hand notation"): the tile strings of RULES.md §1
// ("123m55p789s111z", "x" a face-down tile) plus parts after "|" for melds, the drawn or winning
// tile, flowers, the gold and a discard pond:
//
//   123m456p789s11z|pong 7z|gold 5m               concealed tiles, a pong of 中, the gold 5m
//   1234m|kong 1z from across|concealed_kong 9s|flowers 1f5f
//   123m456p789s1z|win 1z from left|gold 5m hidden a win on the left seat's discard; the turned gold not drawn
//   xxxxxxxxxx|pong 7z from right|pond 19m*5z3px    a seat seen from outside; its discards, 9m claimed
//
// This is notation, not rules: it reads what was written and where (every tile keeps its place
// in the text, so a page can point at it), and knows nothing about what a hand may hold. Whether
// five copies or a flower in a Xinyu hand are possible is the engine's to say. formatHand writes
// what parseHand reads: parseHand(formatHand(spec)) gives the spec back.

export const MELD_TYPES = ["pong", "kong", "added_kong", "concealed_kong"];
/** Whom a claimed tile came from, seen from the hand's owner: 上家, 对家, 下家. */
export const SEATS = ["left", "across", "right"];
const PARTS = [...MELD_TYPES, "draw", "win", "flowers", "gold", "pond"];
const MAX_DIGIT = { m: 9, p: 9, s: 9, z: 7, f: 8 };
const SUIT_ORDER = "mpszf";
/** A face-down tile: "x" in the text, "back" in a spec (the code tiles.js paints as a back). */
export const BACK = "back";

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
 * Tiles of a compact string with where each stands: [{code, at: [start, end], claimed?}].
 * `offset` is where `text` starts in the whole input (for error places); `backs`: "x" is a
 * face-down tile here (the hand, the pond); `marks`: "*" marks the tile before it as claimed by
 * another seat (the pond).
 */
export function readTiles(text, offset = 0, { backs = false, marks = false } = {}) {
  /** @type {Array<{code: string, at: number[], claimed?: boolean}>} */
  const out = [];
  let digits = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const at = [offset + i, offset + i + 1];
    if (c >= "0" && c <= "9") {
      digits.push(i);
    } else if (c in MAX_DIGIT) {
      if (!digits.length) throw new NotationError("notation.suitAlone", { suit: c }, at);
      for (const d of digits) {
        const n = Number(text[d]);
        if (n < 1 || n > MAX_DIGIT[c]) {
          throw new NotationError("notation.badTile", { tile: `${n}${c}` }, [offset + d, offset + d + 1]);
        }
        out.push({ code: `${n}${c}`, at: [offset + d, offset + i + 1] });
      }
      digits = [];
    } else if (c === "x") {
      if (digits.length) throw new NotationError("notation.noSuit", { digits: digitsText(text, digits) }, span(digits, offset));
      if (!backs) throw new NotationError("notation.backHere", {}, at);
      out.push({ code: BACK, at });
    } else if (c === "*") {
      if (!marks) throw new NotationError("notation.markHere", {}, at);
      if (digits.length || !out.length || out[out.length - 1].claimed) throw new NotationError("notation.markHere", {}, at);
      out[out.length - 1].claimed = true;
    } else if (c === " " || c === "\t" || c === ",") {
      if (digits.length) throw new NotationError("notation.noSuit", { digits: digitsText(text, digits) }, span(digits, offset));
    } else {
      throw new NotationError("notation.badChar", { char: c }, at);
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
 * A whole hand string -> a spec:
 *   hand: [code] ("back" for a face-down tile); melds: [{type, tile, from}] (from: "left",
 *   "across", "right" or null: whose discard was claimed, drawn sideways); drawn: null or {tile,
 *   win, from} (the tile just drawn, or the winning tile: apart after a gap); flowers: [code];
 *   gold: code | null; goldShown: whether the turned gold is drawn (`gold 5m hidden`: only the
 *   golds in the hand are marked); pond: [{tile, claimed}] (discards in order, rows of six);
 *   spans: for each tile named anywhere, [{code, at, part}] (part: "hand", "meld", "drawn",
 *   "flower", "gold", "pond").
 * Throws NotationError naming the part that cannot be read.
 */
export function parseHand(text) {
  const source = String(text ?? "");
  const result = { hand: [], melds: [], drawn: null, flowers: [], gold: null, goldShown: true, pond: [], spans: [] };
  let start = 0;
  const parts = source.split("|");
  parts.forEach((part, index) => {
    const offset = start;
    start += part.length + 1;
    const lead = part.length - part.trimStart().length;
    const body = part.trim();
    const at = [offset + lead, offset + lead + body.length];
    // the first part is the concealed tiles, unless it is a part itself ("concealed_kong 9s": a meld alone)
    const first = body.split(/\s+/, 1)[0];
    if (index === 0 && !PARTS.includes(first) && first !== "flower") {
      for (const t of readTiles(part, offset, { backs: true })) {
        result.hand.push(t.code);
        result.spans.push({ code: t.code, at: t.at, part: "hand" });
      }
      return;
    }
    if (!body) throw new NotationError("notation.emptyPart", {}, [offset, offset + Math.max(1, part.length)]);
    const word = body.split(/\s+/, 1)[0];
    if (!PARTS.includes(word) && word !== "flower") {
      throw new NotationError("notation.badPart", { part: word }, [offset + lead, offset + lead + word.length]);
    }
    const restAt = offset + lead + word.length;
    // a last word after the tiles: "from <seat>" (a claimed meld, a win on a discard), "hidden" (the gold)
    const tail = /\s(from|hidden)(?=\s|$)(.*)$/.exec(part.slice(restAt - offset));
    const rest = part.slice(restAt - offset, tail ? restAt - offset + tail.index : undefined);
    const tailAt = tail ? restAt + tail.index + 1 : 0;
    const one = (/** @type {string} */ key) => {
      const tiles = readTiles(rest, restAt);
      if (tiles.length !== 1) throw new NotationError(key, { part: word, meld: word }, at);
      return tiles[0];
    };
    let from = null;
    if (tail) {
      const keyword = tail[1];
      const arg = tail[2].trim();
      const argAt = [tailAt, offset + lead + body.length];
      const takesFrom = ["pong", "kong", "added_kong", "win"].includes(word);
      if (keyword === "hidden") {
        if (word !== "gold" || arg) throw new NotationError("notation.hiddenHere", {}, argAt);
      } else if (!takesFrom) {
        throw new NotationError("notation.fromHere", { part: word }, argAt);
      } else if (!SEATS.includes(arg)) {
        throw new NotationError("notation.badFrom", { seat: arg }, argAt);
      } else from = arg;
    }
    if (MELD_TYPES.includes(word)) {
      const tile = one("notation.meldOneTile");
      if (tile.code[1] === "f") throw new NotationError("notation.meldFlower", { tile: tile.code }, tile.at);
      result.melds.push({ type: word, tile: tile.code, from });
      result.spans.push({ code: tile.code, at: tile.at, part: "meld" });
    } else if (word === "draw" || word === "win") {
      if (result.drawn) throw new NotationError("notation.twoDrawn", {}, at);
      const tile = one("notation.drawOneTile");
      result.drawn = { tile: tile.code, win: word === "win", from };
      result.spans.push({ code: tile.code, at: tile.at, part: "drawn" });
    } else if (word === "flowers" || word === "flower") {
      for (const t of readTiles(rest, restAt)) {
        if (t.code[1] !== "f") throw new NotationError("notation.notFlower", { tile: t.code }, t.at);
        result.flowers.push(t.code);
        result.spans.push({ code: t.code, at: t.at, part: "flower" });
      }
    } else if (word === "gold") {
      if (result.gold) throw new NotationError("notation.twoGolds", {}, at);
      const tile = one("notation.goldOneTile");
      result.gold = tile.code;
      result.goldShown = !tail;
      result.spans.push({ code: tile.code, at: tile.at, part: "gold" });
    } else {
      for (const t of readTiles(rest, restAt, { backs: true, marks: true })) {
        result.pond.push({ tile: t.code, claimed: !!t.claimed });
        result.spans.push({ code: t.code, at: t.at, part: "pond" });
      }
    }
  });
  return result;
}

/** Codes in the notation's order: m, p, s, z, f, by number. */
export function sortTiles(codes) {
  return [...codes].sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) || a[0] - b[0]);
}

/**
 * ["1m", "2m", "5z"] -> "12m5z" (in the order given; sortTiles first for a sorted string); "back"
 * is "x"; `claimed` (the same length, or none) puts "*" after each claimed tile.
 * @param {string[]} codes @param {boolean[]} [claimed]
 */
export function formatTiles(codes, claimed = []) {
  let out = "";
  let run = "";
  let suit = "";
  const flush = () => {
    if (run) out += run + suit;
    run = "";
    suit = "";
  };
  codes.forEach((code, i) => {
    if (code === BACK) {
      flush();
      out += "x";
    } else {
      if (code[1] !== suit) flush();
      suit = code[1];
      run += code[0];
    }
    if (claimed[i]) {
      flush();
      out += "*";
    }
  });
  flush();
  return out;
}

/**
 * The inverse of parseHand: a spec -> "123m|win 5m from left|pong 7z|flowers 1f|gold 5m|pond 19m*".
 * Parts in one order (the hand, the drawn or winning tile, the melds, flowers, the gold, the pond).
 */
export function formatHand({ hand = [], melds = [], drawn = null, flowers = [], gold = null, goldShown = true, pond = [] }) {
  const from = (/** @type {string | null | undefined} */ seat) => (seat ? ` from ${seat}` : "");
  const parts = [formatTiles(hand)];
  if (drawn) parts.push(`${drawn.win ? "win" : "draw"} ${drawn.tile}${from(drawn.from)}`);
  for (const m of melds) parts.push(`${m.type} ${m.tile}${from(m.from)}`);
  if (flowers.length) parts.push(`flowers ${formatTiles(flowers)}`);
  if (gold) parts.push(`gold ${gold}${goldShown ? "" : " hidden"}`);
  if (pond.length) parts.push(`pond ${formatTiles(pond.map((d) => d.tile), pond.map((d) => d.claimed))}`);
  return parts.join("|");
}
