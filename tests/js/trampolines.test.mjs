// The trampolines Pyodide compiles at its start, compiled once per signature (web/pyodide-boot.js).
import test from "node:test";
import assert from "node:assert/strict";

globalThis.self ??= /** @type {any} */ ({ location: new URL("https://example.test/mahjong/engine-worker.js") });
const Real = WebAssembly.Module;
const { shareTrampolines } = await import("../../web/engine/pyodide-boot.js");
shareTrampolines();

// The bytes Emscripten's convertJsFunctionToWasm builds for a signature such as "vi" or "iii"
// (result first): a module importing e.f of that type and exporting it as f.
const CODES = { i: 127, p: 127, j: 126, f: 125, d: 124, e: 111 };
const withLen = (arr) => [(arr.length % 128) | 128, arr.length >> 7, ...arr];
const pack = (types) => withLen(Array.from(types, (t) => CODES[t]));
const trampoline = (sig) => Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0, 1,
  ...withLen([1, 96, ...pack(sig.slice(1)), ...pack(sig[0] === "v" ? "" : sig[0])]),
  2, 7, 1, 1, 101, 1, 102, 0, 0, 7, 5, 1, 1, 102, 0, 0);

test("one signature's trampoline is compiled once, and each instance still calls its own function", () => {
  const a = new WebAssembly.Module(trampoline("iii"));
  const b = new WebAssembly.Module(trampoline("iii"));
  assert.equal(a, b);
  const add = new WebAssembly.Instance(a, { e: { f: (x, y) => x + y } }).exports.f;
  const mul = new WebAssembly.Instance(b, { e: { f: (x, y) => x * y } }).exports.f;
  assert.equal(add(6, 7), 13);
  assert.equal(mul(6, 7), 42);
});

test("another signature is another module", () => {
  const vi = new WebAssembly.Module(trampoline("vi"));
  const ii = new WebAssembly.Module(trampoline("ii"));
  assert.notEqual(vi, ii);
  assert.deepEqual(WebAssembly.Module.imports(vi), [{ module: "e", name: "f", kind: "function" }]);
  const seen = [];
  new WebAssembly.Instance(vi, { e: { f: (x) => seen.push(x) } }).exports.f(5);
  assert.deepEqual(seen, [5]);
});

test("a module larger than a trampoline is compiled as asked, every time", () => {
  const big = new Uint8Array([...trampoline("iii").subarray(0, 8), 0, 60, 4, ...new TextEncoder().encode("pad."), ...new Uint8Array(55)]);
  const first = new WebAssembly.Module(big);
  const second = new WebAssembly.Module(big);
  assert.notEqual(first, second);
  assert.deepEqual(WebAssembly.Module.customSections(first, "pad.").map((s) => s.byteLength), [55]);
});

test("the modules are WebAssembly's own: instanceof, the static functions, and errors as before", () => {
  const module = new WebAssembly.Module(trampoline("v"));
  assert.ok(module instanceof WebAssembly.Module);
  assert.ok(module instanceof Real);
  assert.deepEqual(WebAssembly.Module.exports(module), [{ name: "f", kind: "function" }]);
  assert.throws(() => /** @type {any} */ (WebAssembly.Module)(trampoline("v")), TypeError);
  assert.throws(() => new WebAssembly.Module(new Uint8Array([1, 2, 3])), WebAssembly.CompileError);
  shareTrampolines(); // a second call changes nothing
  assert.equal(new WebAssembly.Module(trampoline("v")), module);
});
