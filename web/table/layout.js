// The table's geometry: where the player's strip, the board, the wall ring, the discards and
// the other seats' rows, and the claim buttons go for a canvas size. Pure functions of the size,
// the state's shape and the room the page's overlay takes.

import { viewSeat } from "./model.js";
import { TILE_H, FACE_H } from "../art/tiles.js";
import { rimWidth } from "./felt.js";

// The claim buttons (ui.js) take one of three places, chosen here so that they never cover the
// board: "column", a column at the right edge beside the board, where a wide screen has room to
// spare; "row", a single row above the player's strip, in a band the board leaves free (a tall
// or squarish screen); "docked", under the panels docked on the left (their room is leftReserve).
const ACTIONS_GAP = 6; // css px between the buttons and the strip, the board or the screen's edge
const ACTIONS_SPACING = 7; // css px between two buttons (ui.css .actions gap)
const ACTIONS_EDGE = 10; // css px from the screen's right edge to the buttons (ui.css: 0.6rem)
const COLUMN_ROOM = 5; // a column is used only where five buttons fit in it, one above the other
const ACTION_SIZE = { w: 150, min: 80, h: 46 }; // until the page has measured its buttons (ui.actionSize)
const TOOLBAR_CLEAR = 6; // css px kept between the toolbar and the other seats' rows
// The table holds still through a hand (issue 36): nothing of the layout depends on what changes
// from turn to turn. The hand keeps room for a drawn tile whether one is drawn or not; another
// seat's row keeps the length of a dealer's dealt hand (ROW_UNITS, in its tile widths), and a
// longer one (melds, flowers) is drawn smaller within it (render.js); the player's melds and
// flowers have an area of their own, beside the hand where the width allows, else on a row above
// it kept free from the deal.
export const ROW_UNITS = 14.4; // 14 tiles and the drawn one's gap (rowUnits of a dealt dealer)
const MELD_AREA = 3; // the least room (in hand tiles) beside the hand for its melds and flowers

/**
 * Where everything goes for a canvas of W×H css px at this pixel ratio, and this state's shape:
 * the player's strip at the bottom, the board above it (wall ring, discards, other seats' rows),
 * sizes in css px. `ui` gives the room the overlay takes: topReserve (the toolbar's band over a
 * narrow table, or the panels above a portrait board), leftReserve (the panels beside the board,
 * when open), panelsRoom (what they would take, open or not), actions ({w, min, h}: the widest claim
 * button, the widest at its most compact, a button's height) and toolbar ({right, bottom, column}:
 * the box of the toolbar at the top left; column: it stands at the left edge, a phone on its side).
 * `actions` in the result says where the claim buttons go: {mode, bottom, width} in css px; the
 * mode and place are those of the panels closed, kept when they open where the board allows.
 */
export function computeLayout(W, H, dpr, state, ui) {
  const closed = withToolbar(W, H, dpr, state, { ...ui, leftReserve: 0, actionsDocked: false });
  const room = ui.leftReserve || ui.panelsRoom || 0;
  if (!room) return closed;
  // The board holds still whether the panels are open or not (issue 57): where their room beside
  // it costs the board nothing (a wide screen, the claim buttons in their column at the right),
  // it is kept free, open or closed; else the panels lie over the table and the board keeps its
  // size and place (they never shrink it: a phone's board went to a third of its size).
  if (closed.actions.mode === "column") {
    const column = W - closed.actions.left + ACTIONS_GAP;
    const kept = withToolbar(W, H, dpr, state, { ...ui, leftReserve: room, rightReserve: column, keepActions: closed.actions });
    if (kept.u >= closed.u - 0.01) return kept;
  }
  return closed;
}

function withToolbar(W, H, dpr, state, ui) {
  const L = arrange(W, H, dpr, state, ui);
  const bar = ui.toolbar;
  if (!bar?.bottom || !underToolbar(L, bar)) return L;
  // the toolbar would cover the top or the left seat's row: the board starts below it, or right
  // of it when the toolbar is a column at the left edge (a phone on its side)
  if (bar.column) return arrange(W, H, dpr, state, { ...ui, leftReserve: Math.max(ui.leftReserve || 0, bar.right + TOOLBAR_CLEAR) });
  return arrange(W, H, dpr, state, { ...ui, topReserve: Math.max(ui.topReserve || 0, bar.bottom + TOOLBAR_CLEAR - L.m) });
}

/** Whether the toolbar's box ({right, bottom}, at the top left) meets the top or the left seat's
 * row (their outer edges are L.reach[2] and L.reach[3] from the centre, half as long as L.hlTB),
 * with room for the tile count and the turn's glow around a row. */
function underToolbar(L, bar) {
  const right = bar.right + TOOLBAR_CLEAR;
  const bottom = bar.bottom + TOOLBAR_CLEAR;
  const top = L.cy - L.reach[2] < bottom && L.cx - L.hlTB < right;
  const left = L.cx - L.reach[3] < right && L.cy - L.hlTB < bottom;
  return top || left;
}

function arrange(W, H, dpr, state, ui) {
  const size = ui.actions || ACTION_SIZE;
  const portrait = H > W * 1.15;
  if (ui.keepActions) {
    const L = placeBoard(W, H, dpr, state, ui, 0);
    L.actions = { ...ui.keepActions };
    return L;
  }
  const docked = !portrait && !!ui.actionsDocked;
  if (!portrait && !docked) {
    const L = placeBoard(W, H, dpr, state, ui, 0);
    if (besideBoard(L, size, ui)) return L;
  }
  // a band above the strip for one row of buttons, which the board leaves clear
  const L = placeBoard(W, H, dpr, state, ui, docked ? 0 : size.h + 2 * ACTIONS_GAP);
  L.actions = { mode: docked ? "docked" : "row", bottom: H - L.stripTop + ACTIONS_GAP, width: 0 };
  return L;
}

/**
 * A column of buttons at the right edge, if one fits beside the board: as wide as the widest
 * button where there is room (the board may move left for it, as long as its top row stays clear
 * of the toolbar), else narrower down to the buttons at their most compact. Sets L.actions and
 * returns true; false leaves L as it was.
 */
function besideBoard(L, size, ui) {
  const height = COLUMN_ROOM * size.h + (COLUMN_ROOM - 1) * ACTIONS_SPACING;
  if (L.stripTop - ACTIONS_GAP - height < L.top) return false;
  const room = L.W - (L.cx + L.halfW) - ACTIONS_EDGE - ACTIONS_GAP;
  let spare = L.cx - L.halfW - L.m - (ui.leftReserve || 0);
  const bar = ui.toolbar;
  if (bar && L.cy - L.reach[2] < bar.bottom) spare = Math.min(spare, L.cx - L.hlTB - bar.right - ACTIONS_GAP);
  const width = Math.floor(Math.min(size.w, room + Math.max(0, spare)));
  if (width < size.min) return false;
  if (width > room) L.cx = Math.floor((L.cx - (width - room)) * L.dpr) / L.dpr;
  // left: the column's left edge (css px), which a board beside open panels keeps clear
  L.actions = { mode: "column", bottom: L.H - L.stripTop + ACTIONS_GAP, width, left: L.W - ACTIONS_EDGE - width };
  return true;
}

/** The layout with a band of `band` css px kept free between the board and the player's strip. */
// long: one chain of measurements (the hand's rows, the board's unit, the ring, the rows around it), each read by the next
function placeBoard(W, H, dpr, state, ui, band) {
  const view = viewSeat(state);
  const stacks = state?.wall?.stacks_per_side ?? 18;
  const maxDiscards = state ? Math.max(...state.discards.map((d) => d.length)) : 0;
  const handCount = state ? state.hand_counts[view] : 13;
  const melds = state ? state.melds[view] : [];
  const flowers = state ? state.flowers[view].length : 0;
  const otherLen = ROW_UNITS;

  const portrait = H > W * 1.15;
  // the margin: the rim and a little felt before the outermost tiles (they touched the rim)
  const m = Math.ceil(rimWidth(W, H)) + 3;
  const top = m + (ui.topReserve || 0);

  // The player's strip: hand tiles as large as the width and height allow, the same size for
  // 13 tiles and for 14 with the drawn one set apart (so the hand spans the width of a phone)
  const slots = Math.max(14.5, handCount + 0.5) + 0.2;
  // a phone on its side: tiles a finger wide where its height allows (they were 36 px at 390 px)
  const landscapeHw = !portrait && H < 500 && H * 0.113 >= FINGER ? FINGER : H * 0.092;
  let hw = Math.min(portrait ? H * 0.072 : landscapeHw, 64, (W - 2 * m) / slots);
  // the hand's room: its tiles between turns (3n + 1) and a drawn one set apart, drawn or not
  const resting = handCount - (handCount % 3 === 2 ? 1 : 0);
  // A phone held upright is too narrow for one row of finger-sized tiles (issue 36: at 390 px
  // they were 25 px wide, 37 tall): the hand goes on two rows, the first half of its tiles above,
  // the rest and the drawn one below, each tile then as wide as a finger. The rows are those of a
  // dealt hand for the whole hand (issue 48: after a pong the hand went from two rows to one and
  // every tile moved): a hand that melds keeps its first row and its tiles' size.
  const split = handRows(W, H, m, portrait, DEALT, hw);
  const rows = split ? split.rows : 1;
  const firstRow = split ? split.top : resting + 1; // tiles on the first row (all of them on one)
  if (split) hw = split.hw;
  hw = Math.max(14, hw);
  const hh = hw * TILE_H;
  const handW = (split ? split.units : resting + 1.5) * hw;
  // the melds' and flowers' area: beside the hand (from meldX), or a row above it
  const inline = W - 2 * m - handW - hw * 0.5 >= MELD_AREA * hw;
  const area = inline ? W - 2 * m - handW - hw * 0.5 : W - 2 * m;
  // melds and flowers as large as 0.8 and 0.6 of a hand tile, smaller where the area is short
  const natural = meldRowWidth(melds, hw * 0.8) + (flowers ? flowers * hw * 0.6 + hw * 0.3 : 0);
  const fit = natural > area ? area / natural : 1;
  const mw = hw * 0.8 * fit; // meld tiles
  const meldsW = meldRowWidth(melds, mw);
  const fw = hw * 0.6 * fit; // flower tiles
  const flowersW = flowers ? flowers * fw + hw * 0.3 : 0;
  const lift = hh * 0.22;
  const stripBottom = H - m;
  // two rows leave a lifted tile's room between them: a selected tile of the second row rises
  // into it and covers nothing of the first
  const rowGap = rows > 1 ? lift : 0;
  const handH = rows * hh + (rows - 1) * rowGap;
  const handY = stripBottom - handH; // the first row's top (the only row's)
  const row2Y = handY + hh + rowGap;
  let meldRowY = handY + (handH - mw * TILE_H); // bottom-aligned with the hand
  let stripTop = handY - lift;
  if (!inline) {
    // the row above the hand, kept from the deal: a first meld or flower moves nothing
    meldRowY = stripTop - hw * 0.8 * TILE_H - hw * 0.15;
    stripTop = meldRowY;
  }
  // the prompt's line above it all (the turn prompt and the player's swim badge, ui.js): part of
  // the strip, so that neither the board nor the claim buttons ever come over it
  const promptH = promptHeight(W, H, portrait);
  const promptTop = stripTop - promptH;
  stripTop = promptTop;
  // the hand's place is the screen's: left of the melds' area beside it, or centred over its row
  const handX = inline ? m : Math.max(m, (W - handW) / 2);
  const meldX = handX + handW + hw * 0.5; // where the melds' area starts beside the hand

  // The board above the strip.
  const boardTop = top;
  const boardBottom = stripTop - m * 0.5 - band; // the band: room for the claim buttons
  let cy = (boardTop + boardBottom) / 2;
  const side = ui.leftReserve || 0; // the panels' dock on the left: the board moves right
  const keep = ui.rightReserve || 0; // the claim buttons' column kept at the right
  const cx = (W + side - keep) / 2;
  const ax = (W - side - keep) / 2 - m; // horizontal reach from the centre
  const ay = (boardBottom - boardTop) / 2; // vertical reach

  const rowPitch = FACE_H + 0.05; // discard rows, in units of u
  // a short landscape screen (a phone on its side) is tight in height: a narrower wall ring
  // leaves more of it to the discards
  const short = !portrait && H < 500;
  const ws = short ? 0.34 : 0.42; // wall stack width, in u
  const ringR = (stacks * ws) / 2 + (ws * 1.45) / 2;
  const gap = 0.28;
  const ow = portrait || H < 500 ? 0.72 : 0.88; // other seats' hand tiles, in u
  const oh = ow * TILE_H;
  const handDepth = oh + gap;
  // On a landscape screen the board's centre may sit below the middle by up to half the top
  // seat's row, which the bottom seat does not have (its hand is in the strip): dy, in u.
  const dys = portrait ? [0] : [0, handDepth / 4, handDepth / 2];
  const needDiscards = Math.max(24, maxDiscards);
  let best = null;
  const choices = [6, 8, 10, 12];
  for (const dy of dys) for (const colsTB of choices) {
    for (const colsLR of choices) {
      const rowsTB = Math.ceil(needDiscards / colsTB);
      const rowsLR = Math.ceil(needDiscards / colsLR);
      // grids must not meet at the corners
      const halfTB = colsTB / 2;
      const halfLR = colsLR / 2;
      if (halfTB > ringR + gap && halfLR > ringR + gap) continue;
      const discTB = ringR + gap + rowsTB * rowPitch;
      const discLR = ringR + gap + rowsLR * rowPitch;
      const limits = [
        ay / (discTB + handDepth - dy), // top seat: discards then its hand
        ay / (discTB + dy), // bottom: discards only (the hand is in the strip)
        ax / (discLR + handDepth), // left and right seats
        ax / (halfTB + 0.2),
        ay / (halfLR + 0.2 + dy),
        // the other seats' rows (hand, melds, flowers) along their side
        ax / ((otherLen * ow) / 2 + oh),
        ay / ((otherLen * ow) / 2 + oh + dy),
      ];
      const u = Math.min(...limits);
      // prefer the squarer grid when it costs little
      const score = u * (colsTB === colsLR ? 1.04 : 1) * (colsTB + colsLR <= 14 ? 1.03 : 1);
      if (!best || score > best.score) best = { u, score, dy, colsTB, colsLR, rowsTB, rowsLR, discTB, discLR };
    }
  }
  // discards a little smaller than the hand where there is room; as large as fits on a phone
  const u = Math.max(8, Math.min(best.u, Math.max(hw * 0.8, 26), 44));
  const down = best.dy * u; // the centre's offset below the middle, in px
  cy += down;

  // Other seats' rows: close to their discards when nothing collides, else at the edges.
  const ohPx = oh * u;
  const hlTB = ((otherLen * ow) / 2) * u;
  const hlLR = hlTB;
  // pulled in toward their discards, but never so close that two rows meet at a corner
  let dTB = Math.min(ay + down, Math.max((best.discTB + gap * 2) * u + ohPx, hlLR + ohPx + gap * u));
  let dLR = Math.min(ax, Math.max((best.discLR + gap * 2) * u + ohPx, hlTB + ohPx + gap * u));
  const innerTB = (ringR + gap) * u;
  const collide = (hlTB > dLR - ohPx && hlLR > dTB - ohPx)
    || (hlTB > innerTB && (best.colsLR * u) / 2 > dTB - ohPx)
    || (hlLR > innerTB && (best.colsTB * u) / 2 > dLR - ohPx);
  if (collide) {
    dTB = ay + down;
    dLR = ax;
  }

  // A tall screen has room to spare above and below the board: bring the board down toward
  // the hand (above the band), and free the top for the panels.
  let shift = 0;
  if (portrait) {
    const bottomNeed = best.discTB * u;
    shift = Math.max(0, Math.min(ay - bottomNeed, ay - dTB));
    cy += shift;
  }

  // the centre on a device pixel, so that every frame's tiles land on whole pixels
  const snap = (v) => Math.round(v * dpr) / dpr;
  // how far the board reaches left and right of its centre: the side seats' rows, the top
  // seat's row, the top and bottom grids, the wall
  const halfW = Math.max(dLR, hlTB, (best.colsTB * u) / 2, ringR * u);
  return {
    W, H, dpr, m, top, portrait, view, cx: snap(cx), cy: snap(cy), ax, ay, u, halfW, hlTB,
    colsTB: best.colsTB, colsLR: best.colsLR,
    rowPitch: rowPitch * u, ws: ws * u, wd: ws * 1.45 * u, ringR: ringR * u, gap: gap * u,
    ow: ow * u,
    reach: [ay - shift - down, dLR, dTB, dLR],
    hw, hh, mw, fw, lift, handX, handY, meldRowY, meldX, inline, meldsW, flowersW, handW, stripTop,
    rows, firstRow, row2Y, handH,
    prompt: { top: promptTop, h: promptH },
  };
}

// A hand tile is drawn at least this tall on a phone (css px), and answers a finger across where
// the screen allows
const LEAST_TILE_H = 40;
const FINGER = 44;
const HAND_SHARE = 0.19; // of a portrait screen's height, for a hand on two rows (at least a finger's tiles)
const DEALT = 13; // a dealt hand's tiles between turns: the hand's rows are laid out for it

/**
 * Two rows for the hand, where one row's tiles would be drawn less than LEAST_TILE_H tall on a
 * portrait screen and two rows' tiles are larger: the first row holds `top` tiles (the layout's
 * firstRow), the second the rest and the drawn one set apart; `units` is the rows' width in tile
 * widths and `hw` a tile's width, a finger's (44 px) at least where the width allows: 48 px on a
 * 390x844 phone, 44 on a 360x640 one (from 37: the board gives up a little of its height), 39 on a
 * 320x568 one. Null: one row as a wide screen's.
 */
function handRows(W, H, m, portrait, resting, oneRowHw) {
  if (!portrait || oneRowHw * TILE_H >= LEAST_TILE_H) return null;
  // the rows (two tiles and a lift between them) take at most HAND_SHARE of the height: the board
  // keeps the rest (on a 640 px tall phone, rows of the width's tiles cost it a quarter of its size)
  const most = Math.min(Math.max((H * HAND_SHARE) / ((2 + 0.22) * TILE_H), FINGER), 56);
  const top = Math.ceil(resting / 2);
  const units = Math.max(top, resting - top + 1.5);
  const hw = Math.min(most, (W - 2 * m) / (units + 0.2));
  if (hw < oneRowHw * 1.25) return null; // (a screen that cannot give them much more: one row)
  return { rows: 2, top, units, hw };
}

/** The hand tile `i`'s place (css px, its top left) in layout L, `drawn`: the drawn tile, set apart. */
export function handSlot(L, i, drawn) {
  const gap = drawn ? L.hw * 0.5 : 0;
  if (L.rows > 1 && i >= L.firstRow) return { x: L.handX + (i - L.firstRow) * L.hw + gap, y: L.row2Y, row: 1 };
  return { x: L.handX + i * L.hw + gap, y: L.handY, row: 0 };
}

/** The prompt line's height in css px: a phone's or a short screen's smaller, a wide screen's larger. */
function promptHeight(W, H, portrait) {
  if (!portrait && H < 500) return 22;
  return W < 600 ? 26 : 30;
}

/** What of a state changes the layout: the hand's melds (its room), discards beyond the grid, flowers. */
export function layoutShape(state, view) {
  if (!state) return "";
  const maxDiscards = Math.max(...state.discards.map((d) => d.length));
  const count = state.hand_counts[view];
  return [state.wall?.stacks_per_side, maxDiscards > 24 ? maxDiscards : 24, count - (count % 3 === 2 ? 1 : 0),
    state.melds[view].map((x) => x.type).join(","), state.flowers[view].length].join("|");
}

export function meldRowWidth(melds, w) {
  let total = 0;
  for (const m of melds) {
    const n = m.tiles.length;
    const sideways = m.from !== null && m.from !== undefined;
    total += sideways ? (n - 1) * w + w * TILE_H : n * w;
    total += w * 0.25;
  }
  return total;
}
