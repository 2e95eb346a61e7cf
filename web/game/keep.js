// Keeping the match (issue 15), the game page's side: the match saved after every action (the
// engine's `save`, kept by saves.js), the offer to continue it when the page opens again, a
// save that cannot be resumed reported in one line and set aside, the settlement's extra buttons
// (watch this hand again, export, copy a replay link), the deal of the day and, after it, the
// player's total beside what the normal and hard bots made in the player's seat on the same walls.

import { call, LONG_CALL, replayProblem } from "../engine/engine.js";
import { t } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { clearSave, readSave, remember, setAside, writeSave } from "../keep/saves.js";
import { downloadReplay, replayLink } from "../keep/replayio.js";

const DAILY_KEY = "mahjong.daily";
export const DAILY_HANDS = 4;

/** The deal of the day's seed: the same for everyone on a (UTC) date, e.g. 20261201. */
export function dailySeed(date = new Date()) {
  return Number(date.toISOString().slice(0, 10).replace(/-/g, ""));
}

function dailyDate(seed) {
  const s = String(seed);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** The keeper: `ui` (ui.js) for dialogs and notices, `notice(lines)` for the one-line reports. */
export function createKeeper({ ui, notice }) {
  let pending = Promise.resolve();
  let enabled = true;
  let remembered = -1;

  /**
   * Save the match as it is now (queued after any save still on its way): `save` when the move's
   * answer brought it (app.js move), else asked of the engine.
   */
  function saved(state, save = null) {
    if (!enabled || !state) return pending;
    pending = pending.then(async () => {
      if (!save) ({ save } = await call("save"));
      writeSave(save);
      if (state.match?.is_over && state.match.seed !== remembered) {
        remembered = state.match.seed;
        remember(save); // a finished match, for the viewer
      }
    }).catch(() => {}); // the game goes on unsaved
    return pending;
  }

  /** The stored save to offer, or null; a save that cannot be read is reported and set aside. */
  function offer() {
    const kept = readSave();
    if (!kept) return null;
    if (kept.problem) {
      setAside(kept.text);
      notice([t(`keep.problem.${kept.problem}`)]);
      return null;
    }
    const hands = kept.save.hands;
    const last = hands[hands.length - 1];
    const over = last.result && hands.length >= kept.save.match.hands;
    if (over) return null; // a finished match: nothing to continue
    return kept.save;
  }

  /** Ask whether to continue the save; resolves true (continue) or false (a new match). */
  function ask(save) {
    const hands = save.hands;
    return new Promise((resolve) => {
      const done = (answer) => {
        ui.closeDialog("resume");
        resolve(answer);
      };
      ui.dialogs.open("resume", "resume", t("game.title"), [
        el("p", { text: t("keep.resume", { variant: t(`variant.${save.variant}`), n: hands[hands.length - 1].number + 1, total: save.match.hands }) }),
      ], [
        el("button", { type: "button", id: "resume-new", text: t("keep.discard"), onclick: () => done(false) }),
        el("button", { type: "button", id: "resume-continue", class: "primary", text: t("keep.continue"), onclick: () => done(true) }),
      ], { onClose: () => done(false) });
    });
  }

  /** The match of a save in the engine; null (reported, set aside) when it cannot be resumed. */
  async function resume(save) {
    try {
      const { state } = await call("resume", { save });
      return state;
    } catch (error) {
      const problem = replayProblem(error);
      if (!problem) throw error;
      setAside();
      notice([t(problem.code === "version" ? "keep.problem.old" : "keep.problem.corrupt")]);
      return null;
    }
  }

  /** Buttons the settlement adds: watch this hand again, export (hand, match), copy a link, and the comparison after a daily match. */
  function settlementButtons(state) {
    const hand = state.match.hand_number;
    const buttons = [
      el("button", { type: "button", id: "settle-watch", text: t("keep.watch"), onclick: () => watch(hand) }),
      el("button", { type: "button", id: "settle-export", text: t("keep.exportMatch"), onclick: () => exportReplay(null) }),
      el("button", { type: "button", id: "settle-export-hand", text: t("keep.exportHand"), onclick: () => exportReplay(hand) }),
    ];
    if (state.match.is_over && isDaily(state)) {
      buttons.push(el("button", { type: "button", id: "settle-compare", text: t("keep.compare"), onclick: () => compare(state) }));
    }
    return buttons;
  }

  async function watch(hand) {
    const { replay } = await call("export", { hand });
    location.href = await replayLink(replay, { hand: 0, base: location.href });
  }

  async function exportReplay(hand) {
    const { replay } = await call("export", hand === null ? {} : { hand });
    downloadReplay(replay);
  }

  // --- the deal of the day ---

  function isDaily(state) {
    let daily = null;
    try {
      daily = JSON.parse(localStorage.getItem(DAILY_KEY) || "null");
    } catch {
      daily = null;
    }
    return daily?.seed === state.match.seed && daily?.hands === state.match.hands;
  }

  /** The daily match's settings (the caller starts it): today's seed, default options, four hands
   * unless a `hands` URL parameter asks for another length (the same link deals the same to all). */
  function daily(settings, hands = DAILY_HANDS) {
    const seed = dailySeed();
    try {
      localStorage.setItem(DAILY_KEY, JSON.stringify({ seed, hands }));
    } catch {
      // storage blocked: the comparison is offered only while the page stays open
    }
    return { variant: settings.variant, options: {}, hands, level: settings.level, autoplay: false, seed };
  }

  /** The player's total beside the normal and hard bots' in the same seat on the same walls (bridge duplicate). */
  async function compare(state) {
    const status = el("p", { text: t("keep.computing") });
    const table = el("table", { class: "scores compare" });
    ui.dialogs.open("compare", "compare", t("keep.compareTitle"), [el("p", { text: t("keep.dailyStatus", { date: dailyDate(state.match.seed) }) }), status, table],
      [el("button", { type: "button", class: "primary", text: t("replay.close"), onclick: () => ui.closeDialog("compare") })],
      { onClose: () => ui.closeDialog("compare") });
    const { save } = await call("save");
    const { hands } = await call("replay_open", { replay: save });
    const me = state.human;
    const rows = hands.map((h) => ({ n: h.number, you: h.result?.deltas[me] ?? 0, normal: null, hard: null }));
    const draw = () => {
      const total = (k) => rows.reduce((sum, r) => sum + (r[k] ?? 0), 0);
      const line = (label, r) => el("tr", {}, el("td", { text: label }),
        ...["you", "normal", "hard"].map((k) => el("td", { class: "num", text: r[k] === null ? "…" : String(r[k]) })));
      table.replaceChildren(
        el("thead", {}, el("tr", {}, el("th", { text: "" }), el("th", { class: "num", text: t("keep.compareYou") }),
          el("th", { class: "num", text: t("keep.compareLevel.normal") }), el("th", { class: "num", text: t("keep.compareLevel.hard") }))),
        el("tbody", {}, rows.map((r) => line(t("keep.compareHand", { n: r.n + 1 }), r)),
          el("tr", { class: "me" }, el("td", { text: t("keep.compareTotal") }),
            ...["you", "normal", "hard"].map((k) => el("td", { class: "num", id: `compare-${k}`, text: String(total(k)) })))));
    };
    draw();
    for (const level of ["normal", "hard"]) {
      for (let i = 0; i < rows.length; i++) {
        const { result } = await call("duplicate", { hand: i, level }, LONG_CALL);
        rows[i][level] = result.deltas[me];
        draw();
      }
    }
    status.textContent = "";
    table.dataset.done = "true";
  }

  return {
    saved, offer, ask, resume, settlementButtons, daily, compare,
    /** Stop saving (an embedding page's demo, a position from a link: nothing to keep). */
    set enabled(on) {
      enabled = on;
    },
    get enabled() {
      return enabled;
    },
    forget: clearSave,
  };
}
