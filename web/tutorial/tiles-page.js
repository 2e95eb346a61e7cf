// tiles.html#<hand notation>?size=40&theme=dark&lang=en&download=0 : one hand diagram for an
// iframe (README, "Hand diagrams"). The hash is the notation (URL-encoded; "+" reads as a space);
// options after a "?" inside the hash or in the query. Inside an iframe it posts its height to
// the parent as {source: "mahjong", type: "height", detail: {page: "tiles", height}}.
import "../art/mj-hand.js";
import { postHeight } from "../shell/tutorial-embed.js";

const hand = document.getElementById("hand");

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
  const params = new URLSearchParams(location.search);
  if (q >= 0) for (const [k, v] of new URLSearchParams(raw.slice(q + 1))) params.set(k, v);
  return { tiles, params };
}

function show() {
  const { tiles, params } = readHash(location.hash);
  for (const name of ["size", "theme", "lang"]) {
    if (params.has(name)) hand.setAttribute(name, params.get(name));
    else hand.removeAttribute(name);
  }
  if (params.get("lang")) document.documentElement.lang = params.get("lang");
  hand.toggleAttribute("download", params.get("download") !== "0");
  document.body.classList.toggle("dark", params.get("theme") === "dark");
  hand.setAttribute("tiles", tiles);
  postHeight("tiles");
}

window.addEventListener("hashchange", show);
show();
