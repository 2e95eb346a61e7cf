// What an intent (input.js) means now (the deed it asks for): select, discard, claim, toggle. It changes the selection
// through the store's named updates and answers with what the page must do (a deed: an action to
// play, a panel to toggle, words to say, a frame to draw); it calls nothing of the page that asked,
// so an intent travels one way (the table acts on the deed: table.js; friends.js until it moves onto it). Legality is only
// ever looked up in the engine's legal_actions.

import { tileName } from "../i18n/i18n.js";
import { displayHand, viewSeat } from "./model.js";

/**
 * What the page does about an intent; `handled` false lets the key do what it would.
 * @typedef {{handled: boolean, act?: {action: string, source: string}, toggle?: string, say?: string,
 *   focusCanvas?: boolean, redraw?: boolean}} Deed
 */

/**
 * The deed an intent asks for now.
 * @param {{type: string, [key: string]: any}} intent
 * @param {import("./store.js").Store} store  the page's store: the selection, hover and focus change here
 * @param {{busy: boolean, dialogOpen: boolean}} page  an action in flight; a dialog open over the table
 * @returns {Deed}
 */
export function deedOf(intent, store, { busy, dialogOpen }) {
  const { view } = store;
  const s = view.state;
  switch (intent.type) {
    case "pointer":
      if (view.ui.focus) {
        // back from the keyboard: a keyboard selection must not make the next tap a discard
        store.setFocus(false);
        store.select(-1);
      }
      return { handled: true, redraw: true };
    case "key":
      if (view.ui.focus) return { handled: true };
      store.setFocus(true);
      return { handled: true, redraw: true };
    case "hover":
      store.hover(intent.index);
      return { handled: true, redraw: true };
    case "tap":
      return s ? tap(store, intent, busy) : { handled: true };
    case "move": {
      if (!s || dialogOpen) return { handled: false };
      const n = displayHand(s, viewSeat(s)).length;
      if (!n) return { handled: true };
      let i = view.ui.selected;
      if (i < 0) i = intent.delta > 0 ? -1 : n;
      i = Math.max(0, Math.min(n - 1, i + intent.delta));
      store.select(i);
      return { handled: true, focusCanvas: true, say: selectedName(store), redraw: true };
    }
    case "discard": {
      if (!s || !s.human_to_move || dialogOpen) return { handled: false };
      const tile = displayHand(s, viewSeat(s))[view.ui.selected];
      const action = tile ? `discard ${tile.code}` : "";
      return tile && s.legal_actions.includes(action) ? { handled: true, act: { action, source: "key" } } : { handled: true };
    }
    case "claim": {
      if (dialogOpen) return { handled: false };
      const action = claimByKey(store, intent.kind, busy);
      return action ? { handled: true, act: { action, source: "key" } } : { handled: false };
    }
    case "toggle":
      return { handled: true, toggle: intent.what };
    default:
      return { handled: false };
  }
}

/** A tap on a tile of the hand: the first selects, a second on the selected tile discards it. */
function tap(store, intent, busy) {
  const { view } = store;
  const s = view.state;
  const tile = displayHand(s, viewSeat(s))[intent.index];
  // the tap was on what the last frame showed: if the hand has changed since, look again
  if (!tile || (intent.code !== undefined && tile.code !== intent.code)) return { handled: true, redraw: true };
  if (view.ui.selected === intent.index && s.human_to_move && !busy) {
    const action = `discard ${tile.code}`;
    // the tile flies from where it stands, lifted (session.js act: the selected tile's place)
    if (s.legal_actions.includes(action)) return { handled: true, act: { action, source: "pointer" } };
  }
  store.select(view.ui.selected === intent.index ? -1 : intent.index);
  return { handled: true, say: selectedName(store), redraw: true };
}

/** The selected tile's name, said as it is selected ("" for none). */
function selectedName(store) {
  const s = store.view.state;
  const tile = displayHand(s, viewSeat(s))[store.view.ui.selected];
  return tile?.code ? tileName(tile.code) : "";
}

/** The action a claim key plays (P pong, K kong, H/W win, S swim, Space/Esc pass), if offered. */
function claimByKey(store, kind, busy) {
  const { view } = store;
  const s = view.state;
  if (!s || !s.human_to_move || busy) return null;
  const legal = s.legal_actions;
  if (kind === "pass" || kind === "pong" || kind === "win") return legal.includes(kind) ? kind : null;
  const sel = displayHand(s, viewSeat(s))[view.ui.selected]?.code;
  const options = legal.filter((a) => a === kind || a.startsWith(kind + " "));
  return options.find((a) => a === `${kind} ${sel}`) || options[0] || null;
}
