// The toolbar (settings, new match, hints, tracker, sound, share, help) and the status line
// under it. It shows what it is told and reports clicks through `handlers`. Each button has a
// visible label (the catalogs' toolbar.short.*) beside its icon on a wide screen, and on a narrow
// one while the toolbar is `labelled` (a first visit: app.js); else the icon alone, named by its
// aria-label and title.

import { t } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";

// Constant icons (the only markup the page writes as HTML; no data ever reaches it).
const ICONS = {
  settings: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/></svg>',
  newGame: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 12a9 9 0 1 0 3-6.7"/><path d="M3 4v5h5"/></svg>',
  hints: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 18h6M10 22h4"/><path d="M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3A7 7 0 0 0 12 2z"/></svg>',
  tracker: '<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="3" y="3" width="7" height="9" rx="1"/><rect x="14" y="3" width="7" height="9" rx="1"/><rect x="3" y="15" width="7" height="6" rx="1"/><rect x="14" y="15" width="7" height="6" rx="1"/></svg>',
  soundOn: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14"/></svg>',
  soundOff: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="m23 9-6 6M17 9l6 6"/></svg>',
  share: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1"/><path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1"/></svg>',
  help: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01"/></svg>',
};

export class Toolbar {
  /**
   * @param {HTMLElement} root  the overlay: the status line goes in it, after the toolbar
   * @param {HTMLElement} toolbar  the toolbar's element, already in root
   * @param {Record<string, Function>} handlers  openSettings, toggle, share, openHelp
   */
  constructor(root, toolbar, handlers) {
    this.root = root;
    this.toolbar = toolbar;
    this.h = handlers;
    /** @type {Record<string, HTMLElement>} */
    this.buttons = {};
    /** @type {boolean | undefined} */
    this.muted = undefined;
    this.statusTop = ""; // where the status line was placed (toolbarBox)
    this.buildToolbar();
  }

  buildToolbar() {
    const mk = (id, icon, onclick, pressed) => {
      const b = el("button", { type: "button", id: `tb-${id}`, onclick },
        el("span", { class: "icon", html: ICONS[icon] }), el("span", { class: "label" }));
      if (pressed !== undefined) b.setAttribute("aria-pressed", String(pressed));
      this.buttons[id] = b;
      return b;
    };
    this.status = el("span", { class: "status", id: "status" });
    this.toolbar.append(
      mk("settings", "settings", () => this.h.openSettings()),
      mk("newGame", "newGame", () => this.h.openSettings(true)),
      mk("hints", "hints", () => this.h.toggle("hints"), false),
      mk("tracker", "tracker", () => this.h.toggle("tracker"), false),
      mk("sound", "soundOn", () => this.h.toggle("sound")),
      mk("share", "share", () => this.h.share()),
      mk("help", "help", () => this.h.openHelp()),
    );
    this.root.append(this.status);
    this.translate();
  }

  translate() {
    const label = (id, key) => {
      this.buttons[id].setAttribute("aria-label", t(key));
      this.buttons[id].title = t(key);
      this.labelOf(id).textContent = t(`toolbar.short.${id}`);
    };
    label("settings", "toolbar.settings");
    label("newGame", "toolbar.newGame");
    label("hints", "toolbar.hints");
    label("tracker", "toolbar.tracker");
    label("help", "toolbar.help");
    label("share", "toolbar.share");
    this.toolbar.setAttribute("aria-label", t("toolbar.menu"));
    this.setSound(this.muted ?? false);
  }

  setToggles({ hints, tracker }) {
    this.buttons.hints.setAttribute("aria-pressed", String(!!hints));
    this.buttons.tracker.setAttribute("aria-pressed", String(!!tracker));
  }

  setSound(muted) {
    this.muted = muted;
    const b = this.buttons.sound;
    /** @type {HTMLElement} */ (b.querySelector(".icon")).innerHTML = muted ? ICONS.soundOff : ICONS.soundOn;
    b.setAttribute("aria-pressed", String(!muted));
    b.setAttribute("aria-label", t(muted ? "toolbar.sound.off" : "toolbar.sound.on"));
    b.title = b.getAttribute("aria-label");
    this.labelOf("sound").textContent = t("toolbar.short.sound");
  }

  /** @param {string} id */
  labelOf(id) {
    return /** @type {HTMLElement} */ (this.buttons[id].querySelector(".label"));
  }

  /** A row above the panels docked on the left, not a column beside them (a phone on its side, ui.css). @param {boolean} on */
  setOverPanels(on) {
    this.toolbar.classList.toggle("over-panels", on);
  }

  /** Labels beside the icons on a narrow screen too (a wide one always shows them: ui.css). @param {boolean} on */
  setLabelled(on) {
    this.toolbar.classList.toggle("labelled", on);
  }

  setStatus(text) {
    this.status.textContent = text;
    this.status.hidden = !text;
  }

  /**
   * The box the toolbar (and the status line under it) takes at the top left, in css px; `column`:
   * the toolbar stands at the left edge (a phone on its side, ui.css), the panels go beside it.
   */
  toolbarBox() {
    // the status line just under the toolbar, however many rows its buttons take; beside it where
    // the toolbar is two rows on an upright phone and leaves room at its right (the line under it
    // took the board 30 px of its height there)
    const bar = this.toolbar.getBoundingClientRect();
    const room = Math.floor(innerWidth - bar.right - 16);
    const beside = innerHeight > innerWidth * 1.15 && bar.height > 60 && room >= 120;
    const place = beside ? `${Math.ceil(bar.top + 2)} ${Math.ceil(bar.right + 8)} ${room}` : `${Math.ceil(bar.bottom + 4)}`;
    if (place !== this.statusTop) {
      this.statusTop = place;
      this.status.classList.toggle("beside", beside);
      this.status.style.top = `${beside ? Math.ceil(bar.top + 2) : Math.ceil(bar.bottom + 4)}px`;
      this.status.style.left = beside ? `${Math.ceil(bar.right + 8)}px` : "";
      this.status.style.maxWidth = beside ? `${room}px` : "";
    }
    let right = 0;
    let bottom = 0;
    for (const e of [this.toolbar, this.status]) {
      const r = e?.getBoundingClientRect();
      if (!r || !r.width) continue;
      right = Math.max(right, Math.ceil(r.right));
      bottom = Math.max(bottom, Math.ceil(r.bottom));
    }
    return { right, bottom, column: getComputedStyle(this.toolbar).flexDirection === "column" };
  }
}
