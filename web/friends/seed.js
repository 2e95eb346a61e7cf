// Each hand's deal seed, committed first and revealed after (issue 53). Before each deal the host
// draws a share and sends every friend its commitment ("deal?"); only then does each friend send
// the host its own share, sealed to the host alone; the seed is the hash of all the shares (256
// bits) and the host sends its commitment with every state of the hand. No friend's page holds
// anything from which the wall can be computed while the hand is played. At the hand's end the
// host reveals every share and the seed; each friend's page checks (checkDeal) that its share is
// in, that the host's share and the seed are the ones committed to, that the seed is the shares',
// and that the engine, dealing from that seed, gives exactly the tiles of the hand as played.

import { sha256hex } from "./seal.js";

/** A new share: 128 random bits as hex. */
export function newShare() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A share's commitment. @param {string} share */
export function commitOf(share) {
  return sha256hex(`mahjong seed share|${share}`);
}

/** The seed's commitment. @param {string} seed */
export function seedCommitOf(seed) {
  return sha256hex(`mahjong deal seed|${seed}`);
}

/** The deal seed of the shares {seat: share}: 64 hex digits (bridge.py's `deal_seed`). @param {Record<string, string>} shares */
export function seedOf(shares) {
  const text = Object.keys(shares).sort().map((seat) => `${seat}:${shares[seat]}`).join("|");
  return sha256hex(`mahjong deal|${text}`);
}

const HEX = /^[0-9a-f]{32,128}$/;

/**
 * What a friend's page concludes from the host's reveal of one hand: "ok", or why not, and who broke
 * it ("host"). `kept` is what this page was told before the shares were in: the host's commitment
 * (`hostCommit`) and, with the hand's states, the seed's (`seedCommit`); `mine` is the share this
 * page sent (null if it sent none); `played` checks the seed against the hand's tiles (the engine).
 * @param {{shares: Record<string, string>, seed: string}} told
 * @param {{hostCommit: string | null, seedCommit: string | null}} kept
 * @param {number} seat @param {string | null} mine
 * @param {(seed: string) => Promise<string>} played "ok" or what differs
 * @returns {Promise<{verdict: string, who: "host" | null}>}
 */
export async function checkDeal(told, kept, seat, mine, played) {
  const bad = (/** @type {string} */ verdict) => ({ verdict, who: /** @type {"host"} */ ("host") });
  if (!told || typeof told.shares !== "object" || !told.shares || typeof told.seed !== "string" || !HEX.test(told.seed)) return bad("malformed");
  const shares = Object.entries(told.shares);
  if (!shares.length || shares.some(([s, v]) => !/^[0-3]$/.test(s) || typeof v !== "string" || !HEX.test(v))) return bad("malformed");
  if (mine && told.shares[String(seat)] !== mine) return bad("mine_missing");
  if (!kept.hostCommit || (await commitOf(told.shares["0"] ?? "")) !== kept.hostCommit) return bad("commit_mismatch");
  if ((await seedOf(told.shares)) !== told.seed) return bad("seed_mismatch");
  if (!kept.seedCommit || (await seedCommitOf(told.seed)) !== kept.seedCommit) return bad("seed_commit");
  const dealt = await played(told.seed);
  return dealt === "ok" ? { verdict: "ok", who: null } : bad(dealt);
}

/**
 * Whether the engine's replay of the hand (bridge `deal_check`'s views) shows this seat what its page
 * was shown: its concealed hand and every seat's discards at the first and the last state it had.
 * @param {Record<string, any>} views the engine's, by step @param {Array<any>} seen this page's states (first, last)
 * @param {number} seat
 */
export function sameAsSeen(views, seen, seat) {
  for (const s of seen) {
    const v = views[String(s.history_length)];
    if (!v) return false;
    const hand = (/** @type {any} */ x) => JSON.stringify([...(x.hands?.[seat] ?? [])].sort());
    const discards = (/** @type {any} */ x) => JSON.stringify((x.discards ?? []).map((d) => d.map((/** @type {any} */ t) => t?.tile ?? t)));
    if (hand(v) !== hand(s) || discards(v) !== discards(s)) return false;
  }
  return true;
}
