// The decision timer: a deadline for the human's decision when the rule options set one
// (view.timer, drawn in the centre of the table), ticks in its last five seconds, paused by an
// open settings or help dialog, and the engine's `timeout` move when it runs out.

import { call } from "./bridge.js";

/**
 * ctx: {store, ui, sound, redraw, onFault, played}: played(answer) applies the move the
 * engine made for the player, onFault(error) reports a failed engine.
 */
export function createTimer(ctx) {
  const { store, ui, sound, redraw, onFault, played } = ctx;
  const { view, run } = store;

  function start() {
    stop();
    const s = view.state;
    const seconds = Number(s?.options?.timer || 0);
    if (!seconds || s.autoplay || !s.human_to_move) return;
    const my = run.gen;
    const moment = s.history_length;
    const total = seconds * 1000;
    store.setTimer({ deadline: performance.now() + total, total }, setTimeout(() => onTimeout(my, moment), total));
  }

  function stop() {
    clearTimeout(view.timerHandle);
    store.setTimer(null);
  }

  async function onTimeout(my, moment) {
    const s = view.state;
    if (!store.isCurrent(my) || !s || !s.human_to_move || s.history_length !== moment || run.busy) return;
    if (ui.isDialogOpen("settings") || ui.isDialogOpen("help")) {
      start(); // paused while a dialog is open: start over when it closes
      return;
    }
    store.setBusy(true);
    stop();
    let answer;
    try {
      answer = await call("timeout");
    } catch (error) {
      store.setBusy(false);
      onFault(error); // an older match's answer (kind "stale") is no fault: onFault ignores it
      return;
    }
    store.setBusy(false);
    played(answer);
  }

  // The timer redraws four times a second, and ticks in its last five seconds.
  setInterval(() => {
    if (!view.timer) return;
    redraw();
    const left = Math.ceil((view.timer.deadline - performance.now()) / 1000);
    if (left <= 5 && left > 0 && left !== view.timer.lastTick) {
      view.timer.lastTick = left;
      sound.play("tick");
    }
  }, 250);

  return { start, stop };
}
