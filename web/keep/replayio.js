// Replays as files and links (issue 15): a replay (py_engine/replay.py) packed into a URL hash
// (deflate with the browser's CompressionStream, then base64url) and back, saved as a .json
// file, read from a file the player picks. Nothing read here reaches the DOM as HTML: a replay is
// data for the engine, which checks it.

export class ReplayReadError extends Error {
  constructor(code, message, why = "") {
    super(message);
    this.code = code; // "link" (not a replay link) | "file" (not readable JSON)
    this.why = why; // what is wrong with a link, for the page's words (replay.why.*): base64 | unpack | json
  }
}

const B64 = { "+": "-", "/": "_" };

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

async function through(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** A replay as the text of a link's hash: deflate, base64url. */
export async function packReplay(replay) {
  const bytes = new TextEncoder().encode(JSON.stringify(replay));
  return toBase64url(await through(bytes, new CompressionStream("deflate")));
}

/** The replay a link's hash carries; ReplayReadError when it is not one. */
export async function unpackReplay(text) {
  let json;
  try {
    json = new TextDecoder().decode(await through(fromBase64url(text), new DecompressionStream("deflate")));
  } catch (error) {
    if (error instanceof ReplayReadError) throw error;
    throw new ReplayReadError("link", "the link's replay cannot be unpacked (cut short or changed?)", "unpack");
  }
  try {
    return JSON.parse(json);
  } catch {
    throw new ReplayReadError("link", "the link's replay is not JSON", "json");
  }
}

/** The viewer's link for a replay, opened at a hand and an action: replay.html#r=…&hand=…&step=… */
export async function replayLink(replay, { hand = 0, step = null, base = location.href } = {}) {
  const url = new URL("./replay.html", base);
  const parts = [`r=${await packReplay(replay)}`, `hand=${hand}`];
  if (step !== null && step !== undefined) parts.push(`step=${step}`);
  url.search = "";
  url.hash = parts.join("&");
  return url.href;
}

/** The hash's parts: {r, hand, step} (numbers where given and whole, else null). */
export function readHash(hash = location.hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const whole = (name) => (/^\d{1,6}$/.test(q.get(name) || "") ? Number(q.get(name)) : null);
  return { r: q.get("r"), hand: whole("hand"), step: whole("step") };
}

/** A replay offered as a file download (replay-<variant>-<date>.json). */
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
