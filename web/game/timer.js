// The decision timer: a deadline for the human's decision when the clock runs (view.timer, drawn
// in the centre of the table), ticks and the prompt's warning in its last five seconds (prompt.js),
// standing still while the settings or help dialog is open (its deadline moves on), and the
// engine's `timeout` move when it runs out: the tile the player had selected, else the hint's choice.

/**
 * ctx: {store, ui, sound, redraw, move, onFault, played, seconds, selected}: move(method) is the
 * controller's call that changes the match, played(answer) applies the move the engine made for
 * the player, onFault(error) reports a failed engine; seconds() is the clock now (0: none) and
 * selected() the move the player had chosen (the selected tile's discard) or null.
 */
export function createTimer(ctx) {
  const { store, ui, sound, redraw, move, onFault, played, seconds: clock, selected } = ctx;
  const { view, run } = store;

  function start() {
    stop();
    const s = view.state;
    const seconds = clock();
    if (!seconds || s.autoplay || !s.human_to_move) return;
    const total = seconds * 1000;
    const now = performance.now();
    store.setTimer({ deadline: now + total, total, gen: run.gen, moment: s.history_length, checked: now, paused: false });
  }

  function stop() {
    store.setTimer(null);
  }

  /** True while a dialog covers the table: the timer stands still (its deadline moves on). */
  function covered() {
    return ui.isDialogOpen("settings") || ui.isDialogOpen("help");
  }

  async function onTimeout(my, moment) {
    const s = view.state;
    if (!store.isCurrent(my) || !s || !s.human_to_move || s.history_length !== moment || run.busy) return;
    store.setBusy(true);
    stop();
    const chosen = selected();
    let answer;
    try {
      answer = await move("timeout", chosen ? { selected: chosen } : {});
    } catch (error) {
      store.setBusy(false);
      onFault(error); // an older match's answer (kind "stale") is no fault: onFault ignores it
      return;
    }
    store.setBusy(false);
    played(answer);
  }

  // Four times a second: the timer stands still under a dialog, redraws, ticks in its last five
  // seconds and plays the default move once its time is used up.
  setInterval(() => {
    const timer = view.timer;
    if (!timer) return;
    const now = performance.now();
    const paused = covered();
    const deadline = paused ? timer.deadline + (now - timer.checked) : timer.deadline;
    store.setTimer({ ...timer, deadline, paused, checked: now });
    redraw();
    const left = Math.ceil((deadline - now) / 1000);
    if (left <= 5 && left > 0 && left !== timer.lastTick && !paused) {
      store.setTimer({ ...view.timer, lastTick: left });
      sound.play("tick");
    }
    if (left <= 0 && !paused) onTimeout(timer.gen, timer.moment);
  }, 250);

  return { start, stop };
}
