// The bots' loop: while a bot is to move, one bot_step at a time through the engine, paced by
// the speed setting (a pause of speed().bot since the last step, the player's own too, so that the
// discard after the player's is not played in the same moment and stays to be seen; longer while
// the table holds still: steps.held(), the covered discard face down), until the player must act
// or the hand is over; then the controller takes over again. view.thinking is set while a bot
// decides, for the indicator at its seat.

/**
 * ctx: {store, settings, steps, panels, speed, redraw, move, onFault, settled}; move(method) is the
 * controller's call that changes the match (its save and hint come along); settled() is called
 * when the loop stops with the match still current (the human to move, the hand over, ...).
 */
export function createBotLoop(ctx) {
  const { store, settings, steps, panels, speed, redraw, move, onFault, settled } = ctx;
  const { view, run } = store;
  let lastStep = 0;

  async function pump() {
    if (run.pumping === run.gen) return;
    const my = run.gen;
    store.setPumping(my);
    try {
      while (my === run.gen && !run.failed) {
        const s = view.state;
        if (!s || s.is_over || s.human_to_move || !s.bot_to_move) break;
        const wait = Math.max(speed().bot - (performance.now() - lastStep), steps.held());
        store.setThinking(true); // the seats the bots decide for show it (render.js)
        redraw();
        await sleep(Math.max(0, wait));
        if (my !== run.gen || run.failed) break;
        let answer;
        try {
          answer = await move("bot_step");
        } catch (error) {
          onFault(error); // an older match's answer (kind "stale") is no fault: onFault ignores it
          break;
        } finally {
          store.setThinking(false);
        }
        lastStep = performance.now();
        steps.applyStep(answer);
        if (view.state.is_over || view.state.human_to_move) break;
        if (settings.hints && answer.action?.startsWith("discard")) panels.refreshHints();
      }
    } finally {
      if (run.pumping === my) store.setPumping(0);
      store.setThinking(false);
    }
    if (my === run.gen && !run.failed) settled();
  }

  return {
    pump,
    /** The player moved (or the clock for them): the next bot waits its pause from now. */
    moved: () => {
      lastStep = performance.now();
    },
  };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
