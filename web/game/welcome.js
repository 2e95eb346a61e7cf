// The way into the lessons from the game (issue 34): a first-time visitor is offered "Learn in 5
// minutes" beside "Play" over the table (the first hand is dealt behind it, as for anyone: the boot
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
 * The offer (to a newcomer: "Learn" leaves for the course, "Play" puts the offer away) and the
 * toolbar's entry.
 * @param {{root: HTMLElement, settings: any}} ctx  root: the overlay (#ui), where the toolbar is
 */
export function createWelcome({ root, settings }) {
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
    // above the first-paint card (.quick) and the boot card, below the toolbar; at the top of a
    // short (landscape) screen, where the toolbar is a column at the left
    card.style.top = innerHeight < 520 ? "0.4rem" : "max(8rem, calc(50% - 16rem))";
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
    card.replaceChildren(
      heading(),
      // a short (landscape) screen: the heading and the two choices, clear of the boot card
      innerHeight < 520 ? "" : el("p", { text: t("welcome.text", { rules: t(`variant.${settings.variant}`) }) }),
      el("div", { class: "variants" },
        el("button", { type: "button", id: "welcome-learn", "aria-pressed": "true", text: t("welcome.learn"), onclick: () => {
          answer();
          open(courseLink(settings.variant));
        } }),
        el("button", { type: "button", id: "welcome-play", text: t("welcome.play"), onclick: () => {
          answer();
          /** @type {HTMLElement} */ (card).hidden = true;
        } })),
    );
  }
  translate();
  onLangChange(translate);

  return {
    /** The rule set changed on the first-paint card: the offer names it. */
    refresh: translate,
  };
}
