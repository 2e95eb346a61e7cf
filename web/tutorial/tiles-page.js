// tiles.html#<hand notation>?size=40&theme=dark&lang=en&rows=2&download=0 : one hand diagram for an
// iframe (docs/embedding.md, "Hand diagrams"). The hash is the notation (URL-encoded; "+" reads as a space);
// options after a "?" inside the hash or in the query. Inside an iframe it posts its height to
// the parent as {source: "mahjong", type: "height", detail: {page: "tiles", height}}.
import "../art/mj-hand.js";
import { openPage, pageParams, applyTheme, chooseTheme, heightChanged } from "../shell/page.js";
import { setLang, matchLang, t } from "../i18n/i18n.js";

const hand = /** @type {HTMLElement} */ (document.getElementById("hand"));
const usage = /** @type {HTMLElement} */ (document.getElementById("usage"));

/** "#123m|pong 7z?size=40" -> {tiles, params}; a bad %-escape keeps the raw text. */
export function readHash(hash) {
  const raw = hash.replace(/^#/, "");
  const q = raw.indexOf("?");
  const body = q < 0 ? raw : raw.slice(0, q);
  let tiles;
  try {
    tiles = decodeURIComponent(body.replace(/\+/g, " "));
  } catch {
    tiles = body.replace(/\+/g, " ");
  }
  return { tiles, params: pageParams(location) };
}

function show() {
  const { tiles, params } = readHash(location.hash);
  for (const name of ["size", "theme", "lang", "rows"]) {
    if (params.has(name)) hand.setAttribute(name, params.get(name));
    else hand.removeAttribute(name);
  }
  // a later hash may ask for another language or look: the shell's choice, made again
  if (matchLang(params.get("lang") ?? "")) setLang(matchLang(params.get("lang")));
  applyTheme(chooseTheme(params.get("theme") ?? "", false, "transparent"));
  hand.toggleAttribute("download", params.get("download") !== "0");
  // no hand in the link at all (the bare page, as an author first opens it): how to give one
  const none = !tiles.trim() && !location.hash.replace(/^#/, "").trim();
  usage.hidden = !none;
  usage.textContent = none ? t("diagram.usage") : "";
  if (!none) hand.setAttribute("tiles", tiles); // (given before shown: a hidden diagram says nothing)
  hand.hidden = none;
  document.title = t("diagram.title");
  heightChanged();
}

openPage("tiles", { embed: true, defaultTheme: "transparent" });
window.addEventListener("hashchange", show);
show();
