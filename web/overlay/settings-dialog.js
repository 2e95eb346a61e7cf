// The settings dialog, in two parts. What applies at once, to the match now playing: language,
// the decision clock, hints, speed and sound. What needs a new match: the rule set and its
// options, match length, bot level, autoplay and seed; each changed one says so beside it, and the
// dialog asks whether to start a new match now or keep them for the next one (Close keeps them:
// no change is ever dropped). Every list in it is the engine's (catalog.js).

import { t, getLang, LANGS, LANG_NAMES } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { probeStorage } from "../shell/storage.js";
import { openRecord } from "./record-dialog.js";

/**
 * @typedef {{variant: string, seconds: number, unchosen: boolean}} Clock  the decision clock running now:
 *   its rule set, its seconds, and whether it is off because the player never turned it on (RULES.md §4)
 */

export class SettingsDialog {
  /**
   * @param {import("./dialogs.js").Dialogs} dialogs
   * @param {Record<string, Function>} handlers  setLang, setLive, settingsClosed
   * @param {() => boolean} muted  whether the sound is off now
   */
  constructor(dialogs, handlers, muted) {
    this.dialogs = dialogs;
    this.h = handlers;
    this.muted = muted;
    /** @type {any} the choices made so far, kept when the dialog is re-opened in another language */
    this.draft = null;
    /** @type {any} the settings as the dialog opened: what the draft's changes are told against */
    this.base = null;
  }

  /**
   * Settings. spec: {variants: {name: {options: {opt: [values]}}}, levels, speeds, hands}
   * (from the engine; null while it loads). settings: the current choices. clock: the decision
   * clock now (null before the first deal).
   * @param {any} settings @param {any} spec
   * @param {{focusStart?: boolean, keepDraft?: boolean, clock?: Clock | null}} [how]
   */
  open(settings, spec, { focusStart = false, keepDraft = false, clock = null } = {}) {
    // re-opened in another language: keep the choices made so far (and what they are compared with)
    const keep = keepDraft && this.draft;
    const draft = keep ? this.draft : structuredClone(settings);
    const base = keep ? this.base : structuredClone(settings);
    this.draft = draft;
    this.base = base;
    /** @type {Map<string, HTMLElement>} each new-match control's label, to mark it when changed */
    const labels = new Map();
    const { body, rulesBox } = matchSection(spec, settings, draft, labels, () => pending());
    const live = this.liveSection(settings, spec, draft, clock);

    const ask = el("p", { class: "pending", id: "set-pending", role: "status", hidden: true, text: t("settings.pending") });
    const closeButton = el("button", { type: "button", id: "set-close", text: t("settings.close"), onclick: () => close() });
    const startButton = el("button", { type: "button", id: "set-start", class: "primary", text: t("settings.start"), onclick: () => start() });

    /** The new-match choices changed here: marked beside them, and the dialog asks "now or from the next match". */
    const pending = () => {
      const changed = changedFrom(base, draft, spec);
      for (const [id, node] of labels) {
        node.classList.toggle("changed", changed.includes(id));
        node.querySelector(".later")?.remove();
        if (changed.includes(id)) node.append(el("small", { class: "later", text: t("settings.later") }));
      }
      ask.hidden = !changed.length;
      closeButton.textContent = t(changed.length ? "settings.nextMatch" : "settings.close");
      startButton.textContent = t(changed.length ? "settings.startNow" : "settings.start");
      return changed;
    };

    const close = () => {
      this.dialogs.close("settings");
      this.h.settingsClosed(draft, "later", pending().length > 0);
    };
    const start = () => {
      this.dialogs.close("settings");
      this.h.settingsClosed(draft, "now");
    };
    // the deal of the day: the chosen rule set and bot level, today's walls, the rule set's default options
    const daily = () => {
      this.dialogs.close("settings");
      this.h.settingsClosed(draft, "daily");
    };
    // the player's record of matches in this browser, to browse, export and import (record-dialog.js)
    const record = el("button", { type: "button", id: "set-record", text: t("record.open"), onclick: () => {
      close();
      openRecord(this.dialogs, probeStorage());
    } });
    this.dialogs.open("settings", "settings", t("settings.title"), [
      el("h3", { text: t("settings.now") }), live, el("p", { class: "record-open" }, record),
      el("h3", { text: t("settings.newMatch") }), el("p", { class: "note", text: t("settings.newMatchNote") }), body,
      // a table of people, each on their own device (issue 49: friends.html)
      el("p", { class: "note" }, el("a", { href: "./friends.html", id: "set-friends", text: t("settings.friends") })),
      el("h4", { text: t("settings.rules") }), rulesBox,
    ], [
      ask,
      el("button", { type: "button", id: "set-daily", text: t("keep.daily"), title: t("keep.dailyHint"), onclick: daily }),
      closeButton, startButton,
    ], { onClose: close });
    pending();
    if (focusStart) startButton.focus();
  }

  /**
   * What applies at once, to the match now playing: language, the decision clock, hints, the
   * shortcuts, speed and sound.
   * @param {any} settings @param {any} spec @param {any} draft @param {Clock | null} clock
   */
  liveSection(settings, spec, draft, clock) {
    const live = el("div", { class: "grid", id: "set-now" });
    const liveField = (id, labelKey, control) => {
      control.id = id;
      live.append(el("label", { for: id, text: t(labelKey) }), control);
    };
    liveField("set-lang", "settings.lang", select(LANGS, getLang(), (v) => LANG_NAMES[v], (v) => this.h.setLang(v)));
    const clockVariant = clock?.variant ?? settings.variant;
    const clockValues = spec?.variants[clockVariant]?.options?.timer;
    if (clockValues) {
      const rule = spec.variants[clockVariant].defaults?.timer ?? clockValues[0];
      const now = clock ? clock.seconds : (draft.options[clockVariant]?.timer ?? rule);
      const named = (v) => (v === rule ? t("option.timer.rule", { value: optionLabel("timer", v), variant: t(`variant.${clockVariant}`) }) : optionLabel("timer", v));
      liveField("opt-timer", "option.timer", select([...clockValues].sort((a, b) => a - b), now, named, (v) => {
        draft.options[clockVariant] = { ...draft.options[clockVariant], timer: v };
        firstNote.hidden = true;
        this.h.setLive({ clock: { variant: clockVariant, seconds: v } });
      }));
      const firstNote = el("p", { class: "note", id: "set-clock-first", hidden: !(clock?.unchosen && rule > 0),
        text: t("settings.clockFirst", { variant: t(`variant.${clockVariant}`), value: optionLabel("timer", rule) }) });
      live.append(firstNote);
    }
    liveField("set-hints", "settings.hints", check(settings.hints, (v) => this.h.setLive({ hints: v })));
    // a regular's shortcuts: claims passed, wins taken, without a prompt (app.js humanTurn)
    liveField("set-autoPass", "settings.autoPass", check(settings.autoPass, (v) => this.h.setLive({ autoPass: v })));
    liveField("set-autoWin", "settings.autoWin", check(settings.autoWin, (v) => this.h.setLive({ autoWin: v })));
    liveField("set-speed", "settings.speed", select(["slow", "normal", "fast", "instant"], settings.speed, (v) => t(`speed.${v}`),
      (v) => this.h.setLive({ speed: v })));
    liveField("set-sound", "settings.sound", check(!this.muted(), (v) => this.h.setLive({ muted: !v })));
    return live;
  }
}

/** A select of `values`, `current` chosen, each worded by `labelOf`; `onchange(value)`. */
function select(values, current, labelOf, onchange) {
  const s = el("select", { onchange: (e) => onchange(values[e.target.selectedIndex]) });
  values.forEach((v) => s.append(el("option", { value: String(v), text: labelOf(v), selected: v === current })));
  return s;
}

/** A checkbox, `current` checked; `onchange(checked)`. */
function check(current, onchange) {
  return el("input", { type: "checkbox", checked: current, onchange: (e) => onchange(e.target.checked) });
}

/**
 * What needs a new match: the rule set (its buttons, and its options in `rulesBox`), the match's
 * length, the bots' level (and what it plays like), autoplay and the seed. Each control's label goes
 * into `labels`; `changed()` after each choice (the dialog marks what changed).
 * @param {any} spec @param {any} settings @param {any} draft @param {Map<string, HTMLElement>} labels @param {() => void} changed
 */
function matchSection(spec, settings, draft, labels, changed) {
  const variants = spec ? Object.keys(spec.variants) : [settings.variant];
  const body = el("div", { class: "grid", id: "set-match" });
  const rulesBox = el("div", { class: "grid", id: "set-rules" });
  const label = (id, labelKey, tag = "label") => {
    const node = el(tag, tag === "label" ? { for: id, text: t(labelKey) } : { text: t(labelKey) });
    labels.set(id, node);
    return node;
  };
  const field = (id, labelKey, control) => {
    control.id = id;
    body.append(label(id, labelKey), control);
    return control;
  };

  const variantButtons = el("div", { class: "variants", role: "group", "aria-label": t("settings.variant") });
  const paintVariants = () => {
    variantButtons.replaceChildren(...variants.map((v) => el("button", {
      type: "button", "data-variant": v, "aria-pressed": String(draft.variant === v), text: t(`variant.${v}`),
      onclick: () => {
        draft.variant = v;
        paintVariants();
        paintRules(rulesBox, spec, draft, label, changed);
        paintLevelNote();
        changed();
      },
    })));
  };
  paintVariants();
  body.append(label("set-variant", "settings.variant", "span"), variantButtons);
  paintRules(rulesBox, spec, draft, label, changed);

  const handsChoices = [...(spec?.hands ?? [])];
  if (!handsChoices.includes(draft.hands)) handsChoices.push(draft.hands);
  field("set-hands", "settings.hands", select(handsChoices.sort((a, b) => a - b), draft.hands, String, (v) => {
    draft.hands = v;
    changed();
  }));
  const levels = spec?.levels ?? [draft.level];
  // what the chosen level plays like in the chosen rule set (the bots differ by rule set)
  const levelNote = el("p", { class: "note", id: "set-level-note", "aria-live": "polite" });
  const paintLevelNote = () => {
    levelNote.textContent = t(`levelNote.${draft.variant}.${draft.level}`);
  };
  field("set-level", "settings.level", select(levels, draft.level, (v) => t(`level.${v}`), (v) => {
    draft.level = v;
    paintLevelNote();
    changed();
  }));
  body.append(levelNote);
  paintLevelNote();
  field("set-autoplay", "settings.autoplay", check(draft.autoplay, (v) => {
    draft.autoplay = v;
    changed();
  }));
  // the engine's range, from -max_seed to max_seed (the catalog's; the engine checks it either way)
  const range = Number.isSafeInteger(spec?.max_seed) ? { min: String(-spec.max_seed), max: String(spec.max_seed) } : {};
  const seed = el("input", { type: "number", ...range, step: "1", inputmode: "numeric", value: draft.seed ?? "" });
  seed.addEventListener("input", () => {
    draft.seed = seed.value === "" ? null : Number(seed.value);
    changed();
  });
  field("set-seed", "settings.seed", seed);
  return { body, rulesBox };
}

/** The rule set's options, each a select (the clock is not among them: it applies now, above). */
function paintRules(rulesBox, spec, draft, label, changed) {
  rulesBox.replaceChildren();
  if (!spec) {
    rulesBox.append(el("p", { class: "note", text: t("settings.rulesLoading") }));
    return;
  }
  const opts = spec.variants[draft.variant]?.options ?? {};
  const chosen = draft.options[draft.variant] ?? {};
  for (const [name, values] of Object.entries(opts)) {
    if (name === "timer") continue; // the clock applies now: above
    const current = name in chosen ? chosen[name] : values[0];
    const id = `opt-${name}`;
    const control = select(values, current, (v) => optionLabel(name, v), (v) => {
      draft.options[draft.variant] = { ...draft.options[draft.variant], [name]: v };
      changed();
    });
    control.id = id;
    control.dataset.option = name;
    rulesBox.append(label(id, `option.${name}`), control);
  }
}

/**
 * The ids of the new-match controls whose choice differs from `base` (the settings as the dialog
 * opened; a rule set of its own changes every option: only the rule set is named then).
 * @param {any} base @param {any} draft @param {any} spec
 */
export function changedFrom(base, draft, spec) {
  const out = [];
  if (draft.variant !== base.variant) out.push("set-variant");
  else {
    const opts = spec?.variants[draft.variant]?.options ?? {};
    const was = base.options[draft.variant] ?? {};
    const now = draft.options[draft.variant] ?? {};
    for (const [name, values] of Object.entries(opts)) {
      if (name === "timer") continue;
      if ((name in now ? now[name] : values[0]) !== (name in was ? was[name] : values[0])) out.push(`opt-${name}`);
    }
  }
  for (const [key, id] of [["hands", "set-hands"], ["level", "set-level"], ["autoplay", "set-autoplay"], ["seed", "set-seed"]]) {
    if ((draft[key] ?? null) !== (base[key] ?? null)) out.push(id);
  }
  return out;
}

/** The dialog's new-match choices that differ from `settings`: {key: value}, what the player chose. */
export function changedChoices(draft, settings) {
  /** @type {Record<string, any>} */
  const changed = {};
  for (const key of ["variant", "hands", "level", "autoplay", "seed"]) {
    if ((draft[key] ?? null) !== (settings[key] ?? null)) changed[key] = draft[key];
  }
  if (!sameOptions(draft.options, settings.options)) changed.options = draft.options;
  return changed;
}

/** Whether two variant -> option -> value tables hold the same choices. */
function sameOptions(a = {}, b = {}) {
  for (const v of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[v] || {};
    const y = b[v] || {};
    for (const name of new Set([...Object.keys(x), ...Object.keys(y)])) if (x[name] !== y[name]) return false;
  }
  return true;
}

function optionLabel(name, value) {
  if (typeof value === "boolean") return t(value ? "option.yes" : "option.no");
  if (name === "timer") return value ? t("option.timer.n", { n: value }) : t("option.timer.0");
  const key = `option.${name}.${value}`;
  const s = t(key);
  return s === key ? String(value) : s;
}
