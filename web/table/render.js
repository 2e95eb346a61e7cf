// The table on a canvas. draw(model, now) paints one frame from the engine's observation
// (model.state) and the page's own view state (selection, animations, timer). The layout is
// computed from the canvas size: the player's hand in a strip at the bottom, the other
// seats, their discards, the wall ring and a centre panel on a board above it. Each other
// seat is drawn in a "frame" rotated about the centre so that every seat's tiles face it.
// No rule is known here: what may be discarded comes from state.legal_actions.

import { drawTile, TILE_H } from "../art/tiles.js";
import { t } from "../i18n/i18n.js";
import { computeLayout, layoutShape, meldRowWidth, ROW_UNITS, handSlot } from "./layout.js";
import { viewSeat, displayHand, justDrew } from "./model.js";
import { TAU, paintMelds, drawDie, text, roundRect, easeOut, angleDelta } from "./draw.js";
import { paintFelt } from "./felt.js";
import { paintCovered, paintBanner } from "./paint-moments.js";
import { paintReviewMark } from "./review-mark.js";

export { viewSeat, displayHand };
const SANS = 'system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';
const SERIF = '"Noto Serif CJK SC", "Songti SC", "SimSun", serif';

export class Renderer {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.dpr = 1;
    this.w = 0;
    this.h = 0;
    this.layout = null;
    this.layoutKey = "";
    this.handRects = [];
    this.rowRects = []; // the other seats' rows on screen, by seat relative to the view: {x, y, w, h}
    this.badgeRects = []; // their tile-count badges (and swim tags) on screen, the same way
    this.marked = null; // the review's marks on screen (review-mark.js), while a decision is chosen
    this.clockLabel = ""; // the decision clock's words in the centre ("13 s to act"), while it runs
    this.windLabels = ["", "", "", ""]; // the centre's winds, by seat relative to the view (for a test to read)
    this.thrownMarks = []; // the discards marked drawn-and-thrown this frame ("seat:index")
    this.goldRect = null; // the gold in the centre, and the player's flowers, on screen (css px)
    this.flowersRect = null;
    // The backing store is sized by the first frame (resize, then draw): sizing it here would wipe
    // the loader's placeholder table until then, the page's felt showing through a blank canvas.
  }

  /** Match the backing store to the css size and pixel ratio; true when it changed. */
  resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = this.canvas.clientWidth || window.innerWidth;
    const h = this.canvas.clientHeight || window.innerHeight;
    if (w === this.w && h === this.h && dpr === this.dpr) return false;
    this.w = w;
    this.h = h;
    this.dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(w * dpr));
    this.canvas.height = Math.max(1, Math.round(h * dpr));
    this.layoutKey = "";
    return true;
  }

  // --- layout ------------------------------------------------------------------------

  /** The layout (layout.js) for this size and this state's shape, computed again only when those change. */
  computeLayout(state, ui) {
    const view = viewSeat(state);
    const key = [this.w, this.h, this.dpr, layoutShape(state, view), ui.topReserve, ui.leftReserve, ui.panelsRoom,
      ui.actions?.w, ui.actions?.min, ui.actions?.h, ui.toolbar?.right, ui.toolbar?.bottom, ui.toolbar?.column].join("|");
    if (key !== this.layoutKey) {
      this.layout = computeLayout(this.w, this.h, this.dpr, state, ui);
      this.layoutKey = key;
    }
    return this.layout;
  }

  /** The frame transform of seat `rel` (0 bottom, 1 right, 2 top, 3 left): frame -> screen. */
  toScreen(rel, x, y) {
    const L = this.layout;
    const a = (-rel * Math.PI) / 2;
    const c = Math.round(Math.cos(a));
    const s = Math.round(Math.sin(a));
    return { x: L.cx + x * c - y * s, y: L.cy + x * s + y * c };
  }

  discardSlot(rel, index) {
    const L = this.layout;
    const cols = rel % 2 === 0 ? L.colsTB : L.colsLR;
    const col = index % cols;
    const row = Math.floor(index / cols);
    return { x: (-cols * L.u) / 2 + col * L.u, y: L.ringR + L.gap + row * L.rowPitch, w: L.u };
  }

  /** Where a seat's discard `index` lands, on screen: centre point, width and angle. */
  discardScreen(seat, index) {
    const L = this.layout;
    const rel = (seat - L.view + 4) % 4;
    const slot = this.discardSlot(rel, index);
    const p = this.toScreen(rel, slot.x + L.u / 2, slot.y + (L.u * TILE_H) / 2);
    return { x: p.x, y: p.y, w: L.u, angle: (-rel * Math.PI) / 2 };
  }

  /** The centre of a seat's hand row on screen (where its tiles come from). */
  handScreen(seat) {
    const L = this.layout;
    const rel = (seat - L.view + 4) % 4;
    if (rel === 0) {
      return { x: L.handX + L.handW / 2, y: L.handY + L.handH / 2, w: L.hw, angle: 0 };
    }
    const p = this.toScreen(rel, 0, L.reach[rel] - (L.ow * TILE_H) / 2);
    return { x: p.x, y: p.y, w: L.ow, angle: (-rel * Math.PI) / 2 };
  }

  /** A tile of the player's hand, on screen (for a discard flying out of it). */
  handTileScreen(index) {
    const r = this.handRects.find((h) => h.index === index);
    if (!r) return null;
    return { x: r.x + r.w / 2, y: r.y + r.h / 2, w: r.w, angle: 0 };
  }

  // --- painting ------------------------------------------------------------------------

  draw(model, now) {
    const { ctx, dpr } = this;
    const state = model.state;
    const ui = model.ui;
    const L = this.computeLayout(state, ui);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintFelt(ctx, this.w, this.h);
    const anims = (model.anims || []).filter((a) => now < a.t0 + a.dur);
    const hidden = new Set(anims.filter((a) => a.type === "fly" && a.hide).map((a) => a.hide));
    const covers = new Map(anims.filter((a) => a.type === "cover").map((a) => [a.key, a]));

    this.paintRing(state, L);
    this.paintCentre(state, L, model, now);
    this.thrownMarks = [];
    if (state) {
      for (let rel = 0; rel < 4; rel++) {
        const seat = (L.view + rel) % 4;
        this.paintDiscards(state, seat, rel, hidden, covers, now);
        if (rel !== 0) this.paintOtherRow(state, seat, rel);
        if (rel !== 0 && model.thinking && !state.is_over && state.waiting_for.includes(seat)) this.paintThinking(rel, now);
      }
      this.paintPlayer(state, L, model, now, anims);
    }
    // a review's decision chosen (the replay viewer): what it was about, marked
    this.marked = paintReviewMark(this, state, ui.review);
    for (const a of anims) this.paintAnim(a, now);
  }

  withFrame(rel, fn) {
    const { ctx } = this;
    const L = this.layout;
    ctx.save();
    ctx.translate(L.cx, L.cy);
    ctx.rotate((-rel * Math.PI) / 2);
    fn(ctx);
    ctx.restore();
  }

  /** The wall: stacks left per side, with the break marked. */
  paintRing(state, L) {
    const wall = state?.wall;
    const n = wall?.stacks_per_side ?? 18;
    for (let rel = 0; rel < 4; rel++) {
      const seat = (L.view + rel) % 4;
      const counts = wall?.stacks?.[seat] ?? new Array(n).fill(state ? 0 : 2);
      this.withFrame(rel, (ctx) => {
        // In the frame the side runs along y = ringR - wd .. ringR, from its right end
        // (frame +x, pinwheel-shifted) to its left end.
        const y0 = L.ringR - L.wd;
        const right = L.ringR - L.wd; // x of the right end (pinwheel)
        for (let i = 0; i < n; i++) {
          const x = right - (i + 1) * L.ws;
          const c = counts[i];
          if (c === 0) {
            ctx.strokeStyle = "rgba(255,255,255,0.08)";
            ctx.lineWidth = 1;
            ctx.strokeRect(x + 0.5, y0 + 0.5, L.ws - 1, L.wd - 1);
            continue;
          }
          ctx.fillStyle = c === 2 ? "#1b6b52" : "#155440";
          ctx.fillRect(x + 0.5, y0 + (c === 2 ? 0 : L.wd * 0.18), L.ws - 1, L.wd - (c === 2 ? 0 : L.wd * 0.18));
          ctx.fillStyle = c === 2 ? "#2e9a74" : "#237a5c";
          ctx.fillRect(x + 1, y0 + (c === 2 ? 0.5 : L.wd * 0.18 + 0.5), L.ws - 2, L.wd * (c === 2 ? 0.62 : 0.5));
          if (c === 2) {
            ctx.fillStyle = "rgba(255,255,255,0.25)";
            ctx.fillRect(x + 1, y0 + L.wd * 0.62, L.ws - 2, 1);
          }
        }
        if (wall && seat === wall.break_side) {
          const i = wall.break_stack;
          const x = right - i * L.ws;
          ctx.fillStyle = "#e9c46a";
          ctx.beginPath();
          ctx.moveTo(x, y0 - 2);
          ctx.lineTo(x - L.ws * 0.6, y0 - 2 - L.ws * 0.9);
          ctx.lineTo(x + L.ws * 0.6, y0 - 2 - L.ws * 0.9);
          ctx.closePath();
          ctx.fill();
        }
      });
    }
  }

  /** The centre panel: winds and scores toward each seat, tiles left, hand, gold, dice, timer. */
  paintCentre(state, L, model, now) {
    const { ctx } = this;
    const half = L.ringR - L.wd - L.u * 0.18;
    const x0 = L.cx - half;
    const y0 = L.cy - half;
    const size = half * 2;
    ctx.fillStyle = "rgba(8, 30, 20, 0.55)";
    roundRect(ctx, x0, y0, size, size, size * 0.08);
    ctx.fill();
    ctx.strokeStyle = "rgba(255,255,255,0.15)";
    ctx.lineWidth = 1;
    ctx.stroke();
    const fs = Math.max(9, size * 0.085);
    if (!state) return;
    const edge = size * 0.2;
    for (let rel = 0; rel < 4; rel++) {
      const seat = (L.view + rel) % 4;
      const isTurn = !state.is_over && seat === state.turn;
      const waiting = !state.is_over && state.waiting_for.includes(seat);
      this.paintSeatEdge(state, seat, rel, { half, size, edge, fs, isTurn, waiting });
    }
    // the middle: the timer (or tiles left) above; dice, tiles left and the gold below
    const inner = size - 2 * edge;
    const midY = L.cy - inner * 0.1;
    const lowY = L.cy + inner * 0.36;
    const timer = model.timer;
    const small = `600 ${Math.round(fs * 0.9)}px ${SANS}`;
    const topY = L.cy - inner * 0.4;
    this.clockLabel = "";
    this.goldRect = null;
    if (timer && !state.is_over) {
      this.paintClock(timer, now, inner, midY);
      text(ctx, `${t("table.tilesLeft")} ${state.tiles_left}`, L.cx, topY, small, "#d8e8dc");
    } else {
      text(ctx, String(state.tiles_left), L.cx, midY, `800 ${Math.round(inner * 0.3)}px ${SANS}`, "#fff");
      text(ctx, t("table.tilesLeft"), L.cx, midY + inner * 0.22, small, "#d8e8dc");
      if (state.match) {
        text(ctx, t("table.handOf", { n: state.match.hand_number + 1, total: state.match.hands }), L.cx, topY, small, "#d8e8dc");
      }
    }
    const dice = state.wall?.dice;
    if (dice) {
      const ds = Math.max(7, inner * 0.13);
      drawDie(ctx, L.cx - inner * 0.46, lowY - ds / 2, ds, dice[0]);
      drawDie(ctx, L.cx - inner * 0.46 + ds * 1.15, lowY - ds / 2, ds, dice[1]);
    }
    if (state.gold) {
      // a gold one can see: at least 16 px wide (it was 10 px tall on a phone on its side)
      // and at least 60% of the player's tile where the centre has room (八万 read as 六万: issue 57)
      const gw = Math.max(16, inner * 0.16, Math.min(L.hw * 0.6, inner * 0.5));
      const gx = L.cx + inner * 0.46 - gw;
      const gy = lowY - (gw * TILE_H) / 2;
      drawTile(ctx, state.gold, gx, gy, gw, this.dpr, state.gold_tile_out ? "gold" : "gold+dim");
      this.goldRect = { x: gx, y: gy, w: gw, h: gw * TILE_H }; // the gold in the centre, on screen (coach.js)
      // the gold's name beside it, at a readable size (the badge on the tile is small here)
      const font = `800 ${Math.max(12, Math.round(fs * 1.05))}px ${SERIF}`;
      ctx.font = font;
      const label = t("table.goldLabel");
      text(ctx, label, gx - ctx.measureText(label).width / 2 - gw * 0.25, lowY, font, "#ffd166");
    }
  }

  /** A seat's edge of the centre: its turn marked, its wind (the dealer's marked), its score and this hand's delta. */
  paintSeatEdge(state, seat, rel, { half, size, edge, fs, isTurn, waiting }) {
    this.withFrame(rel, (c) => {
      const y = half - edge / 2;
      if (isTurn || waiting) {
        c.fillStyle = isTurn ? "rgba(233,196,106,0.35)" : "rgba(233,196,106,0.16)";
        roundRect(c, -half + 2, half - edge + 1, size - 4, edge - 3, 4);
        c.fill();
        if (isTurn) {
          c.fillStyle = "#e9c46a";
          c.fillRect(-half * 0.55, half - 3, half * 1.1, 2.5);
        }
      }
      const wind = state.seat_winds[seat];
      const glyph = t(`table.wind.${wind}`); // 东, 東 or E: the page's language
      this.windLabels[rel] = glyph;
      const dealer = seat === state.dealer;
      text(c, glyph, -size * 0.26, y, `800 ${Math.round(fs * 1.45)}px ${SERIF}`, dealer ? "#ffd166" : "#f3efe2");
      if (dealer) {
        c.fillStyle = "#c0392b";
        c.beginPath();
        c.arc(-size * 0.38, y, fs * 0.62, 0, TAU);
        c.fill();
        text(c, t("seat.dealerShort"), -size * 0.38, y + 0.5, `700 ${Math.round(fs * 0.8)}px ${SANS}`, "#fff");
      }
      const score = state.scores[seat];
      const d = state.hand_deltas?.[seat] || 0;
      // the numbers read upright on screen, whichever side they sit on
      const upright = (str, x, font, color) => {
        c.save();
        c.translate(x, y);
        c.rotate((rel * Math.PI) / 2);
        text(c, str, 0, 0, font, color);
        c.restore();
      };
      upright(String(score), size * 0.06, `700 ${Math.round(fs * 1.15)}px ${SANS}`, "#f3efe2");
      if (d) upright((d > 0 ? "+" : "") + d, size * 0.28, `600 ${Math.round(fs * 0.9)}px ${SANS}`, d > 0 ? "#8fe388" : "#ff9b8a");
    });
  }

  /** The decision clock in the centre: a ring that runs out, and its words ("13 s to act"). */
  paintClock(timer, now, inner, midY) {
    const { ctx } = this;
    const L = this.layout;
    const left = Math.max(0, (timer.deadline - now) / 1000);
    const frac = Math.min(1, left / timer.total);
    const r = inner * 0.26;
    ctx.lineWidth = Math.max(2, r * 0.14);
    ctx.strokeStyle = "rgba(255,255,255,0.15)";
    ctx.beginPath();
    ctx.arc(L.cx, midY + inner * 0.04, r, 0, TAU);
    ctx.stroke();
    ctx.strokeStyle = left < 5 ? "#e76f51" : "#e9c46a";
    ctx.beginPath();
    ctx.arc(L.cx, midY + inner * 0.04, r, -Math.PI / 2, -Math.PI / 2 + TAU * frac);
    ctx.stroke();
    // labelled ("13 s to act"), not a bare number that reads like a second count of tiles
    const label = t("table.timer", { s: Math.ceil(left) });
    let px = Math.round(inner * 0.16);
    ctx.font = `800 ${px}px ${SANS}`;
    const room = r * 1.8;
    const wide = ctx.measureText(label).width;
    if (wide > room) px = Math.max(9, Math.floor((px * room) / wide));
    text(ctx, label, L.cx, midY + inner * 0.04, `800 ${px}px ${SANS}`, left < 5 ? "#ffb4a2" : "#fff");
    this.clockLabel = label; // what the clock says, for a page or a test to read
  }

  /** @param {import("./model.js").State} state @param {number} seat @param {number} rel @param {Set<string>} hidden */
  paintDiscards(state, seat, rel, hidden, covers = new Map(), now = 0) {
    const L = this.layout;
    const list = state.discards[seat];
    const last = state.last_discard;
    this.withFrame(rel, (ctx) => {
      for (let i = 0; i < list.length; i++) {
        if (hidden.has(`d${seat}:${i}`)) continue;
        const d = list[i];
        const s = this.discardSlot(rel, i);
        let code = d.tile;
        let look = "";
        if (d.covered) {
          look = d.tile ? "dim" : "";
          if (!d.tile) code = null;
        }
        if (d.claimed) look = "dim";
        if (code && code === state.gold) look = look ? look + "+gold" : "gold";
        const isLast = last && last.seat === seat && last.index === i && !state.is_over;
        if (isLast) look = look ? look + "+hi" : "hi";
        const cover = covers.get(`d${seat}:${i}`);
        if (cover) paintCovered(ctx, cover, now, code, s, L.u, this.dpr, look);
        else drawTile(ctx, code, s.x, s.y, L.u, this.dpr, look);
        if (d.thrown_drawn && !cover) {
          // 摸切: drawn and thrown at once, a dot in the tile's corner (players read it)
          ctx.fillStyle = "rgba(33, 86, 168, 0.9)";
          ctx.beginPath();
          ctx.arc(s.x + L.u * 0.8, s.y + L.u * 0.2, Math.max(2, L.u * 0.11), 0, TAU);
          ctx.fill();
          this.thrownMarks.push(`${seat}:${i}`);
        }
        if (isLast) {
          // a marker above the latest discard (toward the centre)
          ctx.fillStyle = "#e76f51";
          ctx.beginPath();
          const mx = s.x + L.u / 2;
          const my = s.y - 2;
          ctx.moveTo(mx, my);
          ctx.lineTo(mx - L.u * 0.22, my - L.u * 0.3);
          ctx.lineTo(mx + L.u * 0.22, my - L.u * 0.3);
          ctx.closePath();
          ctx.fill();
        }
      }
    });
  }

  /** Another seat's row along its side: hand (backs, or faces once shown), melds, flowers. */
  paintOtherRow(state, seat, rel) {
    const L = this.layout;
    const hand = state.hands[seat];
    const count = state.hand_counts[seat];
    const melds = state.melds[seat];
    const flowers = state.flowers[seat];
    const drawn = justDrew(state, seat);
    // the row within the length the layout keeps for it (ROW_UNITS): a longer one is drawn smaller,
    // its outer edge in place (the board does not move for it)
    const units = count + (drawn ? 0.4 : 0) + (melds.length ? 0.4 + meldRowWidth(melds, 1) : 0)
      + (flowers.length ? 0.4 + flowers.length * 0.7 : 0);
    const ow = L.ow * Math.min(1, ROW_UNITS / units);
    const oh = ow * TILE_H;
    const y = L.reach[rel] - oh;
    const fw = ow * 0.7;
    const drawnGap = drawn ? ow * 0.4 : 0;
    const width = units * ow;
    let x = -width / 2;
    const isTurn = !state.is_over && state.turn === seat;
    this.withFrame(rel, (ctx) => {
      if (isTurn) {
        ctx.fillStyle = "rgba(233,196,106,0.22)";
        roundRect(ctx, x - 4, y - 4, count * ow + drawnGap + 8, oh + 8, 6);
        ctx.fill();
      }
      for (let i = 0; i < count; i++) {
        if (i === count - 1 && drawnGap) x += drawnGap;
        const code = hand ? hand[i] : null;
        drawTile(ctx, code, x, y, ow, this.dpr, code && code === state.gold ? "gold" : "");
        x += ow;
      }
      const badgeX = x - ow / 2;
      if (melds.length) {
        x += ow * 0.4;
        x = paintMelds(ctx, melds, seat, x, y + oh, ow, this.dpr, state.gold);
      }
      if (flowers.length) {
        x += ow * 0.4;
        for (const f of flowers) {
          drawTile(ctx, f, x, y + oh - fw * TILE_H, fw, this.dpr);
          x += fw;
        }
      }
      // the count of tiles in hand, and a swim tag, upright on screen (not once the hand is
      // over: the hands are shown face up and the badge would cover them)
      if (!state.is_over) this.badgeRects[rel] = this.paintCountBadge(ctx, state, seat, rel, badgeX, y + oh / 2, ow, count);
      else this.badgeRects[rel] = null;
      const a = this.toScreen(rel, -width / 2, y);
      const b = this.toScreen(rel, x, y + oh);
      this.rowRects[rel] = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
    });
  }

  /** A seat's tile count in a disc, with its swim level above, turned upright on screen; returns its box on screen. */
  paintCountBadge(ctx, state, seat, rel, bx, by, ow, count) { // in the seat's frame
    const at = this.toScreen(rel, bx, by);
    let box = null;
    ctx.save();
    ctx.translate(bx, by);
    ctx.rotate((rel * Math.PI) / 2);
    const r = Math.max(8, ow * 0.42);
    ctx.fillStyle = "rgba(10,25,18,0.85)";
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, TAU);
    ctx.fill();
    ctx.strokeStyle = "rgba(255,255,255,0.5)";
    ctx.lineWidth = 1;
    ctx.stroke();
    text(ctx, String(count), 0, 0.5, `700 ${Math.round(r * 1.1)}px ${SANS}`, "#fff");
    box = { x: at.x - r, y: at.y - r, w: 2 * r, h: 2 * r };
    const swim = state.swims[seat];
    if (swim) {
      const label = t(`swim.${swim}`);
      ctx.font = `700 ${Math.round(r * 1.05)}px ${SANS}`;
      const tw = ctx.measureText(label).width + r;
      ctx.fillStyle = "#d4a017";
      roundRect(ctx, -tw / 2, -r * 3.1, tw, r * 1.7, r * 0.5);
      ctx.fill();
      text(ctx, label, 0, -r * 2.25, `700 ${Math.round(r * 1.05)}px ${SANS}`, "#2b1d00");
      const w = Math.max(2 * r, tw);
      box = { x: at.x - w / 2, y: at.y - r * 3.1, w, h: r * 4.1 };
    }
    ctx.restore();
    return box;
  }

  /** The player's strip: hand with the drawn tile set apart, melds, flowers, selection. */
  paintPlayer(state, L, model, now, anims) {
    const { ctx } = this;
    const view = L.view;
    const ui = model.ui;
    const tiles = displayHand(state, view);
    const legal = new Set(state.human_to_move ? state.legal_actions : []);
    const myTurn = state.human_to_move && [...legal].some((a) => a.startsWith("discard "));
    const drawAnim = anims.find((a) => a.type === "draw");
    this.handRects = [];
    if (myTurn || (!state.is_over && state.turn === view && state.phase === "discard")) {
      ctx.fillStyle = "rgba(233,196,106,0.16)";
      roundRect(ctx, L.handX - 5, L.handY - L.lift - 4, L.handW + 10, L.handH + L.lift + 8, 8);
      ctx.fill();
    }
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i];
      const slot = handSlot(L, i, tile.drawn);
      const x = slot.x;
      let y = slot.y;
      const selected = ui.selected === i && state.human_to_move;
      if (selected) y -= L.lift;
      else if (ui.hover === i && myTurn) y -= L.lift * 0.35;
      let alpha = 1;
      if (tile.drawn && drawAnim) {
        const p = Math.min(1, (now - drawAnim.t0) / drawAnim.dur);
        y -= (1 - easeOut(p)) * L.hh * 0.7;
        alpha = 0.3 + 0.7 * p;
      }
      const looks = [];
      if (tile.code && tile.code === state.gold) looks.push("gold");
      if (myTurn && tile.code && !legal.has(`discard ${tile.code}`) && !legal.has(`swim ${tile.code}`)) looks.push("dim");
      if (ui.hintTile && tile.code === ui.hintTile && i === tiles.findIndex((tt) => tt.code === ui.hintTile)) looks.push("hi");
      ctx.globalAlpha = alpha;
      drawTile(ctx, tile.code, x, y, L.hw, this.dpr, looks.join("+"));
      ctx.globalAlpha = 1;
      if (selected && ui.focus) {
        ctx.strokeStyle = "#ffd166";
        ctx.lineWidth = 3;
        roundRect(ctx, x - 2, y - 2, L.hw + 4, L.hh + 4, 6);
        ctx.stroke();
      } else if (ui.focus && ui.selected === i) {
        ctx.strokeStyle = "#ffd166";
        ctx.lineWidth = 2;
        ctx.setLineDash([4, 3]);
        roundRect(ctx, x - 2, y - 2, L.hw + 4, L.hh + 4, 6);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      // a tile answers a touch from the top of its lift to the screen's edge below it
      // (on two rows, the first row's tile down to the second's lift; the second's to the edge)
      const below = slot.row === 0 && L.rows > 1 ? 0 : L.H - slot.y - L.hh;
      this.handRects.push({ x, y: slot.y, w: L.hw, h: L.hh, extra: L.lift, below, index: i, code: tile.code });
    }
    // melds and flowers: inline after the hand, or on a row above it, right-aligned
    const melds = state.melds[view];
    const flowers = state.flowers[view];
    let mx;
    let baseY;
    if (L.inline) {
      mx = L.meldX; // the area beside the hand's room (layout.js): it does not move as the hand draws
      baseY = L.handY + L.handH;
    } else {
      mx = L.W - L.m - L.meldsW - (L.flowersW || 0);
      baseY = L.meldRowY + L.mw * TILE_H;
    }
    if (melds.length) mx = paintMelds(ctx, melds, view, mx, baseY, L.mw, this.dpr, state.gold);
    this.flowersRect = null;
    if (flowers.length) {
      mx += L.hw * 0.3;
      const fw = L.fw;
      this.flowersRect = { x: mx, y: baseY - fw * TILE_H, w: fw * flowers.length, h: fw * TILE_H }; // where they lie (coach.js points at them)
      for (const f of flowers) {
        drawTile(ctx, f, mx, baseY - fw * TILE_H, fw, this.dpr);
        mx += fw;
      }
    }
    this.stripRight = mx; // the right end of the player's strip (hand, melds, flowers), css px
    // (the player's own swim level and furiten note are badges on the prompt's line: ui.js)
  }

  /** Three pulsing dots between a seat's row and its discards while its bot decides. */
  paintThinking(rel, now) {
    const { ctx } = this;
    const L = this.layout;
    const p = this.toScreen(rel, 0, L.reach[rel] - L.ow * TILE_H - L.gap);
    const r = Math.max(2.5, L.ow * 0.11);
    ctx.fillStyle = "rgba(10,25,18,0.8)";
    roundRect(ctx, p.x - r * 5, p.y - r * 2, r * 10, r * 4, r * 2);
    ctx.fill();
    for (let i = 0; i < 3; i++) {
      ctx.fillStyle = `rgba(233,196,106,${0.35 + 0.65 * Math.max(0, Math.sin(now / 170 - i * 0.9))})`;
      ctx.beginPath();
      ctx.arc(p.x + (i - 1) * r * 3, p.y, r, 0, TAU);
      ctx.fill();
    }
  }

  paintAnim(a, now) {
    const { ctx } = this;
    const p = Math.max(0, Math.min(1, (now - a.t0) / a.dur));
    if (a.type === "fly") {
      const to = a.to();
      if (!to) return;
      const e = easeOut(p);
      const x = a.from.x + (to.x - a.from.x) * e;
      const y = a.from.y + (to.y - a.from.y) * e;
      const w = a.from.w + (to.w - a.from.w) * e;
      const ang = a.from.angle + angleDelta(a.from.angle, to.angle) * e;
      drawTile(ctx, a.tile, x - w / 2, y - (w * TILE_H) / 2, w, this.dpr, a.look || "", ang);
    } else if (a.type === "banner") {
      if (now >= a.t0) paintBanner(ctx, this.layout, this.w, this.dpr, a, p);
    } else if (a.type === "callout") {
      const at = a.at();
      if (!at) return;
      const size = Math.max(22, this.layout.u * 1.5);
      const s = p < 0.2 ? 0.6 + 2 * p : 1;
      const alpha = p > 0.75 ? (1 - p) / 0.25 : 1;
      ctx.save();
      ctx.globalAlpha = alpha;
      ctx.translate(at.x, at.y);
      ctx.font = `900 ${size}px ${SERIF}`;
      const tw = ctx.measureText(a.text).width;
      // whole on screen: a side seat's "Left: Pong!" was cut at the screen's edge
      const half = tw / 2 + size * 0.35 + 4;
      ctx.translate(Math.min(Math.max(at.x, half), this.w - half) - at.x, 0);
      ctx.scale(s, s);
      ctx.fillStyle = "rgba(20,10,0,0.7)";
      roundRect(ctx, -tw / 2 - size * 0.35, -size * 0.7, tw + size * 0.7, size * 1.4, size * 0.3);
      ctx.fill();
      ctx.strokeStyle = "#e9c46a";
      ctx.lineWidth = 2;
      ctx.stroke();
      text(ctx, a.text, 0, 0, `900 ${size}px ${SERIF}`, "#ffd166");
      ctx.restore();
    }
  }

  /** Where a seat's callout ("碰!") appears: between its discards and its hand. */
  calloutAt(seat) {
    const L = this.layout;
    const rel = (seat - L.view + 4) % 4;
    if (rel === 0) return { x: L.cx, y: L.stripTop - L.u * 0.8 };
    const d = (L.ringR + L.reach[rel]) / 2 + L.u;
    return this.toScreen(rel, 0, Math.min(d, L.reach[rel] - L.ow * TILE_H - L.u));
  }
}

// --- helpers -------------------------------------------------------------------------------
