// The hints and tile-tracker panels and the toolbar's toggles: whether each panel shows, and the
// hint the engine gives for this moment (fetched on the player's turn and after another player's
// discard; the last one stays up until the next arrives, so the panel does not flicker).

import { saveSettings } from "./settings.js";
import { getLang } from "./i18n.js";
import { call } from "./bridge.js";

/** ctx: {view, ui, sound, settings, run, redraw}; run.gen drops answers of an older match. */
export function createPanels(ctx) {
  const { view, ui, sound, settings, run, redraw } = ctx;
  let showTracker = false;
  let hint = null;

  function toggle(what) {
    if (what === "tracker") showTracker = !showTracker;
    if (what === "hints") {
      settings.hints = !settings.hints;
      saveSettings(settings, getLang());
      refreshHints();
    }
    if (what === "sound") {
      sound.setMuted(!sound.muted);
      ui.setSound(sound.muted);
    }
    ui.setToggles({ hints: settings.hints, tracker: showTracker });
    refresh();
  }

  function refresh() {
    const s = view.state;
    ui.showTracker(showTracker && !!s, s?.unseen);
    ui.showHints(settings.hints && !!s && !s.autoplay && !s.is_over && (s.human_to_move || !!hint), hint);
    ui.setToggles({ hints: settings.hints, tracker: showTracker });
    redraw();
  }

  async function refreshHints() {
    const s = view.state;
    view.ui.hintTile = null;
    const othersDiscard = !!(s && s.last_discard && s.last_discard.seat !== s.human);
    if (s && !s.human_to_move && hint?.suggested) hint = null; // a suggestion for a turn already played
    if (!settings.hints || !s || s.autoplay || s.is_over || !(s.human_to_move || othersDiscard)) {
      hint = null;
      refresh();
      return;
    }
    const moment = s.history_length;
    const my = run.gen;
    try {
      const answer = await call("hint");
      if (my !== run.gen || view.state.history_length !== moment) return;
      hint = answer.hint;
      const suggested = hint?.suggested ? String(hint.suggested).split(" ") : [];
      view.ui.hintTile = suggested[0] === "discard" || suggested[0] === "swim" ? suggested[1] : null;
    } catch {
      hint = null; // a hint is a nicety: its failure is not the game's
    }
    refresh();
    redraw();
  }

  return {
    toggle,
    refresh,
    refreshHints,
    get showTracker() {
      return showTracker;
    },
    /** The action the hint suggests now, if any. */
    suggested: () => hint?.suggested ?? null,
    /** Forget the hint: a new match, or the move it suggested was just played. */
    clear: () => {
      hint = null;
    },
    played: () => {
      if (hint?.suggested) hint = null;
    },
  };
}
