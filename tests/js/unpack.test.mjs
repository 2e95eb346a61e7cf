// The workers' unpacking fetch (web/pyodide-boot.js): the standard library and the wheels come as
// <file>.gz (build.py packs them) and are handed to Pyodide unpacked, its integrity checked on them.
import test from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

globalThis.self ??= /** @type {any} */ ({ location: new URL("https://example.test/mahjong/engine-worker.js") });
const { unpacking } = await import("../../web/engine/pyodide-boot.js");

const ZIP = new TextEncoder().encode("PK\u0003\u0004 a stored zip's bytes");
const sri = (bytes) => "sha256-" + createHash("sha256").update(bytes).digest("base64");

/** A server of the given files; it records the URLs asked. */
function server(files) {
  const asked = [];
  const fetch = async (input, init) => {
    asked.push({ url: String(input), init });
    const body = files[new URL(String(input)).pathname];
    return body ? new Response(body) : new Response("gone", { status: 404 });
  };
  return { fetch, asked };
}

test("a packed file is fetched as its .gz and unpacked, Pyodide's integrity checked on the unpacked bytes", async () => {
  const { fetch, asked } = server({ "/mahjong/pyodide/python_stdlib.zip.gz": gzipSync(ZIP) });
  const response = await unpacking(fetch)("https://example.test/mahjong/pyodide/python_stdlib.zip", { integrity: sri(ZIP) });
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), ZIP);
  assert.equal(asked.length, 1);
  assert.equal(asked[0].url, "https://example.test/mahjong/pyodide/python_stdlib.zip.gz");
  assert.equal(asked[0].init.integrity, undefined); // the lock's digest is of the zip, not of its .gz
});

test("an unpacked file whose SHA-256 is not the lock's is refused", async () => {
  const { fetch } = server({ "/mahjong/pyodide/micropip-0.11.1-py3-none-any.whl.gz": gzipSync(ZIP) });
  await assert.rejects(
    unpacking(fetch)("https://example.test/mahjong/pyodide/micropip-0.11.1-py3-none-any.whl", { integrity: sri(new Uint8Array(3)) }),
    /is not the lock's/);
});

test("a host that already decoded the .gz (Content-Encoding: gzip) is taken as it is", async () => {
  const { fetch } = server({ "/mahjong/wheels/ab12/py_engine-0.1.0-py3-none-any.whl.gz": ZIP });
  const response = await unpacking(fetch)(new URL("https://example.test/mahjong/wheels/ab12/py_engine-0.1.0-py3-none-any.whl"));
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), ZIP);
});

test("the runtime's wasm is fetched as its .gz and streamed unpacked as application/wasm, from either kind of host", async () => {
  const WASM = new Uint8Array(200_000).map((_, i) => (i * 7) % 251); // bigger than one chunk
  const gz = server({ "/mahjong/pyodide/pyodide.asm.wasm.gz": gzipSync(WASM) });
  const response = await unpacking(gz.fetch)(new URL("https://example.test/mahjong/pyodide/pyodide.asm.wasm"));
  assert.equal(response.headers.get("content-type"), "application/wasm");
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), WASM);
  assert.deepEqual(gz.asked.map((a) => a.url), ["https://example.test/mahjong/pyodide/pyodide.asm.wasm.gz"]);
  const decoded = server({ "/mahjong/pyodide/pyodide.asm.wasm.gz": WASM }); // sent as Content-Encoding: gzip
  const plain = await unpacking(decoded.fetch)("https://example.test/mahjong/pyodide/pyodide.asm.wasm");
  assert.deepEqual(new Uint8Array(await plain.arrayBuffer()), WASM);
});

test("other files and other origins pass through untouched; a missing .gz answers its status", async () => {
  const { fetch, asked } = server({ "/mahjong/pyodide/pyodide.asm.mjs": "wasm" });
  const wrapped = unpacking(fetch);
  assert.equal(await (await wrapped("https://example.test/mahjong/pyodide/pyodide.asm.mjs")).text(), "wasm");
  assert.equal((await wrapped("https://elsewhere.test/x.whl")).status, 404);
  assert.equal((await wrapped("https://example.test/mahjong/wheels/x.whl")).status, 404);
  assert.deepEqual(asked.map((a) => a.url), [
    "https://example.test/mahjong/pyodide/pyodide.asm.mjs", "https://elsewhere.test/x.whl",
    "https://example.test/mahjong/wheels/x.whl.gz",
  ]);
});
