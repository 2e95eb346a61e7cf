// The settings dialog: the rule set and its options, match length, bot level, autoplay and seed
// (taking effect with a new match), and language, hints, speed and sound (at once). Every list
// in it is the engine's (catalog.js).

import { t, getLang, LANGS, LANG_NAMES } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";

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
  }

  /**
   * Settings. spec: {variants: {name: {options: {opt: [values]}}}, levels, speeds, hands}
   * (from the engine; null while it loads). settings: the current choices.
   */
  open(settings, spec, { focusStart = false, keepDraft = false } = {}) {
    // re-opened in another language: keep the choices made so far
    const draft = keepDraft && this.draft ? this.draft : structuredClone(settings);
    this.draft = draft;
    const variants = spec ? Object.keys(spec.variants) : [settings.variant];
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

    const variantButtons = el("div", { class: "variants", role: "group", "aria-label": t("settings.variant") });
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
    body.append(el("span", { text: t("settings.variant") }), variantButtons);

    const paintRules = () => {
      rulesBox.replaceChildren();
      if (!spec) {
        rulesBox.append(el("p", { class: "note", text: t("settings.rulesLoading") }));
        return;
      }
      const opts = spec.variants[draft.variant]?.options ?? {};
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
        rulesBox.append(el("label", { for: id, text: t(`option.${name}`) }), control);
      }
    };
    paintRules();

    const handsChoices = [...(spec?.hands ?? [])];
    if (!handsChoices.includes(draft.hands)) handsChoices.push(draft.hands);
    field("set-hands", "settings.hands", select(handsChoices.sort((a, b) => a - b), draft.hands, String, (v) => (draft.hands = v)));
    const levels = spec?.levels ?? [draft.level];
    field("set-level", "settings.level", select(levels, draft.level, (v) => t(`level.${v}`), (v) => (draft.level = v)));
    field("set-autoplay", "settings.autoplay", check(draft.autoplay, (v) => (draft.autoplay = v)));
    const seed = el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", value: draft.seed ?? "" });
    seed.addEventListener("input", () => (draft.seed = seed.value === "" ? null : Number(seed.value)));
    field("set-seed", "settings.seed", seed);

    // These take effect at once, without a new match.
    const live = el("div", { class: "grid" });
    const liveField = (id, labelKey, control) => {
      control.id = id;
      live.append(el("label", { for: id, text: t(labelKey) }), control);
    };
    liveField("set-lang", "settings.lang", select(LANGS, getLang(), (v) => LANG_NAMES[v], (v) => this.h.setLang(v)));
    liveField("set-hints", "settings.hints", check(settings.hints, (v) => this.h.setLive({ hints: v })));
    liveField("set-speed", "settings.speed", select(["slow", "normal", "fast", "instant"], settings.speed, (v) => t(`speed.${v}`),
      (v) => this.h.setLive({ speed: v })));
    liveField("set-sound", "settings.sound", check(!this.muted(), (v) => this.h.setLive({ muted: !v })));

    const close = () => {
      this.dialogs.close("settings");
      this.h.settingsClosed(null);
    };
    const start = () => {
      this.dialogs.close("settings");
      this.h.settingsClosed(draft);
    };
    // the deal of the day: the chosen rule set and bot level, today's walls, the rule set's default options
    const daily = () => {
      this.dialogs.close("settings");
      this.h.settingsClosed({ ...draft, daily: true });
    };
    this.dialogs.open("settings", "settings", t("settings.title"), [
      el("h3", { text: t("settings.quick") }), body,
      el("h3", { text: t("settings.rules") }), rulesBox,
      el("h3", { text: t("settings.lang") + " · " + t("settings.speed") }), live,
    ], [
      el("button", { type: "button", id: "set-close", text: t("settings.close"), onclick: close }),
      el("button", { type: "button", id: "set-daily", text: t("keep.daily"), title: t("keep.dailyHint"), onclick: daily }),
      el("button", { type: "button", id: "set-start", class: "primary", text: t("settings.start"), onclick: start }),
    ], { onClose: close });
    if (focusStart) document.getElementById("set-start")?.focus();
  }
}

function optionLabel(name, value) {
  if (typeof value === "boolean") return t(value ? "option.yes" : "option.no");
  if (name === "timer") return value ? t("option.timer.n", { n: value }) : t("option.timer.0");
  const key = `option.${name}.${value}`;
  const s = t(key);
  return s === key ? String(value) : s;
}
