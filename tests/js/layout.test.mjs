// The table's layout (web/layout.js): on a phone held either way and on a desktop, the player's
// hand and the board stay on the canvas, and the claim buttons get a place.
import test from "node:test";
import assert from "node:assert/strict";

import { computeLayout } from "../../web/table/layout.js";
import { rimWidth } from "../../web/table/felt.js";

const VIEWPORTS = { portrait: [390, 844], landscape: [844, 390], desktop: [1280, 800] };
const UI = { topReserve: 0, leftReserve: 0, actionsDocked: false, actions: { w: 90, min: 50, h: 44 }, toolbar: { right: 300, bottom: 40 } };

function state(handCount = 14, discards = 20) {
  const pong = { type: "pong", tiles: ["7z", "7z", "7z"], from: 2 };
  return {
    seat: 0, variant: "longyan", hands: [Array(handCount).fill("1m"), null, null, null], hand_counts: [handCount, 13, 10, 13],
    melds: [[], [], [pong], []], flowers: [["1f"], [], ["2f", "3f"], []],
    discards: [0, 1, 2, 3].map(() => Array(discards).fill("9p")), wall: { stacks_per_side: 18 },
  };
}

for (const [name, [w, h]] of Object.entries(VIEWPORTS)) {
  test(`${name} ${w}x${h}: the hand, the strip and the board fit the canvas, with some felt before the rim`, () => {
    const clear = rimWidth(w, h) + 2; // the outermost tiles touched the rim at 844x390 (the top seat) and on phones (the hand)
    for (const s of [null, state(), state(11, 30)]) {
      const L = computeLayout(w, h, 2, s, UI);
      assert.ok(L.handX >= 0 && L.handX + L.handW <= w + 0.5, `hand x ${L.handX}+${L.handW} in ${w}`);
      assert.ok(L.handY >= 0 && L.handY + L.hh <= h + 0.5, `hand y ${L.handY}+${L.hh} in ${h}`);
      assert.ok(L.stripTop > 0 && L.stripTop < h);
      assert.ok(L.cx > 0 && L.cx < w && L.cy > 0 && L.cy < h);
      assert.ok(["row", "column", "docked"].includes(L.actions.mode), L.actions.mode);
      assert.ok(L.u >= 12, `unit ${L.u}`);
      assert.ok(L.handX >= clear && L.handX + L.handW <= w - clear, `hand x ${L.handX}+${L.handW} clear in ${w}`);
      assert.ok(L.handY + L.hh <= h - clear, `hand bottom ${L.handY + L.hh} in ${h}`);
      assert.ok(L.cy - L.reach[2] >= clear, `top seat ${L.cy - L.reach[2]}`);
      assert.ok(L.cx - L.reach[3] >= clear && L.cx + L.reach[1] <= w - clear, `side seats ${L.cx - L.reach[3]}, ${L.cx + L.reach[1]} in ${w}`);
    }
  });
}

test("a portrait phone puts the claim buttons in a row above the strip", () => {
  const L = computeLayout(390, 844, 3, state(), UI);
  assert.equal(L.actions.mode, "row");
  assert.ok(L.actions.bottom > 0);
});

test("the table holds still: the hand's place and the board do not change as tiles are drawn, melded and set aside", () => {
  for (const [name, [w, h]] of Object.entries(VIEWPORTS)) {
    const dealt = state(13, 3);
    const drawn = { ...state(14, 3), hand_counts: [14, 13, 10, 13] };
    const others = { ...state(13, 3), hand_counts: [13, 14, 10, 13], // another seat draws, melds and sets flowers aside
      melds: [[], [{ type: "pong", tiles: ["1p", "1p", "1p"], from: 0 }], [{ type: "pong", tiles: ["7z", "7z", "7z"], from: 2 }], []],
      flowers: [["1f", "5f"], ["6f", "7f", "8f"], ["2f", "3f"], ["4f"]] };
    const [a, b, c] = [dealt, drawn, others].map((s) => computeLayout(w, h, 2, s, UI));
    for (const L of [b, c]) {
      for (const key of ["handX", "handY", "hw", "cx", "cy", "u", "stripTop"]) assert.equal(L[key], a[key], `${name} ${key}`);
      assert.deepEqual(L.actions, a.actions, name);
    }
  }
});

test("a phone held upright holds its hand on two rows of tiles a finger wide down to 360 px (issue 48); on its side, one row a finger wide", async () => {
  const { handSlot } = await import("../../web/table/layout.js");
  const { TILE_H } = await import("../../web/art/tiles.js");
  for (const [w, h] of [[390, 844], [360, 640], [375, 667]]) {
    const L = computeLayout(w, h, 3, state(14, 3), UI);
    assert.equal(L.rows, 2, `${w}x${h}`);
    assert.ok(L.hh >= 44 && L.hw >= 44, `${w}x${h}: tiles ${L.hw}x${L.hh}`); // one row's were 25x37 at 390, two rows' 37x55 at 360
    assert.ok(L.handH <= 0.23 * h, `${w}x${h}: the rows take ${L.handH} of the height`); // the board keeps the rest
    const slots = Array.from({ length: 14 }, (_, i) => handSlot(L, i, i === 13));
    for (const s of slots) assert.ok(s.x >= L.m && s.x + L.hw <= w - L.m + 0.01 && s.y + L.hh <= h - L.m + 0.01, `${w}x${h} ${JSON.stringify(s)}`);
    // the second row starts below the first and a lifted tile of it does not reach the first
    const second = slots.filter((s) => s.row === 1);
    assert.ok(second.length === 7 && second[0].y - L.lift >= L.handY + L.hh - 0.01, `${w}x${h}`);
    assert.ok(L.stripTop <= L.handY - L.lift && L.meldRowY + L.mw * TILE_H <= L.handY, `${w}x${h}: the melds' row above the hand`);
  }
  // the smallest phones too (320x568: one row's tiles were 21 px wide, 30 tall; now 33x49)
  const small = computeLayout(320, 568, 2, state(14, 3), UI);
  assert.ok(small.rows === 2 && small.hh >= 40, `320x568: ${small.rows} rows of ${small.hw}x${small.hh}`);
  // a hand that melds keeps the rows and the tiles of its deal (issue 48: after a pong it went to
  // one row and every tile moved): a pong (10 tiles and a drawn one) or three (4 and one)
  const dealt = computeLayout(390, 844, 3, state(14, 3), UI);
  for (const pongs of [1, 3]) {
    const melded = { ...state(14 - 3 * pongs, 3), melds: [Array.from({ length: pongs }, () => ({ type: "pong", tiles: ["7z", "7z", "7z"], from: 2 })), [], [], []] };
    const few = computeLayout(390, 844, 3, melded, UI);
    assert.ok(few.rows === 2 && few.hw === dealt.hw && few.firstRow === dealt.firstRow && few.handX === dealt.handX && few.handY === dealt.handY,
      `${pongs} pongs: ${few.rows} rows of ${few.hw}x${few.hh} from ${few.handX}`);
  }
  // wide enough for one row 40 px tall: one row
  assert.equal(computeLayout(430, 932, 3, state(14, 3), UI).rows, 1);
  const side = computeLayout(844, 390, 3, state(14, 3), UI);
  assert.equal(side.rows, 1);
  assert.equal(side.hw, 44);
});
