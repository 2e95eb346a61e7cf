// What an intent (input.js) means now: select, discard, claim, toggle. The controller hands in
// what it owns; legality is only ever looked up in the engine's legal_actions.

import { tileName } from "../i18n/i18n.js";
import { displayHand, viewSeat } from "../table/model.js";

/** ctx: {store, ui, renderer, sound, canvas, redraw, humanAct, toggle, isBusy} */
export function createIntentHandler(ctx) {
  const { store, ui, renderer, sound, canvas, redraw, humanAct, toggle, isBusy } = ctx;
  const { view } = store;

  function announceSelection() {
    const s = view.state;
    const tile = displayHand(s, viewSeat(s))[view.ui.selected];
    if (tile?.code) ui.announce(tileName(tile.code));
  }

  function claimByKey(kind) {
    const s = view.state;
    if (!s || !s.human_to_move || isBusy()) return false;
    const legal = s.legal_actions;
    const tiles = displayHand(s, viewSeat(s));
    const sel = tiles[view.ui.selected]?.code;
    let action = null;
    if (kind === "pass" || kind === "pong" || kind === "win") action = legal.includes(kind) ? kind : null;
    else {
      const options = legal.filter((a) => a === kind || a.startsWith(kind + " "));
      action = options.find((a) => a === `${kind} ${sel}`) || options[0] || null;
    }
    if (!action) return false;
    humanAct(action, "key").catch(() => {});
    return true;
  }

  return function onIntent(intent) {
    const s = view.state;
    sound.unlock();
    switch (intent.type) {
      case "pointer":
        if (view.ui.focus) {
          // back from the keyboard: a keyboard selection must not make the next tap a discard
          store.setFocus(false);
          store.select(-1);
        }
        redraw();
        return true;
      case "key":
        if (!view.ui.focus) {
          store.setFocus(true);
          redraw();
        }
        return true;
      case "hover":
        store.hover(intent.index);
        redraw();
        return true;
      case "tap": {
        if (!s) return true;
        const tiles = displayHand(s, viewSeat(s));
        const tile = tiles[intent.index];
        // the tap was on what the last frame showed: if the hand has changed since, look again
        if (!tile || (intent.code !== undefined && tile.code !== intent.code)) {
          redraw();
          return true;
        }
        if (view.ui.selected === intent.index && s.human_to_move && !isBusy()) {
          const action = `discard ${tile.code}`;
          if (s.legal_actions.includes(action)) {
            const origin = renderer.handTileScreen(intent.index);
            if (origin) origin.y -= renderer.layout.lift;
            humanAct(action, "pointer", origin).catch(() => {});
            return true;
          }
        }
        store.select(view.ui.selected === intent.index ? -1 : intent.index);
        announceSelection();
        redraw();
        return true;
      }
      case "move": {
        if (!s || ui.isDialogOpen()) return false;
        const n = displayHand(s, viewSeat(s)).length;
        if (!n) return true;
        let i = view.ui.selected;
        if (i < 0) i = intent.delta > 0 ? -1 : n;
        i = Math.max(0, Math.min(n - 1, i + intent.delta));
        store.select(i);
        if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
        announceSelection();
        redraw();
        return true;
      }
      case "discard": {
        if (!s || !s.human_to_move || ui.isDialogOpen()) return false;
        const tiles = displayHand(s, viewSeat(s));
        const tile = tiles[view.ui.selected];
        if (tile && s.legal_actions.includes(`discard ${tile.code}`)) {
          humanAct(`discard ${tile.code}`, "key").catch(() => {});
        }
        return true;
      }
      case "claim":
        if (ui.isDialogOpen()) return false;
        return claimByKey(intent.kind);
      case "toggle":
        toggle(intent.what);
        return true;
      default:
        return false;
    }
  };
}
