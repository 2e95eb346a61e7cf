// The way into the lessons from the game (issue 34): a first-time visitor is asked which game they
// came for (issue 48), each rule set with its course ("Learn in 5 minutes") and its table ("Play"),
// over the table (the first hand is dealt behind it, as for anyone: the boot
// waits for nobody, and against bots no clock runs unless the player turned it on), and the toolbar has
// an entry opening the course (learn.html). A first-time visitor: nothing of the game kept in this browser (no settings, no
// match, no history, no lesson finished, the offer not answered before), the page not inside
// another page, no demo, and no link that deals a match of its own (a seed, a position, the deal of
// the day): only `lang` and `variant` in the query. No clock runs unless the player turned it on
// (timer.js); a lesson's last step links back here with the rule set.

import { el } from "../shell/dom.js";
import { t, getLang, onLangChange } from "../i18n/i18n.js";
import { probeStorage } from "../shell/storage.js";

/** Set once the offer is answered (either way): it is made once per browser that keeps things. */
const ANSWERED_KEY = "mahjong.welcome";
/** Whatever the game keeps under these names says the visitor has been here before. */
const KEPT_PREFIXES = ["mahjong.settings", "mahjong.match.", "mahjong.save", "mahjong.history", "mahjong.lessons.", ANSWERED_KEY];
/** The query of a plain visit (any other parameter is a link that asks for something of its own). */
const PLAIN = new Set(["lang", "variant"]);

const BOOK = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z"/><path d="M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z"/></svg>';

/** Whether this visit is a newcomer's (see above). @param {{played: boolean, autoplay: boolean}} settings */
export function isNewcomer(settings, storage = probeStorage(), where = location, framed = window.parent !== window) {
  if (framed || settings.played || settings.autoplay) return false;
  if ([...new URLSearchParams(where.search).keys()].some((k) => !PLAIN.has(k)) || where.hash.length > 1) return false;
  if (!storage) return true; // nothing is kept here: every visit is a first one
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i) ?? "";
    if (KEPT_PREFIXES.some((p) => key.startsWith(p))) return false;
  }
  return true;
}

/** The course's address for `variant` (its first lesson), in the reader's language. */
export function courseLink(variant, lesson = 1) {
  return `./learn.html#rules=${encodeURIComponent(variant)}&lesson=${lesson}&lang=${getLang()}`;
}

/**
 * The offer (to a newcomer, for each rule set: "Learn" leaves for its course, "Play" puts the offer
 * away and plays it: `play(variant)`) and the toolbar's entry.
 * @param {{root: HTMLElement, settings: any, variants: () => string[], play: (variant: string) => void}} ctx
 *   root: the overlay (#ui), where the toolbar is; variants: the rule sets the engine lists
 */
export function createWelcome({ root, settings, variants, play }) {
  const storage = probeStorage();
  const framed = window.parent !== window;
  const open = (/** @type {string} */ href) => {
    if (framed) window.open(href, "_blank", "noopener");
    else location.assign(href);
  };
  const answer = () => {
    try {
      storage?.setItem(ANSWERED_KEY, "1");
    } catch {
      // full: the offer may come again
    }
  };

  // the toolbar's entry, before help: the course in the reader's language
  const toolbar = root.querySelector(".toolbar");
  const entry = el("button", { type: "button", id: "tb-learn", onclick: () => open(courseLink(settings.variant)) },
    el("span", { class: "icon", html: BOOK }), el("span", { class: "label" }));
  toolbar?.insertBefore(entry, toolbar.querySelector("#tb-help"));

  let card = /** @type {HTMLElement | null} */ (null);
  if (isNewcomer(settings, storage)) {
    card = el("section", { class: "quick welcome", id: "welcome", role: "dialog", "aria-labelledby": "welcome-title" });
    // in the first-paint card's place (.quick, hidden while the welcome shows: the rule set is
    // chosen here), below the boot card; at the bottom of a short (landscape) screen, its rule
    // sets side by side (.short)
    const short = innerHeight < 520;
    card.classList.toggle("short", short);
    if (short) card.style.cssText += "top: auto; bottom: 0.4rem;";
    else card.style.top = "calc(50% + 5.2rem)";
    card.style.zIndex = "5";
    root.append(card);
    // playing on the table behind it is an answer too: the offer goes, the toolbar's entry stays
    document.getElementById("table")?.addEventListener("pointerdown", () => {
      if (card) card.hidden = true;
    }, { once: true });
  }

  function heading() {
    const h = el("h2", { id: "welcome-title", text: t("welcome.title") });
    h.style.fontSize = "1.15rem";
    h.style.margin = "0.1rem 0 0.3rem";
    return h;
  }

  function translate() {
    entry.setAttribute("aria-label", t("welcome.toolbar"));
    entry.title = t("welcome.toolbar");
    /** @type {HTMLElement} */ (entry.querySelector(".label")).textContent = t("welcome.toolbarShort");
    if (!card || card.hidden) return;
    // which game they came for: each rule set, its course and its table (the one chosen on the
    // first-paint card first)
    const list = [...variants()].sort((a, b) => Number(b === settings.variant) - Number(a === settings.variant));
    card.replaceChildren(
      heading(),
      // a short screen: the heading and the choices, clear of the boot card
      innerHeight < 700 ? "" : el("p", { text: t("welcome.text") }),
      ...list.map((variant) => el("div", { class: "welcome-rules", "data-variant": variant },
        el("span", { class: "welcome-name", text: t(`variant.${variant}`) }),
        el("span", { class: "variants" },
          el("button", { type: "button", id: `welcome-learn-${variant}`, class: "primary", text: t("welcome.learn"), onclick: () => {
            answer();
            open(courseLink(variant));
          } }),
          el("button", { type: "button", id: `welcome-play-${variant}`, text: t("welcome.play"), onclick: () => {
            answer();
            /** @type {HTMLElement} */ (card).hidden = true;
            play(variant);
          } })))),
    );
  }
  translate();
  onLangChange(translate);

  return {
    /** The rule set changed on the first-paint card: the offer names it. */
    refresh: translate,
  };
}
