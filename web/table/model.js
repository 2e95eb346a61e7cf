// What the page derives from the engine's state, in one place, without rules: whose view the
// table shows, the player's tiles in display order, who just drew, whether a moment can be a
// puzzle. Pure: no DOM, no canvas. (The claim buttons' items: overlay/claims.js claimItems; tile strings: notation.js.)

/**
 * The engine's state as the bridge gives it (a seat's observation plus the match's facts): typed
 * from the engine's own description, py_engine/types.py TableState, by tools/page_types.py
 * (types/engine.d.ts; tests/js/test_page_types.py keeps it current). No field is the page's guess.
 * @typedef {import("engine-types").TableState} State
 * @typedef {import("engine-types").DiscardDict} Discard
 * @typedef {{code: string | null, drawn: boolean}} HandTile
 */

/** The seat the table is seen from (the player's; seat 0 for a spectator). @param {State | null} state */
export function viewSeat(state) {
  if (!state) return 0;
  return state.seat ?? state.human ?? 0;
}

/**
 * The seat that just drew and is to discard, as the engine says (`drawn_seat`).
 * @param {State} state @param {number} seat
 */
export function justDrew(state, seat) {
  return state.drawn_seat === seat;
}

/**
 * A seat's tiles in display order: as the engine sorted them, the drawn tile last and set apart
 * (the player's own; another seat's face-down tiles are nulls).
 * @param {State} state @param {number} seat
 * @returns {HandTile[]}
 */
export function displayHand(state, seat) {
  const hand = state.hands[seat];
  const count = state.hand_counts[seat];
  if (!hand) return Array.from({ length: count }, () => ({ code: null, drawn: false }));
  const tiles = hand.map((code) => ({ code, drawn: false }));
  const drawn = seat === state.seat ? state.drawn : null;
  if (drawn && justDrew(state, seat)) {
    const i = tiles.map((x) => x.code).lastIndexOf(drawn);
    if (i >= 0) {
      const [tile] = tiles.splice(i, 1);
      tile.drawn = true;
      tiles.push(tile);
    }
  }
  return tiles;
}

/**
 * Whether this moment can be posed as a discard puzzle (py_engine/teach/puzzles.py, `moment`): the
 * hand goes on, it waits for the player alone, and the player is to discard.
 * @param {State | null} state
 */
export function isOwnDiscardTurn(state) {
  return !!state && !state.is_over && state.human_to_move && state.phase === "discard" && state.waiting_for.length === 1;
}
