// The coached first hand (issue 48): a newcomer's first hand on the table, in the rule set they
// chose, points at each thing as it happens, once: the gold in the centre, a flower set aside, the
// tile just drawn, the discard (the selected tile, tapped again), a claim's buttons. One tip at a
// time, over the table (a ring around the thing, a bubble beside it); it never blocks the table
// (only its buttons take a touch), goes when the player does what it says ("Got it" for what needs
// nothing done), and "Skip" ends it. Once per browser: kept under COACHED_KEY when the hand ends
// or is skipped. Not in a frame of another page, a demo, a position's link or a player's later hands.

import { el } from "../shell/dom.js";
import { t, onLangChange } from "../i18n/i18n.js";
import { probeStorage } from "../shell/storage.js";
import { viewSeat } from "../table/model.js";
import { claimItems } from "../overlay/claims.js";
import { mustShow, placeBubble, fitBanner } from "../overlay/keep-clear.js";

export const COACHED_KEY = "mahjong.coached";

/**
 * Whether this visit's first hand is coached: a newcomer (no hand played to its end here), never
 * coached before, playing a dealt hand themselves in a page of its own.
 * @param {{played: boolean, autoplay: boolean}} settings @param {{position?: any}} params
 */
export function wantsCoach(settings, params, storage = probeStorage(), framed = window.parent !== window) {
  if (framed || settings.played || settings.autoplay || params.position) return false;
  try {
    return storage?.getItem(COACHED_KEY) !== "1";
  } catch {
    return true;
  }
}

/**
 * ctx: {root, view, renderer, active}: the overlay (#ui), the store's view, the renderer (its rects:
 * handRects, goldRect, flowersRect), and whether coaching is on for this visit (wantsCoach).
 * @param {{root: HTMLElement, view: any, renderer: any, active: boolean, redraw: () => void}} ctx
 */
export function createCoach({ root, view, renderer, active, redraw }) {
  const storage = probeStorage();
  const seen = new Set();
  let on = active;
  let hand = -1; // the hand coached (its number in the match): the first one dealt
  let shown = /** @type {string | null} */ (null);

  const { ring, text, ok, skip, bubble } = tipNodes(root, () => done(shown), () => {
    finish();
    redraw();
  });

  function finish() {
    on = false;
    shown = null;
    ring.hidden = true;
    bubble.hidden = true;
    try {
      storage?.setItem(COACHED_KEY, "1");
    } catch {
      // full: the coaching may come again
    }
  }

  function done(/** @type {string | null} */ tip) {
    if (tip) seen.add(tip);
    shown = null;
    redraw(); // the next tip, if one is due
  }

  /** Each frame: the tip that is due, where its thing is now; what the player did ends the one shown. */
  function frame() {
    keepNoticeClear(root, renderer);
    if (!on) return;
    const s = view.state;
    if (!s || s.autoplay) return;
    if (hand < 0) hand = s.match.hand_number;
    if (s.match.hand_number !== hand || s.is_over) {
      finish(); // the coached hand is over: once
      return;
    }
    // the player did what the tip said
    const did = answered(shown, s, view);
    if (did === "done") done(shown);
    else if (did === "gone") shown = null;
    const tip = due(s, view, seen);
    const box = tip ? target(tip, renderer, view) : null;
    if (!tip || !box) {
      shown = null;
      ring.hidden = true;
      bubble.hidden = true;
      return;
    }
    if (tip !== shown) {
      shown = tip;
      bubble.dataset.tip = tip;
      text.textContent = words(tip);
      ok.textContent = t("coach.ok");
      skip.textContent = t("coach.skip");
      // "Got it" for what needs nothing done; the others go when the player does it
      ok.hidden = !(tip === "gold" || tip === "flower");
    }
    // never over a claim button, the hand or the toolbar (keep-clear.js); a tip about the hand
    // stands above the hand's rows
    const L = renderer.layout;
    place(ring, bubble, box, tip === "drawn" || tip === "discard" ? L.handY - L.lift : box.y, mustShow(root, L));
  }

  onLangChange(() => {
    shown = null; // said again in the new language
  });

  return {
    frame,
    /** Whether a tip is on show (for a test: its name). */
    get tip() {
      return on ? shown : null;
    },
  };
}

/** The notice banner, coached or not, between the toolbar and the buttons and the hand (keep-clear.js). */
function keepNoticeClear(root, renderer) {
  const banner = /** @type {HTMLElement | null} */ (root.querySelector(".banner"));
  if (banner && !banner.hidden) fitBanner(banner, mustShow(root, renderer.layout), innerHeight);
}

/** The tip due now for the state on the table, or null: the gold, a flower, a claim, the drawn tile, the discard (each once). */
function due(s, view, seen) {
  const me = viewSeat(s);
  if (s.gold && !seen.has("gold")) return "gold";
  if (s.flowers?.[me]?.length && !seen.has("flower")) return "flower";
  if (!s.human_to_move) return null;
  // a claim window: another's discard, and buttons to take it (or pass)
  const claims = claimItems(s).filter((item) => item.kind !== "pass");
  const discards = s.legal_actions.some((a) => a.startsWith("discard "));
  if (!discards && claims.length && !seen.has("claim")) return "claim";
  if (discards && view.ui.selected < 0 && !seen.has("drawn") && s.drawn) return "drawn";
  if (discards && view.ui.selected >= 0 && !seen.has("discard")) return "discard";
  return null;
}

/** What the tip points at, on screen (css px), or null. */
function target(tip, renderer, view) {
  if (tip === "gold") return renderer.goldRect;
  if (tip === "flower") return renderer.flowersRect;
  if (tip === "drawn") return renderer.handRects.find((r) => r.code === view.state.drawn && r.index === renderer.handRects.length - 1)
    ?? renderer.handRects.at(-1) ?? null;
  if (tip === "discard") {
    const r = renderer.handRects[view.ui.selected];
    return r ? { x: r.x, y: r.y - renderer.layout.lift, w: r.w, h: r.h } : null;
  }
  if (tip === "claim") {
    const box = document.getElementById("actions")?.getBoundingClientRect();
    return box && box.width ? { x: box.left, y: box.top, w: box.width, h: box.height } : null;
  }
  return null;
}

/** The tip's words, for a touch screen or a mouse. */
function words(tip) {
  const how = matchMedia("(pointer: coarse)").matches ? "tap" : "click";
  if (tip === "drawn" || tip === "discard") return t(`coach.${tip}.${how}`);
  return t(`coach.${tip}`);
}

/** The ring around `box`; the bubble above `above` (css px) where there is room, else the free
 * place nearest the box, clear of `avoid` (the claim buttons, the hand, the toolbar). */
function place(ring, bubble, box, above, avoid) {
  const pad = 5;
  ring.hidden = false;
  Object.assign(ring.style, { left: `${box.x - pad}px`, top: `${box.y - pad}px`, width: `${box.w + 2 * pad}px`, height: `${box.h + 2 * pad}px` });
  bubble.hidden = false;
  const at = placeBubble({ x: box.x - pad, y: box.y - pad, w: box.w + 2 * pad, h: box.h + 2 * pad }, bubble.offsetWidth,
    bubble.offsetHeight, avoid, { W: innerWidth, H: innerHeight, above: above - pad });
  bubble.style.left = `${Math.round(at.x)}px`;
  bubble.style.top = `${Math.round(at.y)}px`;
}

/** What the player did about the tip on show: "done" what it said, "gone" (it no longer applies), or "" (still due). */
function answered(shown, s, view) {
  if (shown === "drawn" && view.ui.selected >= 0) return "done";
  if (shown === "discard" && !s.human_to_move) return "done";
  if (shown === "discard" && view.ui.selected < 0) return "gone";
  if (shown === "claim" && !(s.human_to_move && !s.legal_actions.some((a) => a.startsWith("discard ")))) return "done";
  return "";
}

/** The tip's nodes in the overlay: the ring around the thing, the bubble with its words, "Got it" and "Skip". */
function tipNodes(root, onOk, onSkip) {
  const ring = el("div", { class: "coach-ring", "aria-hidden": "true", hidden: true });
  const text = el("p", { class: "coach-text" });
  const ok = el("button", { type: "button", id: "coach-ok", class: "primary", onclick: onOk });
  const skip = el("button", { type: "button", id: "coach-skip", onclick: onSkip });
  const bubble = el("div", { class: "coach", id: "coach", role: "status", hidden: true }, text, el("div", { class: "coach-buttons" }, ok, skip));
  root.append(ring, bubble);
  return { ring, text, ok, skip, bubble };
}
