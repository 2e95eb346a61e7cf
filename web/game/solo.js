// The solo table's transport (table/session.js): the engine client (engine/engine.js), with the
// match's save (unless four bots play, or the browser keeps nothing) and, with hints on, the hint
// asked for in the same trip: a move costs one trip to the engine worker, not a move, a save and a
// hint (py_engine/bridge.py KEEPING). The session hands the answer to its listeners: the save to the
// keeper (keeper.js), the hint to the panel (panels.js took).

import { call } from "../engine/engine.js";

/**
 * @param {{newMatch: () => number}} engine  the engine client (startEngine): its match counter
 * @param {{enabled: boolean}} keeping  whether saves are asked for (the keeper's)
 * @param {{hints: boolean}} settings  the player's (hints on: each answer brings the next hint)
 * @returns {import("../table/session.js").Transport}
 */
export function soloTransport(engine, keeping, settings) {
  return {
    newMatch: () => engine.newMatch(),
    request(method, args, state) {
      const autoplay = args.autoplay ?? (method === "new_match" ? false : !!state?.autoplay);
      const asked = call(method, { ...args, keep: !autoplay && keeping.enabled, hint: !autoplay && settings.hints });
      return /** @type {Promise<any>} */ (asked); // a match-changing method's answer carries its state (API.md)
    },
  };
}
