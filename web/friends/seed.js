// The deal's seed, every seat's: each person draws a share and sends its commitment (SHA-256)
// when they sit; at the start each reveals it, the host last of all having committed first; the
// seed is the hash of all the shares. The host alone cannot choose the deal; every friend checks
// the sum (checkSeed). The host's device still holds the wall once dealt: the room says so.

import { sha256hex } from "./seal.js";

/** A new share: 128 random bits as hex. */
export function newShare() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A share's commitment. @param {string} share */
export function commitOf(share) {
  return sha256hex(`mahjong seed share|${share}`);
}

/** The seed of the shares {seat: share}, a whole number from 0 to `max`. @param {Record<string, string>} shares @param {number} max */
export async function seedOf(shares, max) {
  const text = Object.keys(shares).sort().map((seat) => `${seat}:${shares[seat]}`).join("|");
  const digest = await sha256hex(text);
  return Number(BigInt(`0x${digest.slice(0, 13)}`) % BigInt(max + 1));
}

/**
 * Whether the host's seed is the one the shares make, each share matches its commitment, and
 * `mine` (this friend's share) is among them: "ok", or what is wrong.
 * @param {{commits: Record<string, string>, shares: Record<string, string>, seed: number}} told
 * @param {number} seat @param {string | null} mine @param {number} max
 */
export async function checkSeed(told, seat, mine, max) {
  if (!told || typeof told.commits !== "object" || typeof told.shares !== "object") return "malformed";
  if (mine && told.shares[String(seat)] !== mine) return "mine_missing";
  for (const [s, share] of Object.entries(told.shares)) {
    if (typeof share !== "string" || (await commitOf(share)) !== told.commits[s]) return "commit_mismatch";
  }
  return (await seedOf(told.shares, max)) === told.seed ? "ok" : "seed_mismatch";
}
