// Static diagrams, offline, with the page's own painters (web/art/handdraw.js, tiles.js): for
// Markdown-only sites, print and feeds, which show images and run no script (issue 37).
//
//   node tools/render_hand.mjs "123m456p789s11z|pong 7z from left|gold 5m" [--out hand] [--size 36]
//        [--theme transparent|light|dark] [--lang en|zh-Hans|zh-Hant] [--rows N] [--width PX] [--scale 2] [--svg-only]
//     writes hand.svg and hand.png (the SVG as Chromium draws it, `scale` pixels to a css px)
//   node tools/render_hand.mjs --tiles DIR [--size 36]
//     writes every tile face as DIR/<code>.svg (简体 faces) and DIR/hant/<code>.svg (繁體), and DIR/back.svg
//
// No font is needed: the faces' characters are outlines (web/art/glyphs.js). The PNG is the SVG
// drawn by headless Chromium ($MAHJONG_CHROMIUM, else chromium, chromium-browser or google-chrome
// on the PATH); without one, the SVG alone. A notation that cannot be read is said with the part
// that is wrong marked, in the asked language, and nothing is written.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { parseHand, NotationError } from "../web/art/notation.js";
import { altText, handSVG, isEmptyHand, layoutHand, rowsOf, tileSVG, THEMES, ROWS } from "../web/art/handdraw.js";
import { scriptOf } from "../web/art/tiles.js";
import { matchLang, tIn, tileNameIn } from "../web/i18n/i18n.js";

/** Every tile face there is: the suits 1-9, the honors 1-7, the flowers 1-8. */
export const CODES = [..."mps"].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`))
  .concat([1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`), [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${n}f`));

/** Write DIR/<code>.svg (简体, titled in English), DIR/hant/<code>.svg (繁體, titled in 繁體) and DIR/back.svg. */
export function writeTiles(dir, size = 36) {
  mkdirSync(join(dir, "hant"), { recursive: true });
  for (const code of CODES) {
    writeFileSync(join(dir, `${code}.svg`), tileSVG(code, size, tileNameIn("en", code), "hans"));
    writeFileSync(join(dir, "hant", `${code}.svg`), tileSVG(code, size, tileNameIn("zh-Hant", code), "hant"));
  }
  writeFileSync(join(dir, "back.svg"), tileSVG("back", size, tIn("en", "alt.back"), "hans"));
  return CODES.length * 2 + 1;
}

function options(argv) {
  const out = { size: 36, theme: "transparent", lang: "en", rows: 0, width: Infinity, scale: 2, out: "hand", svgOnly: false };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--size") out.size = Number(value());
    else if (a === "--theme") out.theme = value();
    else if (a === "--lang") out.lang = value();
    else if (a === "--rows") out.rows = value();
    else if (a === "--width") out.width = value();
    else if (a === "--scale") out.scale = Number(value());
    else if (a === "--out") out.out = value();
    else if (a === "--tiles") out.tiles = value();
    else if (a === "--svg-only") out.svgOnly = true;
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else rest.push(a);
  }
  if (!(out.size >= 12 && out.size <= 160)) throw new Error("--size is a tile's width in px from 12 to 160");
  // what <mj-hand>'s rows attribute takes (handdraw.js rowsOf), and a width a tile fits in
  if (typeof out.rows === "string") {
    const { rows, problem } = rowsOf(out.rows);
    if (problem) throw new Error(`--rows is a whole number of lines from ${ROWS.min} to ${ROWS.max}, not ${JSON.stringify(out.rows.slice(0, 20))}`);
    out.rows = rows;
  }
  if (typeof out.width === "string") {
    const width = /^\s*\d+(\.\d+)?\s*$/.test(out.width) ? Number(out.width) : NaN;
    if (!(width >= 2 * out.size && width <= 100_000)) {
      throw new Error(`--width is the diagram's width in css px, from two tiles (${2 * out.size}) to 100000, not ${JSON.stringify(out.width.slice(0, 20))}`);
    }
    out.width = width;
  }
  if (!Object.hasOwn(THEMES, out.theme)) throw new Error(`--theme is one of ${Object.keys(THEMES).join(", ")}`);
  if (!matchLang(out.lang)) throw new Error("--lang is one of zh-Hans, zh-Hant, en");
  if (!(out.scale >= 1 && out.scale <= 8)) throw new Error("--scale is from 1 to 8");
  out.lang = matchLang(out.lang);
  return { ...out, notation: rest.join(" ") };
}

/** The Chromium that draws the PNG, or null. */
function chromium() {
  const named = process.env.MAHJONG_CHROMIUM;
  if (named) return existsSync(named) ? named : null;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || null;
    } catch {
      // not this one
    }
  }
  return null;
}

/** `svg` (width × height css px) drawn by headless Chromium into `png` at `scale`, on no background. */
export function svgToPng(browser, svg, width, height, scale, png) {
  const dir = mkdtempSync(join(tmpdir(), "mj-render-"));
  try {
    const file = join(dir, "hand.svg");
    writeFileSync(file, svg);
    execFileSync(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", `--user-data-dir=${join(dir, "profile")}`,
      `--screenshot=${resolve(png)}`, `--window-size=${Math.ceil(width)},${Math.ceil(height)}`,
      "--default-background-color=00000000", `--force-device-scale-factor=${scale}`, pathToFileURL(file).href],
    { stdio: ["ignore", "ignore", "ignore"] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(argv) {
  let o;
  try {
    o = options(argv);
  } catch (error) {
    console.error(`render_hand: ${error.message}`);
    return 2;
  }
  if (o.tiles) {
    const n = writeTiles(o.tiles, o.size);
    console.log(`wrote ${n} tile faces in ${o.tiles}`);
    return 0;
  }
  let spec;
  try {
    spec = parseHand(o.notation);
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    const [a, b] = error.at;
    console.error(tIn(o.lang, "notation.error", { what: tIn(o.lang, error.key, error.vars) }));
    console.error(`  ${o.notation}\n  ${" ".repeat(a)}${"^".repeat(Math.max(1, b - a))}`);
    return 1;
  }
  if (isEmptyHand(spec)) {
    // nothing to draw: refused, as <mj-hand> refuses it
    console.error(tIn(o.lang, "notation.error", { what: tIn(o.lang, "notation.empty") }));
    return 1;
  }
  const fit = o.rows ? { rows: o.rows } : { maxWidth: o.width };
  const script = scriptOf(o.lang);
  const svg = handSVG(spec, o.size, o.theme, altText(spec, o.lang), script, fit);
  mkdirSync(dirname(resolve(o.out)), { recursive: true });
  writeFileSync(`${o.out}.svg`, svg);
  console.log(`wrote ${o.out}.svg`);
  if (o.svgOnly) return 0;
  const browser = chromium();
  if (!browser) {
    console.error("render_hand: no Chromium to draw the PNG (set MAHJONG_CHROMIUM): the SVG alone was written");
    return 0;
  }
  const { width, height } = layoutHand(spec, o.size, fit);
  svgToPng(browser, svg, width, height, o.scale, `${o.out}.png`);
  console.log(`wrote ${o.out}.png (${Math.ceil(width * o.scale)} x ${Math.ceil(height * o.scale)} px)`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main(process.argv.slice(2));
