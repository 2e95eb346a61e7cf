// A room's secrets and the sealing of every message (WebCrypto): what a relay carries is
// ciphertext under keys only the room's people hold (docs/friends.md, "What a relay sees").
//   - The room code (16 letters and digits, 80 random bits) is the room's secret: it travels in
//     the link's fragment (#room=…), which a browser never sends to any server. From it come the
//     relay topic (a hash: the relay learns no code) and the room key (HKDF), which seals only
//     the knock at the door and the host's answer to it.
//   - Each device has its own ECDH key pair (P-256); the host and each friend derive a key of
//     their own pair (ECDH + HKDF). Hands, actions and everything of the game go under it: a
//     friend cannot read another's tiles, nor seal an action as another seat.
//   - Each message is AES-GCM with a fresh 96-bit nonce; its header (version, sealing, recipient,
//     sender) is authenticated with it; the body carries the sender's sequence number and time
//     (wire.js refuses a replayed one).

const enc = new TextEncoder();
const dec = new TextDecoder();
const subtle = () => {
  if (!globalThis.crypto?.subtle) throw new Error("this browser has no WebCrypto (a page served over http?)");
  return crypto.subtle;
};

/** Bytes as WebCrypto's typings take them (a view of a plain ArrayBuffer). @param {Uint8Array} bytes @returns {BufferSource} */
const buf = (bytes) => /** @type {BufferSource} */ (/** @type {unknown} */ (bytes));

/** Crockford's base32: no I, L, O, U; what people read aloud and type. */
export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 16;

/** A new room code: 80 random bits. */
export function newCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
}

/** The code as people see it: four groups of four. @param {string} code */
export function showCode(code) {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/**
 * A typed or linked code, normalized (case, dashes, spaces, O for 0, I and L for 1); null when it
 * is not a room code. @param {string} text
 */
export function readCode(text) {
  if (typeof text !== "string" || text.length > 64) return null;
  const code = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== CODE_LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return null;
  return code;
}

/** @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
export function fromBase64url(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** @param {Uint8Array} bytes */
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

async function hkdf(secret, info, bits = 256) {
  const base = await subtle().importKey("raw", secret, "HKDF", false, ["deriveBits", "deriveKey"]);
  return new Uint8Array(await subtle().deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: enc.encode("mahjong friends v1"), info: enc.encode(info) }, base, bits));
}

const aesKey = (/** @type {Uint8Array} */ raw) => subtle().importKey("raw", buf(raw), "AES-GCM", false, ["encrypt", "decrypt"]);

/**
 * The room's relay topic and room key, from its code.
 * @param {string} code
 * @returns {Promise<{topic: string, roomKey: CryptoKey}>}
 */
export async function roomSecrets(code) {
  const secret = enc.encode(code);
  const topic = `mjf1/${hex(await hkdf(secret, "topic", 128))}`;
  return { topic, roomKey: await aesKey(await hkdf(secret, "room key")) };
}

/**
 * This device's key pair for a room: new, or the one it kept (a JWK pair: the seat's token).
 * @param {{priv: JsonWebKey, pub: JsonWebKey} | null} kept
 */
export async function devicePair(kept = null) {
  const algo = { name: "ECDH", namedCurve: "P-256" };
  let pair;
  if (kept) {
    pair = {
      privateKey: await subtle().importKey("jwk", kept.priv, algo, true, ["deriveBits"]),
      publicKey: await subtle().importKey("jwk", kept.pub, algo, true, []),
    };
  } else {
    pair = await subtle().generateKey(algo, true, ["deriveBits"]);
  }
  const pub = new Uint8Array(await subtle().exportKey("raw", pair.publicKey));
  return {
    privateKey: pair.privateKey,
    pub,
    id: await peerId(pub),
    jwk: { priv: await subtle().exportKey("jwk", pair.privateKey), pub: await subtle().exportKey("jwk", pair.publicKey) },
  };
}

/** A device's id: the first 8 bytes of its public key's SHA-256, as 16 hex digits. @param {Uint8Array} pub */
export async function peerId(pub) {
  return hex(new Uint8Array(await subtle().digest("SHA-256", buf(pub))).subarray(0, 8));
}

/**
 * The key a pair of devices share (ECDH, then HKDF bound to the room's code).
 * @param {CryptoKey} privateKey @param {Uint8Array} otherPub @param {string} code
 */
export async function pairKey(privateKey, otherPub, code) {
  const other = await subtle().importKey("raw", buf(otherPub), { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await subtle().deriveBits({ name: "ECDH", public: other }, privateKey, 256));
  return aesKey(await hkdf(new Uint8Array([...shared, ...enc.encode(code)]), "pair key"));
}

/** AES-GCM: nonce (12 bytes) then ciphertext; `aad` is authenticated, not hidden. */
export async function sealBytes(/** @type {CryptoKey} */ key, /** @type {Uint8Array} */ plain, /** @type {Uint8Array} */ aad) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv, additionalData: buf(aad) }, key, buf(plain)));
  const out = new Uint8Array(12 + ct.length);
  out.set(iv, 0);
  out.set(ct, 12);
  return out;
}

/** The plain bytes, or a rejection when the key is wrong or a byte was changed. */
export async function openBytes(/** @type {CryptoKey} */ key, /** @type {Uint8Array} */ sealed, /** @type {Uint8Array} */ aad) {
  if (sealed.length < 12 + 16) throw new Error("too short");
  const plain = await subtle().decrypt({ name: "AES-GCM", iv: buf(sealed.subarray(0, 12)), additionalData: buf(aad) }, key, buf(sealed.subarray(12)));
  return new Uint8Array(plain);
}

/** JSON, deflated (a table's state is ~4 KB of repetitive JSON; ~1 KB deflated). @param {any} value */
export async function pack(value) {
  const stream = new Blob([enc.encode(JSON.stringify(value))]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The most a message inflates to (bytes): a table's state is a few KB; a match's replay some tens. */
export const MAX_INFLATED = 1 << 20;

/**
 * The JSON value of packed bytes, refused once it inflates past `max`: the inflating stops there
 * (a deflate bomb, 1 MB on the wire and 1 GiB inflated, is refused after ~1 MB of work, not 1 GiB).
 * @param {Uint8Array} bytes @param {number} [max]
 */
export async function unpack(bytes, max = MAX_INFLATED) {
  const reader = new Blob([buf(bytes)]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > max) {
      reader.cancel().catch(() => {});
      throw new Error("too large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return JSON.parse(dec.decode(out));
}

/** SHA-256 of text, as hex (the seed's commitments). @param {string} text */
export async function sha256hex(text) {
  return hex(new Uint8Array(await subtle().digest("SHA-256", enc.encode(text))));
}
