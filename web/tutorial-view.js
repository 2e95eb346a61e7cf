// Pieces the analyzer and the puzzles draw alike: tile rows, action names, the ranked table of
// choices (discards.rank's rows), all from the engine's answers. No rules here.
import { t, tileName } from "./i18n.js";
import { tileImage } from "./tiles.js";
import { el } from "./dom.js";
import { reasonWords } from "./hint-words.js";

/** Each painted tile (tiles.js's cached canvas) as a data: URL, made once. */
const urls = new WeakMap();

/** A tile as an <img> of the game's tile art. A discard table holds a few hundred tiles: as
 * <img>s sharing one URL per tile they build and paint in a few ms, where as many canvases took
 * hundreds (bench/analyzer.py). */
export function tileImg(code, size, look = "", name = "") {
  const image = tileImage(code, size, window.devicePixelRatio || 1, look);
  let url = urls.get(image);
  if (!url) {
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")).drawImage(image, 0, 0);
    url = canvas.toDataURL();
    urls.set(image, url);
  }
  const img = document.createElement("img");
  img.className = "tile";
  img.src = url;
  img.width = size;
  img.height = Math.round((size * image.height) / image.width);
  img.alt = name;
  return img;
}

/** A row of tile images (each named for readers unless `label` is false), `gold` marked. */
export function tileRow(codes, { size = 26, gold = null, label = true } = {}) {
  const row = el("span", { class: "tiles" });
  for (const code of codes) {
    if (code === "|") {
      row.append(el("span", { class: "gap" }));
      continue;
    }
    row.append(tileImg(code, size, gold && code === gold ? "gold" : "", label ? tileName(code) : ""));
  }
  return row;
}

/** "discard 3p" -> "Discard 3 Dots"; "swim 7z", "kong 1m", "win". */
export function actionName(action) {
  const [verb, tile] = String(action).split(" ");
  if (verb === "win") return t("pz.action.win");
  return t(`pz.action.${verb}`, { tile: tile ? tileName(tile) : "" });
}

/** A shanten in words: -1 complete, 0 ready, n away. */
export function shantenText(n) {
  if (n === null || n === undefined) return "";
  if (n < 0) return t("an.shanten.-1");
  if (n === 0) return t("an.shanten.0");
  return t("an.shanten.n", { n });
}

/** The table of every choice: tile, shanten, improving tiles (with copies), the reason (its words
 * from the engine's reason_code, in `lang`); `mark` names the row to mark as the reader's (puzzles). */
export function choicesTable(rows, { lang = "en", gold = null, mark = null, answer = null } = {}) {
  const body = rows.map((r) => {
    const name = actionName(r.action);
    const first = el("td", {}, r.tile ? tileRow([r.tile], { size: 24, gold }) : null, " ", el("span", { text: name }));
    if (r.chosen) first.append(" ", el("strong", { text: "★", title: t("an.hardChoice"), "aria-label": t("an.hardChoice") }));
    const improving = el("td", { class: "wide" });
    if (r.shanten !== null && r.improving && r.improving.length && r.improving.length < 34) {
      for (const [code, n] of r.improving) improving.append(tileRow([code], { size: 16, gold }), el("span", { class: "copies", text: `×${n}` }));
    }
    const tr = el("tr", { class: [r.chosen || r.action === answer ? "chosen" : "", r.action === mark ? "mine" : ""].join(" ").trim() },
      el("td", { class: "num", text: String(r.rank ?? "") }), first,
      el("td", { class: "num", text: r.shanten === null || r.shanten === undefined ? "" : String(r.shanten) }),
      el("td", { class: "num", text: r.shanten === null ? "" : String(r.improving_count) }),
      improving,
      el("td", { text: reasonWords(r.reason_code, lang) }));
    tr.dataset.action = r.action;
    return tr;
  });
  return el("table", { class: "choices-table" },
    el("thead", {}, el("tr", {}, el("th", { class: "num", text: "#" }), el("th", { text: t("an.col.tile") }),
      el("th", { class: "num", text: t("an.col.shanten") }), el("th", { class: "num", text: t("an.col.improving") }),
      el("th", { class: "wide", text: "" }), el("th", { text: t("an.col.reason") }))),
    el("tbody", {}, body));
}
