// The review's mark on the table (issue 36): a decision of the review list chosen, the table shows
// the moment before it, and this marks what the decision was about: the tile the player let go in
// their hand (a red ring) beside the one the hard bot would have played (a dashed gold ring), or,
// for a claim or a pass, the discard it answered. What is marked is kept on the renderer
// (`marked`), so that a page or a test can say where it is.

import { roundRect } from "./draw.js";

/**
 * What a review's decision ({action, bot}: "discard 5p", "kong 7p", "pong", "pass", …) marks: the
 * tile the player played and the bot's, or, when neither names a tile (a claim or a pass), the
 * discard it answered.
 * @param {{action: string, bot?: string | null}} decision
 * @returns {{tile: string | null, bot: string | null, discard: boolean}}
 */
export function markOf(decision) {
  const tileOf = (/** @type {string | null | undefined} */ action) => (action && action.split(" ")[1]) || null;
  const tile = tileOf(decision.action);
  const bot = tileOf(decision.bot);
  return { tile, bot, discard: !tile && !bot };
}

/**
 * Paint the marks of `mark` ({tile, bot, discard}: tile codes, and whether the decision answered
 * the latest discard) over the frame just drawn; returns what was marked, on screen.
 * @param {any} renderer  the table's Renderer, its frame drawn (handRects, layout)
 * @param {any} state @param {{tile?: string | null, bot?: string | null, discard?: boolean} | null} mark
 */
export function paintReviewMark(renderer, state, mark) {
  if (!mark || !state) return null;
  const { ctx } = renderer;
  const marked = { hand: null, bot: null, discard: null };
  const ring = (box, colour, dashed) => {
    ctx.save();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 3;
    if (dashed) ctx.setLineDash([5, 4]);
    roundRect(ctx, box.x - 3, box.y - 3, box.w + 6, box.h + 6, 6);
    ctx.stroke();
    ctx.restore();
  };
  const inHand = (code) => {
    const r = code ? renderer.handRects.find((h) => h.code === code) : null;
    return r ? { index: r.index, code, x: r.x, y: r.y, w: r.w, h: r.h } : null;
  };
  if (mark.discard && state.last_discard) {
    const last = state.last_discard;
    const d = renderer.discardScreen(last.seat, last.index);
    const half = d.w * 0.75; // a tile either way round, with its side
    marked.discard = { seat: last.seat, index: last.index, code: last.tile, x: d.x - half, y: d.y - half, w: 2 * half, h: 2 * half };
    ring(marked.discard, "#e76f51", false);
  }
  marked.hand = inHand(mark.tile);
  marked.bot = mark.bot !== mark.tile ? inHand(mark.bot) : null;
  if (marked.bot) ring(marked.bot, "#e9c46a", true);
  if (marked.hand) ring(marked.hand, "#e76f51", false);
  return marked;
}
