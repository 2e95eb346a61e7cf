// What the page derives from the engine's state, in one place, without rules: whose view the
// table shows, the player's tiles in display order, who just drew, whether a moment can be a
// puzzle. Pure: no DOM, no canvas. (The claim buttons' items: overlay/claims.js claimItems; tile strings: notation.js.)

/**
 * The parts of the engine's state (py_engine/OBSERVATION.md plus the bridge's match facts) that
 * the page reads.
 * @typedef {{type: string, tiles: Array<string | null>, from?: number | null}} Meld
 * @typedef {{
 *   variant: string, seat: number | null, human?: number, dealer: number, turn: number, phase: string,
 *   hands: Array<string[] | null>, hand_counts: number[], melds: Meld[][], flowers: string[][],
 *   discards: Array<Array<string | null>>, last_discard: {seat: number, tile: string | null, index: number} | null,
 *   drawn?: string | null, drawn_seat?: number | null, gold?: string | null,
 *   scores: number[], waiting_for: number[], legal_actions: string[], is_over: boolean, result: any,
 *   human_to_move: boolean, bot_to_move: boolean, autoplay: boolean, level: string, tiles_left: number,
 *   history_length: number, options: Record<string, any>,
 *   match: {hands: number, hand_number: number, is_over: boolean, results: any[], seed: number},
 *   [key: string]: any
 * }} State
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
