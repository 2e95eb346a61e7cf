// The decision clock, one of the session's parts (session.js): a deadline for the player's decision
// when the clock runs (view.timer, drawn in the centre of the table), ticks in its last five seconds
// (and the prompt's warning: prompt.js), standing still while a dialog covers the table (its deadline
// moves on), and the engine's `timeout` move when it runs out: the tile the player had selected, else
// the hint's choice (docs/playing.md). How many seconds a decision gets is the page's choice
// (`seconds(state)`: game/timer.js reads the player's settings); the clock only keeps time.

import { displayHand, viewSeat } from "./model.js";

/**
 * ctx, the session's own: {store, sound, redraw, seconds, covered, request, fault, timedOut}:
 * seconds(state) the seconds a decision gets now (0: no clock); covered() whether a dialog covers
 * the table; request(method, args) the session's trip to its transport; timedOut(answer) lands the
 * move the engine made for the player.
 */
export function createClock(ctx) {
  const { store, sound, redraw, seconds, covered, request, fault, timedOut } = ctx;
  const { view, run } = store;

  function start() {
    stop();
    const s = view.state;
    const total = seconds(s) * 1000;
    if (!total || !s.human_to_move) return;
    const now = performance.now();
    store.setTimer({ deadline: now + total, total, gen: run.gen, moment: s.history_length, checked: now, paused: false });
  }

  function stop() {
    store.setTimer(null);
  }

  async function onTimeout(my, moment) {
    const s = view.state;
    if (!store.isCurrent(my) || !s || !s.human_to_move || s.history_length !== moment || run.busy) return;
    store.setBusy(true);
    stop();
    const chosen = selectedDiscard(view);
    let answer;
    try {
      answer = await request("timeout", chosen ? { selected: chosen } : {});
    } catch (error) {
      store.setBusy(false);
      fault(error); // an older match's answer (kind "stale") is no fault: fault ignores it
      return;
    }
    store.setBusy(false);
    timedOut(answer);
  }

  /** Four times a second: the clock stands still under a dialog, redraws, ticks in its last five
   * seconds and plays the default move once its time is used up. */
  function check() {
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
  }
  setInterval(check, 250);

  return { start, stop, check };
}

/** What the player had chosen for the clock to play: the selected tile's discard, when legal. */
export function selectedDiscard(view) {
  const s = view.state;
  if (!s?.human_to_move) return null;
  const tile = displayHand(s, viewSeat(s))[view.ui.selected];
  const action = tile ? `discard ${tile.code}` : null;
  return action && s.legal_actions.includes(action) ? action : null;
}
