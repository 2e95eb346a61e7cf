// A room's link and what this browser keeps of its rooms. The link is
//   friends.html#room=<code>.<host id>[&relays=<base64url JSON list>][&lang=…]
// all in the fragment, which no browser sends to a server: the code is the room's secret
// (seal.js), the host id pins the host's key (a friend talks to no one else as the host), and
// the relays are the host's list when it is not the default one. Everything read here is
// untrusted: a bad part is named, never used.

import { readCode, showCode, toBase64url, fromBase64url, ALPHABET, CODE_LENGTH } from "./seal.js";

/** The public relays a room uses unless the player changes the list (docs/friends.md). */
export const DEFAULT_RELAYS = [
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
  "wss://test.mosquitto.org:8081/mqtt",
];
const RELAYS_KEY = "mahjong.friends.relays";
/** At most this many relays in a list (a room publishes to each); more are left out, and said. */
export const MAX_RELAYS = 8;
/** The longest relay address (characters) a list keeps. */
export const MAX_RELAY_LENGTH = 200;
/** Lines of a list looked at (a pasted megabyte is not read line by line). */
const MAX_LINES = 64;

/** A host on this device: 127.0.0.0/8, ::1, localhost. @param {string} host a URL's hostname */
export function isLoopback(host) {
  const h = host.toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** An IPv4 address (dotted, as a URL writes it) that is not on the public internet. @param {number[]} q */
function privateV4([a, b]) {
  return a === 0 || a === 10 || a === 127 || a >= 224 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168) || (a === 100 && b >= 64 && b < 128) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19));
}

/**
 * A host on this device or a private network (loopback, RFC 1918, link-local, CGNAT, unique-local
 * IPv6, IPv4 inside IPv6, the names only a LAN answers): a room link may not send a friend's
 * browser there (to probe their router or their own device's ports). A public name that resolves
 * to such an address is not seen here: a browser resolves it, not the page.
 * @param {string} host a URL's hostname (the URL parser has made every IPv4 form dotted)
 */
export function isPrivateHost(host) {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (isLoopback(h) || /(^|\.)(local|internal|home\.arpa|lan)$/.test(h)) return true;
  const v4 = h.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) return privateV4(v4.slice(1).map(Number));
  if (!h.startsWith("[")) return false;
  const v6 = h.slice(1, -1);
  if (v6 === "::" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6)) return true;
  // an IPv4 address written in IPv6 (::ffff:7f00:1, ::7f00:1, 64:ff9b::7f00:1): its last 32 bits
  const tail = v6.match(/^(?:::(?:ffff:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (tail) {
    const [hi, lo] = [parseInt(tail[1], 16), parseInt(tail[2], 16)];
    return privateV4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  }
  return false;
}

/** Whether this page is served from this device (the tests, a developer): then relays on it are fine. */
export function pageIsLocal() {
  return typeof location !== "undefined" && isLoopback(location.hostname);
}

/**
 * What is wrong with a relay address, as a code (friends.relayWhy.*), or null: ws(s)://host[:port][/path],
 * no credentials, not longer than MAX_RELAY_LENGTH, ws:// only on this device, and a host on this
 * device or a private network only for a page served from this device (`local`).
 * @param {string} url @param {boolean} [local]
 */
export function relayProblem(url, local = pageIsLocal()) {
  if (url.length > MAX_RELAY_LENGTH) return "too_long";
  let u;
  try {
    u = new URL(url);
  } catch {
    return "not_url";
  }
  if (u.protocol !== "wss:" && u.protocol !== "ws:") return "not_websocket";
  if (u.username || u.password) return "credentials";
  if (isPrivateHost(u.hostname) && !local) return "private";
  if (u.protocol === "ws:" && !isLoopback(u.hostname)) return "not_secure";
  return null;
}

/** A relay address as a list keeps it: the URL parser's form (case, default port, IPv4 forms). @param {string} url */
export function normalRelay(url) {
  return new URL(url).href;
}

/**
 * A list of relays from untrusted text or JSON: the good ones (normalised, each once, at most
 * MAX_RELAYS), each entry left out with why ({entry, why}: friends.relayWhy.*), and how many good
 * ones the cap left out (`over`).
 * @param {unknown} list @param {boolean} [local]
 * @returns {{good: string[], bad: {entry: string, why: string}[], over: number}}
 */
export function readRelays(list, local = pageIsLocal()) {
  /** @type {string[]} */
  const good = [];
  /** @type {{entry: string, why: string}[]} */
  const bad = [];
  let over = 0;
  if (!Array.isArray(list)) return { good, bad: [{ entry: "", why: "not_list" }], over };
  for (const item of list.slice(0, MAX_LINES)) {
    const entry = typeof item === "string" ? item.trim() : "";
    const why = typeof item === "string" ? relayProblem(entry, local) : "not_url";
    if (why) {
      bad.push({ entry: entry.slice(0, 60), why });
      continue;
    }
    const url = normalRelay(entry);
    if (good.includes(url)) bad.push({ entry: entry.slice(0, 60), why: "duplicate" });
    else if (good.length >= MAX_RELAYS) over += 1;
    else good.push(url);
  }
  over += Math.max(0, list.length - MAX_LINES);
  return { good, bad, over };
}

/**
 * The short addition to a room code that names the host's relays when they are not the default
 * ones: three of the code's letters from a hash of the list. A friend who types the code with it
 * reaches the room when their list is the host's, and is told they need the link when it is not.
 * @param {string[]} relays
 */
export function relayTag(relays) {
  if (JSON.stringify(relays) === JSON.stringify(DEFAULT_RELAYS)) return "";
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(JSON.stringify(relays))) h = Math.imul(h ^ byte, 0x01000193);
  h >>>= 0;
  return [10, 5, 0].map((shift) => ALPHABET[(h >>> shift) & 31]).join("");
}

/** The code as the host's card shows it: four groups of four, and the relays' tag when there is one. @param {string} code @param {string[]} relays */
export function shownCode(code, relays) {
  const tag = relayTag(relays);
  return tag ? `${showCode(code)}-${tag}` : showCode(code);
}

/**
 * A typed room code (with its relays' tag or none) as the fragment that opens the room:
 * {hash} on the host's relays (the default ones when it has no tag; this browser's when the tag
 * is theirs), {problem: "code"} when it is no code, {problem: "needLink"} when the tag names
 * relays this browser does not have.
 * @param {string} text @param {string[]} own this browser's relays
 */
export function typedRoom(text, own) {
  if (typeof text !== "string" || text.length > 64) return { problem: "code" };
  const clean = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  const code = readCode(clean.slice(0, CODE_LENGTH));
  const tag = clean.slice(CODE_LENGTH);
  if (!code || ![0, 3].includes(tag.length) || [...tag].some((c) => !ALPHABET.includes(c))) return { problem: "code" };
  if (!tag) return { hash: `room=${code}` };
  if (tag !== relayTag(own)) return { problem: "needLink" };
  return { hash: `room=${code}&relays=${toBase64url(new TextEncoder().encode(JSON.stringify(own)))}` };
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
 * @param {string} hash @param {boolean} [local] this page is served from this device
 */
export function readRoomHash(hash, local = pageIsLocal()) {
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
      if (packed.length > 4 * MAX_RELAYS * MAX_RELAY_LENGTH) return { problem: "relays" };
      const { good, bad } = readRelays(JSON.parse(new TextDecoder().decode(fromBase64url(packed))), local);
      // a relay this page may not use (on this device or a private network) is the link's fault: named, not tried
      if (!good.length || bad.some((b) => b.why === "private")) return { problem: bad.some((b) => b.why === "private") ? "privateRelays" : "relays" };
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
