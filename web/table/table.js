// The table component: the canvas and what paints it (render.js), its sounds (sound.js), its input
// (input.js: pointer and keys -> intents; deeds.js: what an intent means now), the frame loop (one
// requestAnimationFrame paints whatever changed) and the claim items of the moment (choices.js).
// The game and the replay viewer use it (the friends page next); a page makes one, then either
// seats a session at it or shows it a view:
//
//   const table = createTable(canvas)
//   table.play(session, {dialogOpen})   a table that is played: taps and keys become the session's
//                                       moves (session.act for its player's seat)
//   table.show(view)                    a table that is watched (a replay): a view to paint, no input
//   table.redraw()                      asks for a frame
//   table.on(listener)                  every listener hears, in order:
//       {type: "measure", now}          before a frame is painted: what the page measures of its
//                                       overlay goes into the store now (store.frame)
//       {type: "drawn", layout, now}    after it: the page places its overlay on the layout
//       {type: "say", line}             a deed's words (the tile selected), for the screen reader
//       {type: "toggle", what}          a deed's toggle (T tracker, ? hints, M sound, V faces)
//   table.actions({suggested, hidden})  the claim items of the moment, for the buttons
//
// Nothing here calls the page back: what the page does about a frame or a deed it does as a listener.

import { Renderer } from "./render.js";
import { Sound } from "./sound.js";
import { Input } from "./input.js";
import { deedOf } from "./deeds.js";
import { actionItems } from "./choices.js";

/**
 * @typedef {{type: string, [field: string]: any}} TableNews
 * @param {HTMLCanvasElement} canvas
 */
export function createTable(canvas) {
  const renderer = new Renderer(canvas);
  const sound = new Sound();
  /** @type {Set<(news: TableNews) => void>} */
  const listeners = new Set();
  const hear = (/** @type {TableNews} */ news) => {
    for (const listener of [...listeners]) listener(news);
  };
  /** What is painted: a session's store (played) or a view (watched). */
  const at = {
    /** @type {any} */ view: null,
    /** @type {import("./store.js").Store | null} */ store: null,
    /** @type {import("./session.js").Session | null} */ session: null,
    queued: false, // a requestAnimationFrame is asked for
  };
  const redraw = frameLoop(renderer, at, hear);

  /**
   * Pointer and keys -> an intent (input.js) -> its deed (deeds.js): the move goes to the session,
   * what the page does about the rest to the listeners.
   * @param {any} intent @param {() => boolean} dialogOpen
   */
  function onIntent(intent, dialogOpen) {
    const session = /** @type {import("./session.js").Session} */ (at.session);
    sound.unlock();
    const deed = deedOf(intent, session.store, { busy: session.run.busy, dialogOpen: dialogOpen() });
    if (deed.focusCanvas && document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    if (deed.say) hear({ type: "say", line: deed.say });
    if (deed.toggle) hear({ type: "toggle", what: deed.toggle });
    if (deed.act) session.act(session.seat(), deed.act.action, { source: deed.act.source }).catch(() => {});
    if (deed.redraw) redraw();
    return deed.handled;
  }

  window.addEventListener("resize", redraw);

  return {
    canvas,
    renderer,
    sound,
    redraw,
    /** Hear the table's news from now on; returns the call that stops it. @param {(news: TableNews) => void} listener */
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /**
     * Seat a session at the table: its store is painted, and taps and keys become its moves.
     * @param {import("./session.js").Session} session @param {{dialogOpen?: () => boolean}} [how]
     *   dialogOpen: whether a dialog covers the table (keys are then the dialog's)
     */
    play(session, { dialogOpen = () => false } = {}) {
      at.session = session;
      at.store = session.store;
      at.view = session.view;
      new Input(canvas, session.view, (intent) => onIntent(intent, dialogOpen));
      redraw();
    },
    /** Show a view that is watched, not played (a replay's frame). @param {any} view */
    show(view) {
      at.view = view;
      redraw();
    },
    /** The claim items of the moment, for the buttons (none but on the player's turn). @param {{suggested?: string | null, hidden?: boolean}} [how] */
    actions(how) {
      return at.session ? actionItems(at.session.view, at.session.run, how) : [];
    },
  };
}

/** @typedef {ReturnType<typeof createTable>} Table */

/**
 * The one frame loop: redraw() asks for a requestAnimationFrame (once however often it is asked),
 * which paints `at.view` between the listeners' "measure" and "drawn", leaves the hand's hit regions
 * in the store, and asks for the next while something moves.
 * @param {Renderer} renderer @param {{view: any, store: import("./store.js").Store | null, queued: boolean}} at
 * @param {(news: TableNews) => void} hear
 */
function frameLoop(renderer, at, hear) {
  function redraw() {
    if (at.queued) return;
    at.queued = true;
    requestAnimationFrame(frame);
  }

  /** @param {number} now */
  function frame(now) {
    at.queued = false;
    if (!at.view) return;
    renderer.resize();
    hear({ type: "measure", now });
    renderer.draw(at.view, now);
    at.store?.painted(renderer.handRects); // where the hand's tiles answer a tap (input.js)
    hear({ type: "drawn", layout: renderer.layout, now });
    if (!at.store) return;
    at.store.pruneAnims(now);
    if (at.view.anims.length || at.view.thinking) redraw();
  }
  return redraw;
}
