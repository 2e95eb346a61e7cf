// Events for embedding pages: listeners registered with window.mahjong.on(name, callback),
// the same events posted to the parent window inside an iframe, and a parent's requests
// ({target: "mahjong", id, method, args}) answered with {source: "mahjong", type: "reply", ...}.

/** on(name, cb) and emit(name, detail); an engine event is also emitted under its own type. */
export function createEvents() {
  const listeners = new Map();

  function on(name, callback) {
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name).add(callback);
    return () => listeners.get(name)?.delete(callback);
  }

  function call(name, detail) {
    for (const cb of listeners.get(name) || []) {
      try {
        cb(detail);
      } catch (error) {
        console.warn("mahjong listener failed", error);
      }
    }
  }

  function emit(name, detail) {
    call(name, detail);
    if (name === "event") call(detail.type, detail);
    if (window.parent !== window && name !== "state") {
      const data = detail && detail.state ? { ...detail, state: compact(detail.state) } : detail;
      try {
        window.parent.postMessage({ source: "mahjong", type: name, detail: data }, "*");
      } catch {
        // a parent that cannot receive is no reason to stop
      }
    }
  }

  return { on, emit };
}

/** The part of a state worth posting to another window. */
export function compact(state) {
  return {
    variant: state.variant, seat: state.seat, turn: state.turn, phase: state.phase, scores: state.scores,
    legal_actions: state.legal_actions, is_over: state.is_over, tiles_left: state.tiles_left,
    human_to_move: state.human_to_move,
    match: { hand_number: state.match.hand_number, hands: state.match.hands, is_over: state.match.is_over },
  };
}

/** A parent page may drive the game: api() returns {method: function} for its requests. */
export function listenToParent(api) {
  window.addEventListener("message", async (e) => {
    const m = e.data;
    if (!m || m.target !== "mahjong" || typeof m.method !== "string") return;
    const methods = api();
    let reply;
    try {
      if (!(m.method in methods)) throw new Error(`unknown method ${m.method}`);
      const value = await methods[m.method](m.args);
      reply = { ok: true, value: value && value.state ? compact(value.state) : value?.variant ? compact(value) : value };
    } catch (error) {
      reply = { ok: false, error: error.message };
    }
    e.source?.postMessage({ source: "mahjong", type: "reply", id: m.id, ...reply }, "*");
  });
}
