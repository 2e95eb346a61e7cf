// The engine client's checks on a request before it is sent (web/engine.js): plain JSON only,
// nested no deeper than LIMITS.depth, no longer than LIMITS.bytes; and its reading of answers.
import test from "node:test";
import assert from "node:assert/strict";

import { encodeRequest, decodeAnswer, refusal, shorten, EngineError, LIMITS, MESSAGE_LENGTH } from "../../web/engine/engine.js";

function nested(depth) {
  let value = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** The EngineError a request is refused with. */
function refusedWith(method, args) {
  try {
    encodeRequest(method, args);
  } catch (error) {
    assert.ok(error instanceof EngineError);
    return error;
  }
  assert.fail(`${method} was not refused`);
}

test("a request is its method and arguments as JSON", () => {
  assert.equal(encodeRequest("act", { action: "discard 3p" }), '{"method":"act","args":{"action":"discard 3p"}}');
  assert.equal(encodeRequest("hint"), '{"method":"hint","args":{}}');
  assert.equal(encodeRequest("hint", null), '{"method":"hint","args":{}}');
  // an undefined property is left out, as JSON.stringify does (a seed not given)
  assert.equal(encodeRequest("new_match", { variant: "xinyu", seed: undefined }), '{"method":"new_match","args":{"variant":"xinyu"}}');
});

test("a position nested 3,000 lists deep is refused in the page, saying why", () => {
  const error = refusedWith("new_match", { position: { variant: "xinyu", hands: nested(3000) } });
  assert.equal(error.kind, "invalid");
  assert.match(error.message, new RegExp(`deeper than ${LIMITS.depth} levels`));
  assert.equal(error.method, "new_match");
});

test("the depth limit is exact: LIMITS.depth levels pass, one more does not", () => {
  // args itself is level 1
  assert.doesNotThrow(() => encodeRequest("x", { a: nested(LIMITS.depth - 2) }));
  assert.equal(refusedWith("x", { a: nested(LIMITS.depth - 1) }).kind, "invalid");
});

test("a request over LIMITS.bytes is refused with its length", () => {
  const error = refusedWith("act", { action: "x".repeat(LIMITS.bytes) });
  assert.equal(error.kind, "invalid");
  assert.match(error.message, /over the limit/);
  assert.ok(error.message.length <= MESSAGE_LENGTH);
});

test("too many values is refused before they are all walked", () => {
  const error = refusedWith("x", { a: new Array(LIMITS.values + 1).fill(0) });
  assert.match(error.message, /more than \d+ values/);
});

test("values that are not JSON are refused, naming where they are", () => {
  const cases = [
    [{ speed: NaN }, /args\.speed is NaN/],
    [{ n: Infinity }, /args\.n is Infinity/],
    [{ f: () => 1 }, /args\.f is a function/],
    [{ m: new Map() }, /args\.m is a Map, not a plain object/],
    [{ d: new Date(0) }, /args\.d is a Date/],
    [{ big: 1n }, /args\.big is 1/],
    [{ list: [1, undefined] }, /args\.list\[1\] is undefined/],
  ];
  for (const [args, pattern] of cases) assert.match(refusedWith("x", args).message, pattern);
});

test("a cycle is refused (as too deep), not a stack overflow", () => {
  const a = { b: {} };
  a.b.a = a;
  assert.match(refusedWith("x", a).message, /deeper than/);
});

test("the arguments must be an object and the method a name", () => {
  assert.match(refusedWith("x", [1]).message, /must be an object, not a list/);
  assert.match(refusedWith("x", "x").message, /must be an object, not a string/);
  assert.match(refusedWith("x", 5).message, /not 5/);
  assert.match(refusedWith("", {}).message, /method must be a name/);
  assert.match(refusedWith(7, {}).message, /method must be a name/);
});

test("an object without a prototype is plain JSON", () => {
  const args = Object.create(null);
  args.action = "pass";
  assert.equal(encodeRequest("act", args), '{"method":"act","args":{"action":"pass"}}');
});

test("answers: JSON with an ok field, or an engine failure", () => {
  assert.deepEqual(decodeAnswer('{"ok": true, "state": 1}', "state"), { ok: true, state: 1 });
  for (const bad of ["", "nope", "null", "[]", '{"state": 1}']) {
    assert.throws(() => decodeAnswer(bad, "state"), (e) => e instanceof EngineError && e.kind === "engine");
  }
});

test("a refusal keeps the engine's kind and legal actions; an unknown kind is an engine failure", () => {
  const illegal = refusal({ ok: false, kind: "illegal", error: "not now", legal: ["pass"] }, "act");
  assert.equal(illegal.kind, "illegal");
  assert.deepEqual(illegal.legal, ["pass"]);
  assert.equal(refusal({ ok: false, kind: "invalid", error: "bad" }, "act").kind, "invalid");
  assert.equal(refusal({ ok: false, kind: "stale", error: "?" }, "act").kind, "engine");
  assert.equal(refusal({ ok: false }, "act").message, "act failed");
});

test("an echoed megabyte comes back as a short message", () => {
  const error = refusal({ ok: false, kind: "invalid", error: `unknown action ${"9".repeat(1 << 20)}` }, "act");
  assert.equal(error.message.length, MESSAGE_LENGTH);
  assert.ok(error.message.endsWith("…"));
  assert.equal(shorten("short"), "short");
});
