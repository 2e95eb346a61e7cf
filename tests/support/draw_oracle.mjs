// The page's drawing of hands, asked from Python's tests (tests/engine/test_draw.py,
// tests/browser/test_draw_pages.py): reads a JSON request on stdin, writes the page's answers:
//   {parse: [text]}                       -> {parse: [spec without spans | {error: {key, vars, at}}]}
//   {layout: [{text, size, fit}]}         -> {layout: [layoutHand(...)]}
//   {svg: [{text, size, theme, lang, fit}]} -> {svg: [handSVG(...)]}
//   {layers: [[code, look, width, script]]} -> {layers: [tileLayers(...)]}
import { parseHand } from "../../web/art/notation.js";
import { layoutHand, handSVG, altText } from "../../web/art/handdraw.js";
import { scriptOf, tileLayers } from "../../web/art/tiles.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const ask = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const out = {};
if (ask.parse) {
  out.parse = ask.parse.map((text) => {
    try {
      const { spans: _spans, ...spec } = parseHand(text);
      return spec;
    } catch (error) {
      if (!error.key) throw error;
      return { error: { key: error.key, vars: error.vars, at: error.at } };
    }
  });
}
if (ask.layout) out.layout = ask.layout.map(({ text, size, fit }) => layoutHand(parseHand(text), size, fit ?? {}));
if (ask.svg) {
  out.svg = ask.svg.map(({ text, size, theme, lang, fit }) => {
    const spec = parseHand(text);
    return handSVG(spec, size, theme, altText(spec, lang), scriptOf(lang), fit ?? {});
  });
}
if (ask.alt) out.alt = ask.alt.map(({ text, lang }) => altText(parseHand(text), lang));
if (ask.layers) out.layers = ask.layers.map(([code, look, width, script]) => tileLayers(code, look, width, script));
process.stdout.write(JSON.stringify(out));
