// The friends page's words about its relays (docs/friends.md, "The relays"): the relay editor,
// the line that says which relays this page reaches (and plainly when none), and a friend's knock
// that no host answers. Apart from friends.js (the page's controller), which hands in its `say`
// (a line in the room's log) and what it knows of the room. Text only: an address typed or read
// from a link reaches the page as textContent.

import { t } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { readRelays, saveRelays, DEFAULT_RELAYS, MAX_RELAYS } from "./link.js";

/** @typedef {(text: string, kind?: string, lasting?: string) => void} Say */

const $ = (/** @type {string} */ id) => document.getElementById(id);

/** The relays' hosts, as a reader sees them. @param {string[]} urls */
export const relayHosts = (urls) => urls.map((u) => new URL(u).host).join(", ");

/**
 * The relay editor: one address per line; what it leaves out is listed under it, each with why,
 * and the cap when it left good ones out.
 * @param {{relays: string[], storage: Storage | null, use: (relays: string[]) => void, say: Say}} o
 */
export function relayEditor({ relays, storage, use, say }) {
  const area = el("textarea", { id: "fr-relays", rows: "3", maxlength: "20000", spellcheck: "false", "aria-describedby": "fr-relays-note" });
  area.value = relays.join("\n");
  const note = el("p", { id: "fr-relays-note", class: "fr-note", text: t("friends.relaysNote") });
  const leftOut = el("ul", { id: "fr-relays-left", class: "fr-note", role: "status" });
  const keep = (/** @type {string[]} */ list) => {
    use(list);
    saveRelays(storage, list);
    area.value = list.join("\n");
  };
  return el("details", { class: "fr-relays" }, el("summary", { text: t("friends.relays") }), area, note, leftOut,
    el("div", { class: "fr-row" },
      el("button", { type: "button", id: "fr-relays-save", text: t("friends.relaysSave"), onclick: () => {
        const { good, bad, over } = readRelays(area.value.slice(0, 20_000).split(/\s+/).filter(Boolean));
        leftOut.replaceChildren(...bad.map((b) => el("li", { text: t("friends.relaysLeftOut", { entry: b.entry, why: t(`friends.relayWhy.${b.why}`) }) })),
          ...(over ? [el("li", { text: t("friends.relaysCap", { max: MAX_RELAYS, n: over }) })] : []));
        keep(good.length ? good : [...DEFAULT_RELAYS]);
        say(t("friends.relaysSaved"));
      } }),
      el("button", { type: "button", text: t("friends.relaysDefault"), onclick: () => {
        leftOut.replaceChildren();
        keep([...DEFAULT_RELAYS]);
      } })));
}

/** @type {any} the relays' last news (mqtt.js RelayStatus: each relay's state, which ones carry the room) */
let relayNews = null;

/**
 * Which relays this page reaches, in the reader's words, in the top bar; once every relay has been
 * tried and none answers, that is said plainly, with what to do, in the log until one answers.
 * @param {any} news Relays' status (mqtt.js RelayStatus); null: the last one again (a new language)
 * @param {{isHost: boolean, say: Say}} o
 */
export function showRelays(news, { isHost, say }) {
  if (news) relayNews = news;
  const last = relayNews;
  const line = $("fr-relay");
  if (!last || !line) return;
  if (last.reached.length) {
    line.textContent = t("friends.reach.some", { relays: relayHosts(last.reached), n: last.reached.length, total: last.relays.length });
    $("fr-no-relay")?.remove();
  } else if (last.tried) {
    line.textContent = t(isHost ? "friends.reach.noneHost" : "friends.reach.none");
    const said = $("fr-no-relay");
    if (said) said.textContent = line.textContent;
    else say(line.textContent, "warn", "fr-no-relay");
  } else line.textContent = t("friends.reach.trying");
}

/** A friend's knock no host answers though a relay carries it (a wrong or old link, relays the host
 * does not use): said after this long, until the host answers. */
const NO_HOST_MS = 15_000;

/**
 * Says so when a friend's knock has no answer for NO_HOST_MS while a relay carries it; the line goes
 * once the host answers (or this page leaves that room).
 * @param {{seated: boolean, full?: boolean}} g the friend's room @param {{current: () => boolean, say: Say}} o
 */
export function watchHost(g, { current, say }) {
  const since = Date.now();
  const watch = setInterval(() => {
    if (g.seated || g.full || !current()) {
      $("fr-no-host")?.remove();
      clearInterval(watch);
    } else if (Date.now() - since >= NO_HOST_MS && !$("fr-no-host") && relayNews?.reached.length) {
      say(t("friends.noHost"), "warn", "fr-no-host");
    }
  }, 1000);
}
