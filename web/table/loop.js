// The bots' loop, one of the session's parts (session.js): while a bot is to move, one bot_step at a
// time through the session's transport, paced by the speed setting (a pause of speed().bot since the
// last step, the player's own too, so that the discard after the player's is not played in the same
// moment and stays to be seen; longer while the table holds still: steps.held(), the covered discard
// face down), until the player must act or the hand is over; then the session settles what comes
// next. view.thinking is set while a bot decides, for the indicator at its seat.

/**
 * ctx, the session's own: {store, steps, speed, redraw, request, landed, fault, settle}: request(method)
 * is the session's trip to its transport; landed(answer, how) puts an answer's state and events on
 * the table; fault(error) stops play on an engine fault; settle() says what comes next once the loop
 * stops with the match still current (the human to move, the hand over, ...).
 */
export function createBotLoop(ctx) {
  const { store, steps, speed, redraw, request, landed, fault, settle } = ctx;
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
          answer = await request("bot_step");
        } catch (error) {
          fault(error); // an older match's answer (kind "stale") is no fault: fault ignores it
          break;
        } finally {
          store.setThinking(false);
        }
        lastStep = performance.now();
        landed(answer, { cause: "bot" });
      }
    } finally {
      if (run.pumping === my) store.setPumping(0);
      store.setThinking(false);
    }
    if (my === run.gen && !run.failed) settle();
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
