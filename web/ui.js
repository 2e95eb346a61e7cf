// The DOM overlay: toolbar, action buttons (real <button>s, shown only for legal actions),
// hints and tile-tracker panels, settings and settlement dialogs, notices and errors, and the
// ARIA live region. It renders what the controller hands it and reports clicks back through
// `handlers`; it knows no rules.

import { t, tileName, getLang, LANGS, LANG_NAMES } from "./i18n.js";
import { tileElement } from "./tiles.js";
import { el } from "./dom.js";
import { settlement } from "./settle.js";

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

// The claim buttons: glyph, key and order (RULES.md words).
const ACTIONS = {
  win: { glyph: "胡", key: "H", order: 0 },
  swim: { glyph: "游金", key: "S", order: 1 },
  kong: { glyph: "杠", glyphHant: "槓", key: "K", order: 2 },
  pong: { glyph: "碰", key: "P", order: 3 },
  discard: { glyph: "打", key: "Enter", order: 4 },
  pass: { glyph: "过", glyphHant: "過", key: "Space", order: 5 },
};

export class UI {
  constructor(root, handlers) {
    this.root = root;
    this.h = handlers;
    this.live = el("div", { id: "live", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
    this.alert = el("div", { id: "alert", class: "sr-only", role: "alert" });
    this.toolbar = el("div", { class: "toolbar", role: "toolbar", "aria-label": "Menu" });
    this.actions = el("div", { class: "actions", id: "actions", role: "group" });
    this.hints = el("section", { class: "panel hints", id: "hints", hidden: true, "aria-live": "off" });
    this.tracker = el("section", { class: "panel tracker", id: "tracker", hidden: true });
    this.banner = el("div", { class: "banner", id: "banner", hidden: true, role: "alert" });
    this.quick = el("div", { class: "quick", id: "quick", hidden: true });
    this.dialogs = el("div", { id: "dialogs" });
    this.side = el("div", { class: "side", id: "side" }, this.hints, this.tracker);
    root.append(this.toolbar, this.actions, this.side, this.quick, this.banner, this.dialogs, this.live, this.alert);
    this.buttons = {};
    this.buildToolbar();
    this.actionList = [];
    this.settleOpen = false;
  }

  // --- toolbar -----------------------------------------------------------------------

  buildToolbar() {
    const mk = (id, icon, onclick, pressed) => {
      const b = el("button", { type: "button", id: `tb-${id}`, html: ICONS[icon], onclick });
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
      mk("help", "help", () => this.openHelp()),
    );
    this.root.append(this.status);
    this.translateToolbar();
  }

  translateToolbar() {
    const label = (id, key) => {
      this.buttons[id].setAttribute("aria-label", t(key));
      this.buttons[id].title = t(key);
    };
    label("settings", "tb.settings");
    label("newGame", "tb.newGame");
    label("hints", "tb.hints");
    label("tracker", "tb.tracker");
    label("help", "tb.help");
    label("share", "tb.share");
    this.toolbar.setAttribute("aria-label", t("tb.menu"));
    this.setSound(this.muted ?? false);
  }

  setToggles({ hints, tracker }) {
    this.buttons.hints.setAttribute("aria-pressed", String(!!hints));
    this.buttons.tracker.setAttribute("aria-pressed", String(!!tracker));
  }

  setSound(muted) {
    this.muted = muted;
    const b = this.buttons.sound;
    b.innerHTML = muted ? ICONS.soundOff : ICONS.soundOn;
    b.setAttribute("aria-pressed", String(!muted));
    b.setAttribute("aria-label", t(muted ? "tb.sound.off" : "tb.sound.on"));
    b.title = b.getAttribute("aria-label");
  }

  setStatus(text) {
    this.status.textContent = text;
    this.status.hidden = !text;
  }

  // --- live region ---------------------------------------------------------------------

  announce(text) {
    if (!text) return;
    // sentences of the same moment join (a step's events, then "Your turn"), so none is lost
    if (this.liveOpen && this.live.lastChild) {
      this.live.lastChild.textContent += ` ${text}`;
      return;
    }
    // a fresh node each time, so that a repeated sentence is read again
    this.live.textContent = "";
    this.live.append(el("p", { text }));
    this.liveOpen = true;
    setTimeout(() => { this.liveOpen = false; }, 0);
  }

  // --- actions -----------------------------------------------------------------------------

  /**
   * Show one button per legal choice: items {action, kind, tile}. Discards are only offered
   * for the selected tile (the rest is on the canvas). `place` is the layout's word on where they
   * go (layout.js): {mode: "row" | "column" | "docked", bottom, width} in css px.
   */
  setActions(items, place) {
    const key = JSON.stringify(items) + getLang();
    if (place) this.placeActions(place);
    const placeKey = place ? `${place.mode}|${place.width}|${innerWidth}` : "";
    if (key === this.actionsKey && placeKey === this.placeKey) return;
    this.placeKey = placeKey;
    if (key !== this.actionsKey) {
      this.actionsKey = key;
      const hadFocus = this.actions.contains(document.activeElement);
      const sorted = [...items].sort((a, b) => ACTIONS[a.kind].order - ACTIONS[b.kind].order);
      this.actions.replaceChildren(...sorted.map((item) => this.actionButton(item)));
      this.actions.setAttribute("aria-label", t("tb.menu"));
      if (hadFocus && this.actions.firstChild) this.actions.firstChild.focus();
    }
    this.fitActions();
  }

  actionButton(item) {
    const spec = ACTIONS[item.kind];
    const glyph = item.glyph || (getLang() === "zh-Hant" && spec.glyphHant ? spec.glyphHant : spec.glyph);
    let word = item.word || t(`action.${item.kind}`);
    const keyName = spec.key;
    // a word that starts with its glyph says it once: "打出" (not "打 打出"), "胡 自摸 · 底分2"
    const rest = word.startsWith(glyph) ? word.slice(glyph.length).replace(/^[：:\s]+/, "") : word;
    const same = rest.length <= 1 && word.startsWith(glyph);
    if (!same) word = rest;
    let label = same ? word : `${glyph} ${word}`;
    if (item.tile) label += ` ${tileName(item.tile)}`;
    const b = el("button", {
      type: "button", class: `act act-${item.kind}${item.suggested ? " suggested" : ""}`, "data-action": item.action,
      "aria-label": `${label} (${t("key.hint", { key: keyName })})`, title: label,
      "aria-keyshortcuts": keyName === "Space" ? "Space Escape" : keyName === "H" ? "H W" : keyName,
      onclick: () => this.h.action(item.action),
    });
    b.append(el("span", { class: "glyph", text: same ? word : glyph }));
    if (!same) b.append(el("span", { class: "word", text: word }));
    if (item.tile) b.append(tileElement(item.tile, 18));
    b.append(el("kbd", { text: keyName === "Space" ? "␣" : keyName === "Enter" ? "↵" : keyName }));
    return b;
  }

  placeActions(place) {
    const a = this.actions;
    a.classList.toggle("column", place.mode === "column");
    a.classList.toggle("docked", place.mode === "docked");
    a.style.bottom = `${Math.round(place.bottom)}px`;
    a.style.width = place.mode === "column" ? `${Math.ceil(place.width)}px` : "";
    a.style.maxWidth = place.mode === "docked" ? `${this.side.offsetWidth}px` : "";
  }

  /**
   * The buttons on one line (a row), or each within the column's width: where they would not fit,
   * the keys' hints go, then the words (the glyphs stay; each button keeps its name for assistive
   * technology and as a tooltip).
   */
  fitActions() {
    const a = this.actions;
    a.classList.remove("tight", "glyphs");
    if (a.classList.contains("docked") || !a.childElementCount) return;
    const column = a.classList.contains("column");
    // a row is right-aligned: what does not fit sticks out on the left, where scrollWidth does not see it
    const overflows = () => (column
      ? [...a.children].some((b) => b.scrollWidth > b.clientWidth + 1)
      : a.lastElementChild.getBoundingClientRect().right - a.firstElementChild.getBoundingClientRect().left > a.clientWidth + 1);
    for (const step of ["tight", "glyphs"]) {
      if (!overflows()) break;
      a.classList.add(step);
    }
  }

  /**
   * The claim buttons' size in css px for this language and screen, measured once on hidden
   * samples of every kind (with a tile where one can show), so that the layout's room for them
   * does not change with the buttons shown: {w: the widest, min: the widest at its most compact,
   * h: a button's height}.
   */
  actionSize() {
    const key = `${getLang()}|${innerWidth}x${innerHeight}`;
    if (key === this.sizeKey) return this.size;
    const sizer = el("div", { class: "actions sizer", "aria-hidden": "true" });
    const withTile = new Set(["swim", "kong", "discard"]);
    for (const kind of Object.keys(ACTIONS)) {
      sizer.append(this.actionButton({ action: kind, kind, tile: withTile.has(kind) ? "8m" : null }));
    }
    this.root.append(sizer);
    const widest = () => Math.ceil(Math.max(...[...sizer.children].map((b) => b.getBoundingClientRect().width)));
    const w = widest();
    const h = Math.ceil(Math.max(...[...sizer.children].map((b) => b.getBoundingClientRect().height)));
    sizer.classList.add("tight", "glyphs");
    const min = widest();
    sizer.remove();
    this.sizeKey = key;
    this.size = { w, min, h };
    return this.size;
  }

  /** The box the toolbar (and the status line under it) takes at the top left, in css px. */
  toolbarBox() {
    let right = 0;
    let bottom = 0;
    for (const e of [this.toolbar, this.status]) {
      const r = e?.getBoundingClientRect();
      if (!r || !r.width) continue;
      right = Math.max(right, Math.ceil(r.right));
      bottom = Math.max(bottom, Math.ceil(r.bottom));
    }
    return { right, bottom };
  }

  // --- hints and tracker -------------------------------------------------------------------

  /** Dock the panels "top" or "left" (ui.css); compact: smaller tiles, for a phone. True if the tiles' size changed. */
  setDock(mode, compact) {
    const both = !this.hints.hidden && !this.tracker.hidden; // side by side where the height is short
    const name = `side ${mode}${compact ? " compact" : ""}${both ? " both" : ""}`;
    if (this.side.className === name) return false;
    const resized = compact !== this.compact;
    this.side.className = name;
    this.compact = compact;
    if (resized) this.trackerKey = null;
    return resized;
  }

  sideOpen() {
    return !this.hints.hidden || !this.tracker.hidden;
  }

  showHints(visible, hint) {
    this.hints.hidden = !visible;
    if (!visible) return;
    const box = [el("h2", {}, el("span", { text: t("hints.title") }),
      el("button", { type: "button", text: "×", "aria-label": t("set.close"), onclick: () => this.h.toggle("hints") }))];
    if (!hint) {
      box.push(el("p", { class: "line", text: t("hints.none") }));
    } else {
      const s = hint.shanten;
      if (s !== undefined && s !== null) {
        box.push(el("p", { class: "line", text: s < 0 ? t("hints.complete") : s === 0 ? t("hints.ready") : t("hints.shanten", { n: s }) }));
      }
      if (hint.cannot_win) box.push(el("p", { class: "line", text: t("hints.cannotWin") }));
      if (hint.waits && hint.waits.length) {
        const tiles = el("div", { class: "tiles" });
        for (const w of hint.waits) {
          const [code, left] = Array.isArray(w) ? w : [w.tile, w.left ?? w.copies];
          tiles.append(el("span", { class: "tilebox", title: tileName(code) }, tileElement(code, this.compact ? 18 : 22),
            left !== undefined ? el("b", { text: `×${left}` }) : null));
        }
        box.push(el("p", { class: "line", text: t("hints.waits") }), tiles);
      }
      if (hint.suggested) {
        const [verb, code] = String(hint.suggested).split(" ");
        const line = el("p", { class: "line" }, el("span", { text: `${t("hints.suggested")}: ${t(`action.${verb}`)} ` }));
        if (code) line.append(tileElement(code, this.compact ? 16 : 20), el("span", { text: ` ${tileName(code)}` }));
        box.push(line);
      }
      // the suggested action is on the line above: its reason without the words naming it again
      const words = (hint.suggested && hint.why) || hint.reason;
      const reason = words && (words[getLang()] || words.en);
      if (reason) box.push(el("p", { class: "line", text: reason }));
    }
    this.hints.replaceChildren(...box);
    this.hints.setAttribute("aria-label", t("hints.title"));
  }

  showTracker(visible, unseen) {
    this.tracker.hidden = !visible;
    if (!visible || !unseen) return;
    const key = JSON.stringify(unseen) + getLang();
    if (key === this.trackerKey) return;
    this.trackerKey = key;
    const rows = [];
    for (const suit of ["m", "p", "s", "z"]) {
      const row = el("div", { class: "row" });
      for (let n = 1; n <= (suit === "z" ? 7 : 9); n++) {
        const code = `${n}${suit}`;
        const left = unseen[code] ?? 0;
        row.append(el("span", { class: `tilebox${left ? "" : " none"}`, title: `${tileName(code)}: ${left}`, role: "img", "aria-label": `${tileName(code)}: ${left}` },
          tileElement(code, this.compact ? 17 : 20), el("b", { text: String(left) })));
      }
      rows.push(row);
    }
    this.tracker.replaceChildren(
      el("h2", {}, el("span", { text: t(this.compact ? "tb.tracker" : "tracker.title"), title: t("tracker.title") }),
        el("button", { type: "button", text: "×", "aria-label": t("set.close"), onclick: () => this.h.toggle("tracker") })),
      ...rows,
    );
    this.tracker.setAttribute("aria-label", t("tracker.title"));
  }

  // --- notices and errors --------------------------------------------------------------------

  showNotice(messages) {
    this.showBanner("notice", messages, [{ label: t("err.dismiss"), on: () => this.hideBanner() }]);
  }

  showError(message, { restart = true } = {}) {
    const buttons = [];
    if (restart) {
      buttons.push({ label: t("err.restart"), on: () => this.h.restart(), primary: true, id: "err-restart" });
      buttons.push({ label: t("err.newMatch"), on: () => this.h.newMatch(true), id: "err-new" });
    }
    buttons.push({ label: t("boot.reload"), on: () => location.reload(), id: "err-reload" });
    buttons.push({ label: t("err.dismiss"), on: () => this.hideBanner() });
    this.showBanner("error", [message], buttons);
  }

  showBanner(kind, messages, buttons) {
    this.banner.className = `banner ${kind}`;
    this.banner.dataset.kind = kind;
    const ps = messages.map((m) => el("p", { text: m }));
    const row = el("div", { class: "buttons" }, buttons.map((b) =>
      el("button", { type: "button", id: b.id, class: b.primary ? "primary" : "", text: b.label, onclick: b.on })));
    this.banner.replaceChildren(...ps, row);
    this.banner.hidden = false;
    this.alert.textContent = messages.join(" ");
  }

  hideBanner() {
    this.banner.hidden = true;
  }

  // --- quick card (while the engine loads) -----------------------------------------------

  showQuick(settings, variants) {
    this.quick.hidden = false;
    const buttons = variants.map((v) => el("button", {
      type: "button", "data-variant": v, "aria-pressed": String(settings.variant === v), text: t(`variant.${v}`),
      onclick: () => this.h.quickVariant(v),
    }));
    this.quick.replaceChildren(
      el("div", { class: "variants", role: "group", "aria-label": t("set.variant") }, buttons),
      el("p", { text: t("set.startsWhenReady") }),
      el("button", { type: "button", id: "quick-more", text: t("set.more"), onclick: () => this.h.openSettings() }),
    );
  }

  hideQuick() {
    this.quick.hidden = true;
  }

  // --- dialogs ------------------------------------------------------------------------

  openDialog(id, className, title, body, buttons, { onClose } = {}) {
    this.closeDialog(id);
    const heading = el("h2", { id: `${id}-title`, text: title });
    const dialog = el("div", { class: `dialog ${className}`, role: "dialog", "aria-modal": "true", "aria-labelledby": `${id}-title`, id },
      heading, ...body, el("div", { class: "buttons" }, buttons));
    const backdrop = el("div", { class: "backdrop", "data-dialog": id }, dialog);
    backdrop.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && onClose) {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }
      if (e.key === "Tab") trapFocus(dialog, e);
    });
    this.lastFocus = document.activeElement;
    this.dialogs.append(backdrop);
    const first = dialog.querySelector("button.primary") || dialog.querySelector("button, select, input");
    first?.focus();
    return dialog;
  }

  closeDialog(id) {
    const old = this.dialogs.querySelector(`[data-dialog="${id}"]`);
    if (old) {
      old.remove();
      if (this.lastFocus && document.contains(this.lastFocus)) this.lastFocus.focus();
    }
  }

  isDialogOpen(id) {
    return !!this.dialogs.querySelector(id ? `[data-dialog="${id}"]` : ".backdrop");
  }

  /** A link that opens this very moment of the hand (its start position plus what was played). */
  openShare(link) {
    const field = el("input", { type: "text", id: "share-link", readonly: true, value: link, "aria-label": t("share.link") });
    const status = el("p", { id: "share-status", "aria-live": "polite" });
    const copy = async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(link);
        status.textContent = t("share.copied");
      } catch {
        status.textContent = t("share.select");
      }
    };
    this.openDialog("share", "share", t("tb.share"), [el("p", { text: t("share.text") }), field, status],
      [el("button", { type: "button", text: t("share.copy"), onclick: copy }),
       el("button", { type: "button", class: "primary", text: t("set.close"), onclick: () => this.closeDialog("share") })],
      { onClose: () => this.closeDialog("share") });
    field.value = link;
    field.focus();
    field.select();
  }

  openHelp() {
    const rules = el("a", { href: `./help.html#${getLang()}`, target: "_blank", rel: "noopener", text: t("help.rules") });
    this.openDialog("help", "help", t("tb.help"), [el("p", { text: t("help") }), el("p", {}, rules)],
      [el("button", { type: "button", class: "primary", text: t("set.close"), onclick: () => this.closeDialog("help") })],
      { onClose: () => this.closeDialog("help") });
  }

  /**
   * Settings. spec: {variants: {name: {options: {opt: [values]}}}, levels, speeds, hands}
   * (from the engine; null while it loads). settings: the current choices.
   */
  openSettings(settings, spec, { focusStart = false, keepDraft = false } = {}) {
    // re-opened in another language: keep the choices made so far
    const draft = keepDraft && this.draft ? this.draft : structuredClone(settings);
    this.draft = draft;
    const variants = spec ? Object.keys(spec.variants) : ["xinyu", "longyan"];
    const body = el("div", { class: "grid" });
    const rulesBox = el("div", { class: "grid", id: "set-rules" });

    const field = (id, labelKey, control) => {
      control.id = id;
      body.append(el("label", { for: id, text: t(labelKey) }), control);
      return control;
    };
    const select = (values, current, labelOf, onchange) => {
      const s = el("select", { onchange: (e) => onchange(values[e.target.selectedIndex]) });
      values.forEach((v) => s.append(el("option", { value: String(v), text: labelOf(v), selected: v === current })));
      return s;
    };
    const check = (current, onchange) => el("input", { type: "checkbox", checked: current, onchange: (e) => onchange(e.target.checked) });

    const variantButtons = el("div", { class: "variants", role: "group", "aria-label": t("set.variant") });
    const paintVariants = () => {
      variantButtons.replaceChildren(...variants.map((v) => el("button", {
        type: "button", "data-variant": v, "aria-pressed": String(draft.variant === v), text: t(`variant.${v}`),
        onclick: () => {
          draft.variant = v;
          paintVariants();
          paintRules();
        },
      })));
    };
    paintVariants();
    body.append(el("span", { text: t("set.variant") }), variantButtons);

    const paintRules = () => {
      rulesBox.replaceChildren();
      if (!spec) {
        rulesBox.append(el("p", { class: "note", text: t("set.rulesLoading") }));
        return;
      }
      const opts = spec.variants[draft.variant].options;
      draft.options[draft.variant] ??= {};
      const chosen = draft.options[draft.variant];
      for (const [name, values] of Object.entries(opts)) {
        const current = name in chosen ? chosen[name] : values[0];
        const id = `opt-${name}`;
        const control = select(values, current, (v) => optionLabel(name, v), (v) => {
          chosen[name] = v;
        });
        control.id = id;
        control.dataset.option = name;
        rulesBox.append(el("label", { for: id, text: t(`opt.${name}`) }), control);
      }
    };
    paintRules();

    const handsChoices = spec?.hands ?? [1, 2, 4, 8, 12, 16];
    if (!handsChoices.includes(draft.hands)) handsChoices.push(draft.hands);
    field("set-hands", "set.hands", select(handsChoices.sort((a, b) => a - b), draft.hands, String, (v) => (draft.hands = v)));
    const levels = spec?.levels ?? ["easy", "normal", "hard"];
    field("set-level", "set.level", select(levels, draft.level, (v) => t(`level.${v}`), (v) => (draft.level = v)));
    field("set-autoplay", "set.autoplay", check(draft.autoplay, (v) => (draft.autoplay = v)));
    const seed = el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", value: draft.seed ?? "" });
    seed.addEventListener("input", () => (draft.seed = seed.value === "" ? null : Number(seed.value)));
    field("set-seed", "set.seed", seed);

    // These take effect at once, without a new match.
    const live = el("div", { class: "grid" });
    const liveField = (id, labelKey, control) => {
      control.id = id;
      live.append(el("label", { for: id, text: t(labelKey) }), control);
    };
    liveField("set-lang", "set.lang", select(LANGS, getLang(), (v) => LANG_NAMES[v], (v) => this.h.setLang(v)));
    liveField("set-hints", "set.hints", check(settings.hints, (v) => this.h.setLive({ hints: v })));
    liveField("set-speed", "set.speed", select(["slow", "normal", "fast", "instant"], settings.speed, (v) => t(`speed.${v}`),
      (v) => this.h.setLive({ speed: v })));
    liveField("set-sound", "set.sound", check(!this.muted, (v) => this.h.setLive({ muted: !v })));

    const close = () => {
      this.closeDialog("settings");
      this.h.settingsClosed(null);
    };
    const start = () => {
      this.closeDialog("settings");
      this.h.settingsClosed(draft);
    };
    this.openDialog("settings", "settings", t("set.title"), [
      el("h3", { text: t("set.quick") }), body,
      el("h3", { text: t("set.rules") }), rulesBox,
      el("h3", { text: t("set.lang") + " · " + t("set.speed") }), live,
    ], [
      el("button", { type: "button", id: "set-close", text: t("set.close"), onclick: close }),
      el("button", { type: "button", id: "set-start", class: "primary", text: t("set.start"), onclick: start }),
    ], { onClose: close });
    if (focusStart) document.getElementById("set-start")?.focus();
  }

  /** The end of a hand (settle.js builds it); final standings at the match's end. */
  openSettlement(state, handlers) {
    const { title, body, buttons } = settlement(state, handlers);
    buttons.unshift(el("button", { type: "button", id: "settle-peek", text: t("settle.peek"), onclick: () => this.peekSettlement(true) }));
    this.openDialog("settle", "settle", title, body, buttons);
    this.settleOpen = true;
  }

  /** Hide the settlement to look at the table; a button brings it back. */
  peekSettlement(peek) {
    const backdrop = this.dialogs.querySelector('[data-dialog="settle"]');
    if (!backdrop) return;
    backdrop.hidden = peek;
    this.peekButton?.remove();
    this.peekButton = null;
    if (peek) {
      this.peekButton = el("button", { type: "button", id: "settle-show", class: "primary settle-show", text: t("settle.show"),
        onclick: () => this.peekSettlement(false) });
      this.root.append(this.peekButton);
      this.peekButton.focus();
    } else {
      backdrop.querySelector("button.primary")?.focus();
    }
  }

  closeSettlement() {
    this.peekButton?.remove();
    this.peekButton = null;
    this.closeDialog("settle");
    this.settleOpen = false;
  }
}

function optionLabel(name, value) {
  if (typeof value === "boolean") return t(value ? "opt.yes" : "opt.no");
  if (name === "timer") return value ? t("opt.timer.n", { n: value }) : t("opt.timer.0");
  const key = `opt.${name}.${value}`;
  const s = t(key);
  return s === key ? String(value) : s;
}

function trapFocus(dialog, e) {
  const items = [...dialog.querySelectorAll("button, select, input, [tabindex]")].filter((x) => !x.disabled && x.offsetParent !== null);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
