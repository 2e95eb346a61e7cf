// The game's engine calls: the page's one engine client (engine.js), whose refusals are
// EngineErrors that keep their kind ("illegal", "invalid", "engine", "timeout", "stale") and
// the legal actions.

import { startEngine, EngineError } from "./engine.js";

export { EngineError };

/**
 * The engine's answer to `method`; rejects with an EngineError when it says no or fails.
 * @param {string} method
 * @param {object} [args]
 */
export function call(method, args = {}) {
  return startEngine().call(method, args);
}
