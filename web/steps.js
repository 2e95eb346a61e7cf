// What a new state's engine events look like and sound like: the narration for the live
// region, the sounds, and the animations (a discard flying to its place, the drawn tile
// dropping in, the callouts "碰", "Kong!"); and the seats' names those sentences use.

import { t } from "./i18n.js";
import { viewSeat } from "./model.js";
import { narrate, calloutText } from "./narrate.js";

/** ctx: {store, ui, renderer, sound, emit, setState, speed, redraw} */
export function createSteps(ctx) {
  const { store, ui, renderer, sound, emit, setState, speed, redraw } = ctx;
  const { view } = store;

  function seatName(seat, s = view.state) {
    if (!s) return String(seat);
    if (s.autoplay) return `${t("seat.spectator." + seat)}`;
    const rel = (seat - viewSeat(s) + 4) % 4;
    return t(`seat.${rel}`);
  }

  /** A seat's label for the settlement: name and wind. */
  function seatLabel(seat, s = view.state) {
    const wind = s.seat_winds?.[seat];
    return wind ? `${seatName(seat, s)} (${t("wind." + wind)})` : seatName(seat, s);
  }

  /** A new state and its events (origin: where the player's tile left from, on screen). */
  function applyStep(answer, origin) {
    setState(answer.state);
    const events = answer.events || [];
    const lines = [];
    const now = performance.now();
    const sp = speed();
    const s = view.state;
    const me = viewSeat(s);
    for (const ev of events) {
      const line = narrate(ev, s, seatName);
      if (line) lines.push(line);
      emit("event", ev);
      switch (ev.type) {
        case "discard": {
          sound.play("discard");
          if (sp.fly > 0) {
            const index = s.discards[ev.seat].length - 1;
            const from = ev.seat === me && origin ? origin : renderer.handScreen(ev.seat);
            store.addAnim({
              type: "fly", tile: ev.covered && !ev.tile ? null : ev.tile, from, t0: now, dur: sp.fly,
              to: () => renderer.discardScreen(ev.seat, index), hide: `d${ev.seat}:${index}`,
            });
          }
          break;
        }
        case "draw":
          if (ev.seat === me && ev.tile) {
            sound.play("draw");
            if (sp.fly > 0) store.addAnim({ type: "draw", t0: now, dur: sp.fly * 1.2 });
          }
          break;
        case "pong":
        case "kong":
        case "swim":
        case "win":
          sound.play(ev.type === "win" ? "win" : ev.type === "kong" ? "kong" : "claim");
          if (sp.callout > 0) {
            store.addAnim({
              type: "callout", text: calloutText(ev), t0: now, dur: sp.callout * (ev.type === "win" ? 1.6 : 1),
              at: () => renderer.calloutAt(ev.seat),
            });
          }
          break;
        case "draw_game":
          sound.play("draw_game");
          break;
        default:
          break;
      }
    }
    if (lines.length) ui.announce(lines.join(" "));
    redraw();
  }

  return { applyStep, seatName, seatLabel };
}
