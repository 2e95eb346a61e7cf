// The hints and tile-tracker panels and the toolbar's toggles: whether each panel shows, where
// the panels dock (above the board on a portrait screen, under the toolbar otherwise, with the room
// reserved in the table's layout), and the hint the engine gives for this moment (fetched on the
// player's turn and after another player's discard; the last one stays up until the next
// arrives, so the panel does not flicker).

import { choose } from "../keep/settings.js";
import { getLang } from "../i18n/i18n.js";
import { call } from "../engine/engine.js";

/** ctx: {store, ui, sound, settings, redraw}; the engine client drops answers of an older match. */
export function createPanels(ctx) {
  const { store, ui, sound, settings, redraw } = ctx;
  const { view } = store;
  let showTracker = false;
  let hint = null;
  /** The hint a move's answer brought (app.js move), for the moment it was given. */
  let carried = { moment: -1, hint: null };

  /** Keep the hint that came with a move's answer: refreshHints then needs no trip of its own. */
  function took(answer) {
    if (answer && "hint" in answer) carried = { moment: answer.state?.history_length ?? -1, hint: answer.hint };
  }

  function toggle(what) {
    if (what === "tracker") showTracker = !showTracker;
    if (what === "hints") {
      choose(settings, { hints: !settings.hints }, getLang());
      refreshHints();
    }
    if (what === "sound") {
      sound.setMuted(!sound.muted);
      ui.setSound(sound.muted);
    }
    if (what === "faces" && view.state?.autoplay) turnFaces(store, redraw);
    ui.setToggles({ hints: settings.hints, tracker: showTracker });
    refresh();
  }

  function refresh() {
    const s = view.state;
    ui.showTracker(showTracker && !!s, s?.unseen);
    // shown through the whole hand while hints are on (what it says changes, not whether it shows:
    // the board beside it holds still)
    ui.showHints(settings.hints && !!s && !s.autoplay && !s.is_over, hint);
    ui.setToggles({ hints: settings.hints, tracker: showTracker });
    redraw();
  }

  async function refreshHints() {
    const s = view.state;
    store.setHintTile(null);
    const othersDiscard = !!(s && s.last_discard && s.last_discard.seat !== s.human);
    if (s && !s.human_to_move && hint?.suggested) hint = null; // a suggestion for a turn already played
    if (!settings.hints || !s || s.autoplay || s.is_over || !(s.human_to_move || othersDiscard)) {
      hint = null;
      refresh();
      return;
    }
    const moment = s.history_length;
    try {
      const answer = carried.moment === moment ? { hint: carried.hint } : await call("hint");
      if (view.state.history_length !== moment) return; // a move was played meanwhile
      hint = answer.hint;
      const suggested = hint?.suggested ? String(hint.suggested).split(" ") : [];
      store.setHintTile(suggested[0] === "discard" || suggested[0] === "swim" ? suggested[1] : null);
    } catch (error) {
      if (error.kind === "stale") return; // a new match: its own hints come
      hint = null; // a hint is a nicety: its failure is not the game's
    }
    refresh();
    redraw();
  }

  return {
    dock: (w, h) => dockPanels(ui, w, h, refresh),
    took,
    fit: (layout) => fitPanels(ui, layout),
    toggle,
    refresh,
    refreshHints,
    get showTracker() {
      return showTracker;
    },
    /** The action the hint suggests now, if any. */
    suggested: () => hint?.suggested ?? null,
    /** Forget the hint: a new match (clear), or the move it suggested was just played (played). */
    clear: () => void (hint = null),
    played: () => void (hint = hint?.suggested ? null : hint),
  };
}

/**
 * The demo's hands face up or down (bridge spectate); the next step keeps the choice (an older
 * match's answer is dropped by the engine client).
 */
function turnFaces(store, redraw) {
  const { view } = store;
  call("spectate", { face_up: !view.state.face_up }).then((answer) => {
    store.setState({ ...view.state, hands: answer.state.hands, face_up: answer.state.face_up }, view.ui.selected + 1);
    redraw();
  }, () => {});
}

/**
 * Dock the panels for a canvas of w×h css px: above the board on a portrait screen, else on
 * the left under the toolbar. Returns the room the table's layout leaves them ({topReserve,
 * leftReserve, panelsRoom}), so that they never cover the hand, the discards or the claim
 * buttons, which keep their places whether the panels are open or not.
 */
function dockPanels(ui, w, h, refresh) {
  const mode = h > w * 1.15 ? "top" : "left";
  if (ui.setDock(mode, mode === "top" || h <= 500)) refresh(); // the tiles' size changed
  // the panels start under the toolbar and its status line, or beside a toolbar at the left edge
  // (a phone on its side); the toolbar is a row over panels docked on the left (ui.css)
  // (the toolbar keeps its place whatever the panels do: it jumped from a column to a row)
  ui.setToolbarOverPanels(false);
  const bar = ui.toolbarBox();
  const top = bar.column ? "" : `${bar.bottom + 6}px`;
  const left = bar.column && mode === "left" ? `${bar.right + 6}px` : "";
  if (ui.side.style.top !== top) ui.side.style.top = top;
  if (ui.side.style.left !== left) ui.side.style.left = left;
  // the toolbar and the status line over a narrow table (not a column at the left edge: a small
  // phone on its side, where that band took the whole height and left the board a sliver)
  const band = w < 600 && !bar.column ? bar.bottom + 4 : 0;
  if (mode === "top") {
    // over a portrait board's top: the board keeps its size and place (issue 57)
    return { topReserve: band, leftReserve: 0, panelsRoom: 0 };
  }
  // the room they take beside the board, open or not: where the board can leave it free at no
  // cost, it does, and opening them moves nothing (layout.js)
  const room = ui.side.getBoundingClientRect().right + 8;
  return { topReserve: band, leftReserve: ui.sideOpen() ? room : 0, panelsRoom: room };
}

/**
 * The panels' height beside the board: down to the player's strip, or to the claim buttons
 * docked under them in the same column (layout.js, "docked"); above a portrait board, ui.css's.
 */
function fitPanels(ui, layout) {
  const side = ui.side;
  if (!layout) return;
  if (layout.portrait) {
    side.style.maxHeight = "";
    side.style.removeProperty("--dock-h");
    return;
  }
  // above the claim buttons' row where they take one (their band, shown or not: the panels hold still)
  const row = layout.actions?.mode === "row" || layout.actions?.mode === "docked";
  const buttons = row ? (ui.actionSize()?.h || 46) + 14 : 0;
  const height = `${Math.max(120, Math.floor(layout.stripTop - 8 - buttons - side.offsetTop))}px`;
  if (side.style.maxHeight !== height) {
    side.style.maxHeight = height;
    side.style.setProperty("--dock-h", height);
  }
}
