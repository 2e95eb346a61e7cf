// The decision timer: a deadline for the human's decision when the rule options set one
// (view.timer, drawn in the centre of the table), ticks in its last five seconds, paused while
// the settings or help dialog is open (its deadline moves on), and the engine's `timeout` move when it runs out.

import { call } from "./bridge.js";

/**
 * ctx: {view, ui, sound, run, redraw, onFault, played}: played(answer) applies the move the
 * engine made for the player, onFault(error) reports a failed engine.
 */
export function createTimer(ctx) {
  const { view, ui, sound, run, redraw, onFault, played } = ctx;

  function start() {
    stop();
    const s = view.state;
    const seconds = Number(s?.options?.timer || 0);
    if (!seconds || s.autoplay || !s.human_to_move) return;
    const total = seconds * 1000;
    const now = performance.now();
    view.timer = { deadline: now + total, total, gen: run.gen, moment: s.history_length, checked: now, paused: false };
  }

  function stop() {
    view.timer = null;
  }

  /** True while a dialog covers the table: the timer stands still (its deadline moves on). */
  function covered() {
    return ui.isDialogOpen("settings") || ui.isDialogOpen("help");
  }

  async function onTimeout(my, moment) {
    const s = view.state;
    if (my !== run.gen || !s || !s.human_to_move || s.history_length !== moment || run.busy) return;
    run.busy = true;
    stop();
    let answer;
    try {
      answer = await call("timeout");
    } catch (error) {
      run.busy = false;
      if (my === run.gen) onFault(error);
      return;
    }
    run.busy = false;
    if (my !== run.gen) return;
    played(answer);
  }

  // Four times a second: the timer pauses under a dialog, redraws, ticks in its last five
  // seconds and plays the default move once its time is used up.
  setInterval(() => {
    const timer = view.timer;
    if (!timer) return;
    const now = performance.now();
    timer.paused = covered();
    if (timer.paused) timer.deadline += now - timer.checked;
    timer.checked = now;
    redraw();
    const left = Math.ceil((timer.deadline - now) / 1000);
    if (left <= 5 && left > 0 && left !== timer.lastTick && !timer.paused) {
      timer.lastTick = left;
      sound.play("tick");
    }
    if (left <= 0 && !timer.paused) onTimeout(timer.gen, timer.moment);
  }, 250);

  return { start, stop };
}
