// The bridge client: one call to the engine (window.mahjong._call -> py_engine.bridge.call in
// the worker), with the engine's refusals turned into EngineErrors that keep their kind
// ("illegal", "invalid", "engine") and the legal actions.

export class EngineError extends Error {
  constructor(answer) {
    super(answer.error || "engine error");
    this.kind = answer.kind || "engine";
    this.legal = answer.legal;
    this.problem = answer.problem; // a replay's problem (kind "replay"): code, message, hand, action
  }
}

/** The engine's answer to `method`; rejects with an EngineError when it says no or fails. */
export async function call(method, args = {}) {
  let answer;
  try {
    answer = await window.mahjong._call(method, args);
  } catch (error) {
    throw new EngineError({ error: error.message, kind: "engine" });
  }
  if (!answer.ok) throw new EngineError(answer);
  return answer;
}
