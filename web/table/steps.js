// What a new state's engine events look like and sound like: the narration for the live
// region, the sounds, and the animations (a discard flying to its place, the drawn tile
// dropping in, the callouts "碰", "Kong!", the covered discard held face down then turned over,
// the moments' banners of moments.js); and the seats' names those sentences use.

import { t } from "../i18n/i18n.js";
import { viewSeat } from "./model.js";
import { narrate, calloutText } from "./narrate.js";
import { momentOf, timeoutMoment } from "./moments.js";

/**
 * ctx, the session's (session.js): {store, renderer, sound, speed, redraw, say, event}: say(line)
 * puts a sentence in the screen reader's region, event(ev) tells the session's listeners of each
 * event as it plays.
 */
export function createSteps(ctx) {
  const { store, renderer, sound, speed, redraw, say, event } = ctx;
  const { view } = store;
  const seatName = (seat, s = view.state) => nameOfSeat(seat, s);
  const seatLabel = (seat, s = view.state) => labelOfSeat(seat, s);
  const banners = createBanners(store, sound);
  const parts = { store, renderer, sound, view, banners, event, seatName, speed };

  let pending = null; // events held back behind a covered discard: {handle, run}
  let heldUntil = 0; // the table holds still until then (the covered discard face down)

  /**
   * The events of the state the session just put in the store (origin: where the player's tile left from, on screen;
   * timeout: the action the decision timer played for the player, by: why that one). Returns how long the page
   * holds the table still (ms) before the next bot move: the covered discard's time face down.
   */
  function applyStep(answer, origin, { timeout = null, by = "hint" } = {}) {
    flush();
    const events = answer.events || [];
    const now = performance.now();
    const sp = speed();
    const s = view.state;
    // docs/RULES.md "Start of the hand" 2-4: the dealer's first discard lies face down while
    // others may rob the gold. When nobody can, the engine turns it up in the same step; the
    // page still shows it face down for a while, then turns it over.
    // Its banner says "face down": the tile stays down until the banners before it have shown and
    // it has been seen, and a reveal ends it (play): a banner never tells of a tile already turned.
    const covered = events.find((ev) => ev.type === "discard" && ev.covered);
    const at = covered ? events.findIndex((ev) => ev.type === "reveal" && ev.seat === covered.seat) : -1;
    const hold = at > 0 ? coverHold(sp) + Math.max(0, banners.free() - now) : 0;
    const lines = timeout ? [banners.show(timeoutMoment(timeout, by), now, sp)] : [];
    lines.push(...play(parts, hold ? events.slice(0, at) : events, events, now, origin, s, hold));
    if (hold) {
      banners.end("covered", now + hold); // its banner ends as the tile turns over, however late the timer fires
      const rest = events.slice(at);
      const run = () => {
        pending = null;
        const more = play(parts, rest, events, performance.now(), null, s, 0);
        if (more.length) say(more.join(" "));
        redraw();
      };
      pending = { handle: setTimeout(run, hold), run };
      heldUntil = now + hold;
    }
    if (lines.length) say(lines.join(" "));
    redraw();
    return hold;
  }

  /** How long the table still holds still (ms): the bots wait for it (loop.js). */
  const held = () => Math.max(0, heldUntil - performance.now());

  /** The moments of a freshly dealt hand (the gold turned, flower kongs): their sentences. */
  function dealt() {
    if (pending) clearTimeout(pending.handle); // a held reveal of the hand before: gone with it
    pending = null;
    heldUntil = 0;
    const s = view.state;
    const events = s?.events || [];
    const now = performance.now();
    const sp = speed();
    const lines = [];
    for (const ev of events) {
      const moment = momentOf(ev, events, s, seatName);
      if (moment) lines.push(banners.show(moment, now, sp));
    }
    return lines;
  }

  /** Play held-back events now (a new step came before the hold ended). */
  function flush() {
    if (!pending) return;
    clearTimeout(pending.handle);
    pending.run();
  }

  return { applyStep, dealt, held, seatName, seatLabel, moments: banners.shown };
}

/**
 * The events' sentences, sounds and animations; `hold`: ms a covered discard stays face down.
 * `parts`: the steps' store, renderer, sound, banners, event, seat names and speed.
 */
function play(parts, list, events, now, origin, s, hold) {
  const { store, renderer, sound, view, banners, event, seatName, speed } = parts;
  const lines = [];
  const sp = speed();
  const me = viewSeat(s);
  for (const ev of list) {
    if (ev.type === "reveal") banners.end("covered", now); // the tile is face up from now on
    const line = narrate(ev, s, seatName);
    const moment = momentOf(ev, events, s, seatName);
    if (moment) {
      if (ev.type === "win" && line) lines.push(line);
      lines.push(banners.show(moment, now, sp));
    } else if (line) lines.push(line);
    event(ev);
    animate(ev, s, { store, renderer, sound, view }, { now, origin, me, sp, hold, seatName });
  }
  return lines;
}

/** A seat's name as the player sees it ("Right", "You"; a spectator's seats by wind). */
function nameOfSeat(seat, s) {
  if (!s) return String(seat);
  if (s.autoplay) return `${t("seat.spectator." + seat)}`;
  const rel = (seat - viewSeat(s) + 4) % 4;
  return t(`seat.${rel}`);
}

/** A seat's label for the settlement: name and wind. */
function labelOfSeat(seat, s) {
  const wind = s.seat_winds?.[seat];
  return wind ? t("seat.withWind", { seat: nameOfSeat(seat, s), wind: t("wind." + wind) }) : nameOfSeat(seat, s);
}

/**
 * The moments' banners on the table: they queue, never overlap (`free()`: when the slot is free
 * again), each with its sound; `shown()` the last moments shown (for the tests and the curious).
 */
function createBanners(store, sound) {
  const { view } = store;
  let bannerFree = 0;
  /** @type {string[]} */
  let shown = [];

  /** A moment's banner on the table and its sound; returns its sentence. */
  function show(moment, now, sp) {
    sound.play(moment.key === "reveal" ? "reveal" : "moment");
    const dur = sp.callout * 2;
    if (dur > 0) {
      const t0 = Math.max(now, bannerFree);
      bannerFree = t0 + dur;
      store.addAnim({ type: "banner", key: moment.key, title: moment.title, sub: moment.sub, tile: moment.tile, t0, dur });
    }
    shown = [...shown.slice(-19), moment.key];
    return moment.line;
  }

  /** The banners of `key` end at `now` (one not begun by then is dropped); the queue closes up behind them. */
  function endBanners(key, now) {
    for (const a of view.anims) {
      if (a.type !== "banner" || a.key !== key) continue;
      if (a.t0 >= now) a.t0 = now;
      a.dur = Math.min(a.dur, now - a.t0);
    }
    const ends = view.anims.filter((a) => a.type === "banner" && a.dur > 0).map((a) => a.t0 + a.dur);
    bannerFree = Math.max(now, ...ends);
  }

  return { show, end: endBanners, free: () => bannerFree, shown: () => shown };
}

/**
 * One event's sound and animation: a discard flying to its place (from `origin`, the player's tile
 * on screen, for the player's), the drawn tile dropping in, a claim's callout, the covered discard.
 */
function animate(ev, s, { store, renderer, sound, view }, { now, origin, me, sp, hold, seatName }) {
  switch (ev.type) {
    case "discard": {
      sound.play("discard");
      const index = s.discards[ev.seat].length - 1;
      // a table not drawn yet (a frame out of view or hidden: no animation frames run there) has
      // no place for the tile to fly from; the discard just lands
      if (sp.fly > 0 && renderer.layout) {
        const from = ev.seat === me && origin ? origin : renderer.handScreen(ev.seat);
        store.addAnim({
          type: "fly", tile: ev.covered ? null : ev.tile, from, t0: now, dur: sp.fly,
          to: () => renderer.discardScreen(ev.seat, index), hide: `d${ev.seat}:${index}`,
        });
      }
      if (ev.covered && hold) cover(store, ev.seat, index, now, hold, sp);
      break;
    }
    case "reveal": {
      const index = 0; // the covered discard is the dealer's first (docs/RULES.md "Start of the hand")
      if (!view.anims.some((a) => a.type === "cover" && a.key === `d${ev.seat}:${index}`)) cover(store, ev.seat, index, now, 0, sp);
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
    case "flower": {
      if (ev.type !== "flower") sound.play(ev.type === "win" ? "win" : ev.type === "kong" ? "kong" : "claim");
      // another seat's says whose, and stays longer: the player is looking at their own hand (issue 57)
      const others = ev.seat !== me || s.autoplay;
      if (sp.callout > 0) {
        store.addAnim({
          type: "callout", text: calloutText(ev, others ? seatName(ev.seat, s) : ""), t0: now,
          dur: sp.callout * (ev.type === "win" ? 1.6 : 1) * (others ? 1.6 : 1),
          at: () => renderer.calloutAt(ev.seat),
        });
      }
      break;
    }
    case "draw_game":
      sound.play("draw_game");
      break;
    default:
      break;
  }
}

/** A discard shown face down for `down` ms, then turned over (render.js paints "cover"). */
function cover(store, seat, index, now, down, sp) {
  const flip = Math.max(0, sp.fly * 1.2);
  if (down + flip <= 0) return;
  store.addAnim({ type: "cover", key: `d${seat}:${index}`, t0: now, down, flip, dur: down + flip });
}

/** How long the covered first discard stays face down when nobody may rob the gold (ms):
 * 1.2 s at normal speed, none at "instant". */
export function coverHold(sp) {
  return sp.callout * 1.5 + sp.fly; // the flight, then 1.2 s face down at normal speed
}
