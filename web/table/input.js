// Pointer and keyboard -> intents. Nothing here knows the game: intents.js says what an intent
// means now, and the page acts on it. Which tile is under the pointer comes from the hit regions
// the last frame left in the store (view.hits, handTileAt): input asks the renderer nothing. Intents:
//   {type: "tap", index}            a tile of the player's hand was clicked or tapped
//   {type: "hover", index}          the pointer is over a hand tile (or null)
//   {type: "move", delta}           arrow keys: move the selection
//   {type: "discard"}               Enter: discard the selected tile
//   {type: "claim", kind}           P pong, K kong, H/W win, S swim, Space/Esc pass
//   {type: "toggle", what}          T tracker, ? hints, M sound
//   {type: "key"}                   any key: the keyboard is in use (show the focus ring)

const CLAIM_KEYS = { p: "pong", k: "kong", h: "win", w: "win", s: "swim" };

export class Input {
  /**
   * @param {HTMLElement} canvas
   * @param {{hits: import("./store.js").HandRect[]}} view  the store's view: the hit regions the last frame painted
   * @param {(intent: any) => boolean} onIntent
   */
  constructor(canvas, view, onIntent) {
    this.canvas = canvas;
    this.view = view;
    this.emit = onIntent;
    this.enabled = true;

    canvas.addEventListener("pointerdown", (e) => this.pointerDown(e));
    canvas.addEventListener("pointermove", (e) => this.pointerMove(e));
    canvas.addEventListener("pointerleave", () => this.emit({ type: "hover", index: null }));
    window.addEventListener("keydown", (e) => this.keyDown(e));
  }

  point(e) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  pointerDown(e) {
    if (!this.enabled || e.button > 0) return;
    const { x, y } = this.point(e);
    const hit = handTileAt(this.view.hits, x, y);
    this.emit({ type: "pointer" });
    if (hit?.kind === "hand") {
      e.preventDefault();
      this.emit({ type: "tap", index: hit.index, code: hit.code });
    }
  }

  pointerMove(e) {
    if (!this.enabled || e.pointerType === "touch") return;
    const { x, y } = this.point(e);
    const hit = handTileAt(this.view.hits, x, y);
    const index = hit?.kind === "hand" ? hit.index : null;
    if (index !== this.hover) {
      this.hover = index;
      this.canvas.style.cursor = index === null ? "" : "pointer";
      this.emit({ type: "hover", index });
    }
  }

  keyDown(e) {
    if (!this.enabled || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    const tag = target?.tagName;
    // Typing in a form field, or a key a focused control handles itself: leave it alone.
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (target?.closest?.("[role=dialog]") && e.key !== "Escape") return;
    const onButton = tag === "BUTTON" || tag === "A";
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let intent = null;
    if (key === "ArrowLeft" || key === "ArrowUp") intent = { type: "move", delta: -1 };
    else if (key === "ArrowRight" || key === "ArrowDown") intent = { type: "move", delta: 1 };
    else if (key === "Home") intent = { type: "move", delta: -99 };
    else if (key === "End") intent = { type: "move", delta: 99 };
    else if (key === "Enter" && !onButton) intent = { type: "discard" };
    else if (key === " " && !onButton) intent = { type: "claim", kind: "pass" };
    else if (key === "Escape") intent = { type: "claim", kind: "pass", escape: true };
    else if (key in CLAIM_KEYS) intent = { type: "claim", kind: CLAIM_KEYS[key] };
    else if (key === "t") intent = { type: "toggle", what: "tracker" };
    else if (key === "?") intent = { type: "toggle", what: "hints" };
    else if (key === "m") intent = { type: "toggle", what: "sound" };
    else if (key === "v") intent = { type: "toggle", what: "faces" };
    if (!intent) return;
    this.emit({ type: "key" });
    if (this.emit(intent) !== false) e.preventDefault();
  }
}

/**
 * The tile of the player's hand under (x, y), the last one painted first (tiles overlap), or null:
 * read from the regions the last frame painted (the store's view.hits), each answering a touch
 * from its lift above it to the room below it.
 * @param {import("./store.js").HandRect[]} rects @param {number} x @param {number} y
 * @returns {{kind: "hand", index: number, code: string | null} | null}
 */
export function handTileAt(rects, x, y) {
  for (let i = rects.length - 1; i >= 0; i--) {
    const r = rects[i];
    if (x >= r.x && x < r.x + r.w && y >= r.y - r.extra && y < r.y + r.h + r.below) return { kind: "hand", index: r.index, code: r.code };
  }
  return null;
}
