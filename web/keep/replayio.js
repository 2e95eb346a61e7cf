// Replays as files and links (issue 15): a replay (py_engine/record/replay.py) packed into a URL hash
// (deflate with the browser's CompressionStream, then base64url) and back, saved as a .json
// file, read from a file the player picks. Nothing read here reaches the DOM as HTML: a replay is
// data for the engine, which checks it.

import { encodeRequest } from "../engine/engine.js";

export class ReplayReadError extends Error {
  constructor(code, message, why = "") {
    super(message);
    this.code = code; // "link" (not a replay link) | "file" (not readable JSON)
    this.why = why; // what is wrong with a link, for the page's words (replay.why.*): base64 | unpack | json
  }
}

const B64 = { "+": "-", "/": "_" };

/**
 * The part of a replay that keeps it from being sent to the engine (engine.js LIMITS): the first
 * hand or field over a bound on its own, else the largest (the whole is over the size bound).
 * `part`: {hand} (1-based) or {field}; `limit`: which bound; `size`: that part's JSON, in characters.
 * @param {any} replay
 * @returns {{part: {hand?: number, field?: string}, limit: import("../engine/engine.js").Limit, size: number} | null}
 */
export function oversizedPart(replay) {
  if (!replay || typeof replay !== "object" || Array.isArray(replay)) return null;
  /** @type {Array<[{hand?: number, field?: string}, unknown]>} */
  const parts = [];
  for (const [k, v] of Object.entries(replay)) {
    if (k === "hands" && Array.isArray(v)) v.forEach((hand, i) => parts.push([{ hand: i + 1 }, hand]));
    else parts.push([{ field: k }, v]);
  }
  /** @type {{part: {hand?: number, field?: string}, limit: import("../engine/engine.js").Limit, size: number} | null} */
  let largest = null;
  for (const [part, value] of parts) {
    let size = 0;
    try {
      encodeRequest("replay_open", { replay: { part: value } });
      size = JSON.stringify(value)?.length ?? 0;
    } catch (error) {
      const limit = /** @type {any} */ (error).limit;
      if (limit) return { part, limit, size: limit === "bytes" ? JSON.stringify(value).length : 0 };
    }
    if (!largest || size > largest.size) largest = { part, limit: "bytes", size };
  }
  return largest;
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/[+/]/g, (c) => B64[c]).replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ReplayReadError("link", "the link's replay is not base64url text", "base64");
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The most a link's replay may unpack to: a few small hands' worth of a deflate bomb is refused, not held in memory. */
export const UNPACKED_LIMIT = 8 * 1024 * 1024;

/** `bytes` through a (de)compression stream; null when the output runs over `limit` bytes (read no further). */
async function through(bytes, stream, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A replay as the text of a link's hash: deflate, base64url. */
export async function packReplay(replay) {
  const bytes = new TextEncoder().encode(JSON.stringify(replay));
  return toBase64url(await through(bytes, new CompressionStream("deflate")));
}

/** The replay a link's hash carries; ReplayReadError when it is not one. */
export async function unpackReplay(text) {
  let bytes;
  try {
    bytes = await through(fromBase64url(text), new DecompressionStream("deflate"), UNPACKED_LIMIT);
  } catch (error) {
    if (error instanceof ReplayReadError) throw error;
    throw new ReplayReadError("link", "the link's replay cannot be unpacked (cut short or changed?)", "unpack");
  }
  if (!bytes) throw new ReplayReadError("link", `the link's replay unpacks to more than ${UNPACKED_LIMIT / 1024 / 1024} MB`);
  const json = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(json);
  } catch {
    throw new ReplayReadError("link", "the link's replay is not JSON", "json");
  }
}

/** The viewer's link for a replay, opened at a hand and an action: replay.html#r=…&hand=…&step=… */
export async function replayLink(replay, { hand = 0, step = null, faceUp = false, base = location.href } = {}) {
  const url = new URL("./replay.html", base);
  const parts = [`r=${await packReplay(replay)}`, `hand=${hand}`];
  if (step !== null && step !== undefined) parts.push(`step=${step}`);
  if (faceUp) parts.push("faceup=1"); // every hand face up, as the viewer's F shows them
  url.search = "";
  url.hash = parts.join("&");
  return url.href;
}

/** The hash's parts: {r, hand, step, faceUp} (numbers where given and whole, else null; faceUp: `faceup=1`). */
export function readHash(hash = location.hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const whole = (name) => (/^\d{1,6}$/.test(q.get(name) || "") ? Number(q.get(name)) : null);
  return { r: q.get("r"), hand: whole("hand"), step: whole("step"), faceUp: q.get("faceup") === "1" };
}

/** A replay offered as a file download (replay-<variant>-<date>.json), or any JSON under its `name`.
 * @param {any} replay @param {string | null} [name] */
export function downloadReplay(replay, name = null) {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
  const blob = new Blob([JSON.stringify(replay, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name || `mahjong-${replay.variant || "replay"}-${stamp}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The JSON of a file the player picked; ReplayReadError when it is not JSON. */
export async function readReplayFile(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ReplayReadError("file", `${file.name} is not a JSON file`);
  }
}
