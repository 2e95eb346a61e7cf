// What the page offers: the rule sets with their options, the bot levels and the match lengths,
// always the engine's answer to `options` (py_engine/bridge.py). Before the engine is up it is
// options.json, which build.py writes from the same bridge method; the page has no list of its own.

/**
 * @typedef {{options: Record<string, Array<string | number | boolean>>, defaults?: Record<string, unknown>}} VariantSpec
 * @typedef {{variants: Record<string, VariantSpec>, levels: string[], hands: number[], default_hands?: number, max_seed?: number}} Catalog
 */

/** Whether `value` has the shape of the engine's `options` answer. @param {any} value @returns {value is Catalog} */
export function isCatalog(value) {
  return !!value && typeof value === "object" && !!value.variants && typeof value.variants === "object"
    && Object.keys(value.variants).length > 0 && Array.isArray(value.levels) && Array.isArray(value.hands);
}

/**
 * The catalog from options.json, or else from the engine once it is up.
 * @param {{ready: Promise<unknown>, call: (method: string, args?: object) => Promise<any>}} engine
 * @returns {Promise<Catalog>}
 */
export async function loadCatalog(engine) {
  try {
    const response = await fetch("./options.json");
    const data = response.ok ? await response.json() : null;
    if (isCatalog(data?.options)) return data.options;
  } catch {
    // the engine has the same answer
  }
  return fromEngine(engine);
}

/** The engine's own answer. @param {{call: (method: string, args?: object) => Promise<any>}} engine @returns {Promise<Catalog>} */
export async function fromEngine(engine) {
  const answer = await engine.call("options");
  if (!isCatalog(answer.options)) throw new Error("the engine's options answer has no rule sets");
  return answer.options;
}

/** The longest match the engine plays (its lengths' largest: it takes any from 1); without a catalog the engine alone checks. @param {Catalog | null} catalog */
export const maxHands = (catalog) => (catalog?.hands.length ? Math.max(...catalog.hands) : 999);

/** The largest seed the engine takes (bridge MAX_SEED). @param {Catalog | null} catalog */
export const maxSeed = (catalog) => (Number.isSafeInteger(catalog?.max_seed) ? /** @type {number} */ (catalog?.max_seed) : Number.MAX_SAFE_INTEGER);

/** @param {Catalog | null} catalog */
export const variantsOf = (catalog) => (catalog ? Object.keys(catalog.variants) : []);

/**
 * Drop the stored rule options the catalog does not offer (an option renamed, a value gone).
 * @param {Record<string, Record<string, unknown>>} chosen  variant -> option -> value
 * @param {Catalog} catalog
 */
export function keepKnownOptions(chosen, catalog) {
  for (const [variant, options] of Object.entries(chosen)) {
    const known = catalog.variants[variant]?.options;
    if (!known) {
      delete chosen[variant];
      continue;
    }
    if (!options || typeof options !== "object") {
      delete chosen[variant];
      continue;
    }
    for (const [name, value] of Object.entries(options)) {
      if (!Object.hasOwn(known, name) || !known[name].includes(/** @type {any} */ (value))) delete options[name];
    }
  }
}
