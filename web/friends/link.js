// A room's link and what this browser keeps of its rooms. The link is
//   friends.html#room=<code>.<host id>[&relays=<base64url JSON list>][&lang=…]
// all in the fragment, which no browser sends to a server: the code is the room's secret
// (seal.js), the host id pins the host's key (a friend talks to no one else as the host), and
// the relays are the host's list when it is not the default one. Everything read here is
// untrusted: a bad part is named, never used.

import { readCode, toBase64url, fromBase64url } from "./seal.js";

/** The public relays a room uses unless the player changes the list (docs/friends.md). */
export const DEFAULT_RELAYS = [
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
  "wss://test.mosquitto.org:8081/mqtt",
];
const RELAYS_KEY = "mahjong.friends.relays";
const MAX_RELAYS = 8;

/** A relay address a room may use: ws(s)://host[:port][/path], no credentials. @param {string} url */
export function relayProblem(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return "not_url";
  }
  if (u.protocol !== "wss:" && u.protocol !== "ws:") return "not_websocket";
  if (u.username || u.password) return "credentials";
  if (u.protocol === "ws:" && !["127.0.0.1", "localhost", "[::1]"].includes(u.hostname)) return "not_secure";
  return null;
}

/** A list of relays from untrusted text or JSON: the good ones, and the bad ones named. @param {unknown} list */
export function readRelays(list) {
  const good = [];
  const bad = [];
  if (!Array.isArray(list)) return { good, bad: ["not_list"] };
  for (const item of list.slice(0, MAX_RELAYS)) {
    const problem = typeof item === "string" ? relayProblem(item.trim()) : "not_url";
    if (problem) bad.push(problem);
    else if (!good.includes(item.trim())) good.push(item.trim());
  }
  return { good, bad };
}

/** This browser's relay list (settings), else the default. @param {Storage | null} storage */
export function storedRelays(storage) {
  try {
    const { good } = readRelays(JSON.parse(storage?.getItem(RELAYS_KEY) ?? "null"));
    if (good.length) return good;
  } catch {
    // unreadable: the default
  }
  return [...DEFAULT_RELAYS];
}

/** @param {Storage | null} storage @param {string[]} relays */
export function saveRelays(storage, relays) {
  try {
    if (JSON.stringify(relays) === JSON.stringify(DEFAULT_RELAYS)) storage?.removeItem(RELAYS_KEY);
    else storage?.setItem(RELAYS_KEY, JSON.stringify(relays));
  } catch {
    // not kept: this visit uses it
  }
}

/** The room's link (relative to this page). @param {{code: string, hostId: string, relays: string[]}} room */
export function roomLink({ code, hostId, relays }, base = location.href) {
  const url = new URL("./friends.html", base);
  url.search = "";
  let hash = `room=${code}.${hostId}`;
  if (JSON.stringify(relays) !== JSON.stringify(DEFAULT_RELAYS)) {
    hash += `&relays=${toBase64url(new TextEncoder().encode(JSON.stringify(relays)))}`;
  }
  url.hash = hash;
  return url.href;
}

/**
 * The room a fragment names: {code, hostId, relays} or {problem} (a code in the reader's words:
 * friends.bad.*), or null when it names none.
 * @param {string} hash
 */
export function readRoomHash(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ""));
  const room = params.get("room");
  if (room === null) return null;
  const [codeText, hostId = "", ...extra] = room.split(".");
  const code = readCode(codeText);
  if (!code || extra.length) return { problem: "code" };
  if (hostId && !/^[0-9a-f]{16}$/.test(hostId)) return { problem: "host" };
  let relays = null;
  const packed = params.get("relays");
  if (packed !== null) {
    try {
      const { good } = readRelays(JSON.parse(new TextDecoder().decode(fromBase64url(packed))));
      if (!good.length) return { problem: "relays" };
      relays = good;
    } catch {
      return { problem: "relays" };
    }
  }
  return { code, hostId: hostId || null, relays };
}

/** What this browser keeps for a room: the host's match or a friend's seat (its key pair: the seat token). */
export function keptRoom(/** @type {Storage | null} */ storage, /** @type {"host" | "seat"} */ kind, /** @type {string} */ code) {
  try {
    const value = JSON.parse(storage?.getItem(`mahjong.friends.${kind}.${code}`) ?? "null");
    return value && typeof value === "object" && value.jwk?.priv && value.jwk?.pub ? value : null;
  } catch {
    return null;
  }
}

export function keepRoom(/** @type {Storage | null} */ storage, /** @type {"host" | "seat"} */ kind, /** @type {string} */ code, value) {
  try {
    storage?.setItem(`mahjong.friends.${kind}.${code}`, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
