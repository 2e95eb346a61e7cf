// tiles.html#<hand notation>?size=40&theme=dark&lang=en&rows=2&download=0 : one hand diagram for an
// iframe (docs/embedding.md, "Hand diagrams"); theme: light or dark (a panel), auto or transparent
// (none: the host's background, the ink in the reader's scheme), and again at any time by the host's
// message. The hash is the notation (URL-encoded; "+" reads as a space);
// options after a "?" inside the hash or in the query. Inside an iframe it posts its height to
// the parent as {source: "mahjong", type: "height", detail: {page: "tiles", height}}.
import "../art/mj-hand.js";
import { openPage, pageParams, setTheme, onLookChange, currentLook, heightChanged } from "../shell/page.js";
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
  for (const name of ["size", "lang", "rows"]) {
    if (params.has(name)) hand.setAttribute(name, params.get(name));
    else hand.removeAttribute(name);
  }
  // the diagram's panel: light or dark as asked (then following the host's theme), none for
  // transparent or auto (the page lies on the host's background, its ink in the host's scheme)
  panel = ["light", "dark"].includes(params.get("theme") ?? "");
  // a later hash may ask for another language or look: the shell's choice, made again (a hash
  // without a theme keeps the one the link or the host's message gave)
  if (matchLang(params.get("lang") ?? "")) setLang(matchLang(params.get("lang")));
  if (params.get("theme")) setTheme(params.get("theme"));
  if (panel) hand.setAttribute("theme", currentLook().dark ? "dark" : "light");
  else hand.removeAttribute("theme");
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

let panel = false;
openPage("tiles", { embed: true, defaultTheme: "transparent" });
onLookChange(({ dark }) => {
  if (panel) hand.setAttribute("theme", dark ? "dark" : "light");
});
window.addEventListener("hashchange", show);
show();
