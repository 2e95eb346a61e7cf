// The table's session (web/table/session.js) with a fake engine behind a transport and a fake
// clock (after boardgame.io's master.test.ts: the master checked with an in-memory transport): a
// seat acts, the session checks it, sends one request, lands the answer and tells every listener,
// in order; the bots' loop and the decision clock run on the fake clock.
import test, { mock } from "node:test";
import assert from "node:assert/strict";

import { createSession } from "../../web/table/session.js";
import { setLang } from "../../web/i18n/i18n.js";

globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
setLang("en");

/**
 * A fake engine: seat 0 is the player, seats 1-3 bots. The player discards from `hand`; each bot
 * then discards one "9p" per bot_step; after seat 3's, the player draws "5s" and is to move again.
 * It answers as the bridge does (state, events, action) and records every request.
 */
function fakeEngine({ hand = ["1m", "2m", "3m"], fail = null } = {}) {
  let match = 0;
  const requests = [];
  const table = { hand: [...hand], turn: 0, discards: [[], [], [], []], moment: 0, drawn: null };
  /** @type {Array<(answer: any) => void>} */
  const held = [];
  const engine = { hold: false, held, requests, table };

  function state() {
    const mine = table.turn === 0;
    return {
      seat: 0, human: 0, variant: "fake", dealer: 0, turn: table.turn, phase: "discard", seat_winds: ["east", "south", "west", "north"],
      hands: [[...table.hand], null, null, null], hand_counts: [table.hand.length, 13, 13, 13], drawn: table.drawn, drawn_seat: mine && table.drawn ? 0 : null,
      melds: [[], [], [], []], flowers: [[], [], [], []], discards: table.discards.map((d) => d.map((tile) => ({ tile, claimed: false, covered: false, thrown_drawn: false }))),
      last_discard: null, scores: [0, 0, 0, 0], waiting_for: [table.turn], legal_actions: mine ? table.hand.map((tile) => `discard ${tile}`) : [],
      is_over: false, result: null, human_to_move: mine, bot_to_move: !mine, autoplay: false, level: "normal", tiles_left: 50,
      history_length: table.moment, options: { timer: 0 }, events: [], match: { hands: 1, hand_number: 0, is_over: false, results: [], seed: 1 },
    };
  }

  function discard(seat, tile) {
    table.discards[seat].push(tile);
    table.moment += 1;
    table.turn = (seat + 1) % 4;
    const events = [{ type: "discard", seat, tile }];
    if (table.turn === 0) {
      table.hand.push("5s");
      table.drawn = "5s";
      events.push({ type: "draw", seat: 0, tile: "5s" });
    } else table.drawn = null;
    return events;
  }

  function answer(method, args) {
    if (fail && fail.method === method) throw Object.assign(new Error(fail.message), { kind: fail.kind });
    if (method === "new_match") return { state: state() };
    if (method === "act" || method === "timeout") {
      const action = method === "act" ? args.action : (args.selected ?? `discard ${table.hand[0]}`);
      const tile = action.split(" ")[1];
      table.hand.splice(table.hand.indexOf(tile), 1);
      const events = discard(0, tile);
      return method === "act" ? { state: state(), events } : { state: state(), events, action, chosen_by: args.selected ? "selected" : "hint" };
    }
    if (method === "bot_step") {
      const seat = table.turn;
      const events = discard(seat, "9p");
      return { state: state(), events, action: "discard 9p" };
    }
    throw new Error(`fake engine: no method ${method}`);
  }

  const transport = {
    newMatch: () => ++match,
    request(method, args, _state) {
      requests.push({ method, args, gen: match });
      const gen = match;
      let reply;
      try {
        reply = answer(method, args);
      } catch (error) {
        return Promise.reject(error);
      }
      if (!engine.hold) return Promise.resolve(reply);
      // held back until the test lets it go: an answer that comes after a new match is stale
      return new Promise((resolve, reject) => held.push(() => (gen === match ? resolve(reply) : reject(Object.assign(new Error("stale"), { kind: "stale" })))));
    },
  };
  return Object.assign(engine, { transport });
}

/** A session over the fake engine, its news heard in order. */
function sessionOver(engine, { seconds = 0, autoPass = false } = {}) {
  const news = [];
  const sounds = [];
  const renderer = {
    layout: { lift: 6 }, handTileScreen: (i) => ({ x: 10 * i, y: 100 }), handScreen: () => ({ x: 0, y: 0 }),
    discardScreen: () => ({ x: 50, y: 50 }), calloutAt: () => ({ x: 0, y: 0 }),
  };
  const session = createSession({
    transport: engine.transport, lang: "en", renderer, sound: { play: (name) => sounds.push(name) },
    speed: () => ({ bot: 500, fly: 0, callout: 0, settle: 0, autoNext: 0 }), redraw: () => {},
    settings: { autoWin: false, autoPass }, seconds: () => seconds, covered: () => false,
  });
  session.on((n) => news.push(n));
  return { session, news, sounds };
}

/** A match dealt through the session as the page deals one (game/app.js startMatch). */
async function deal(session) {
  session.newMatch();
  session.dealt(await session.request("new_match", {}), "match");
}

let now = 0;
test.beforeEach(() => {
  now = 1000;
  mock.method(performance, "now", () => now);
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
});
test.afterEach(() => {
  mock.timers.reset();
  mock.restoreAll();
});
/** The fake clock moves on `ms`, and the promises it let go settle. */
async function pass(ms) {
  for (let step = 0; step < ms; step += 50) {
    now += 50;
    mock.timers.tick(50);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
}

test("a deal is told as a new state, then the hand dealt, then the player's turn", async () => {
  const engine = fakeEngine();
  const { session, news } = sessionOver(engine);
  await deal(session);
  assert.deepEqual(news.map((n) => n.type), ["state", "say", "dealt", "turn"]);
  assert.equal(news[0].cause, "deal");
  assert.match(news[1].line, /hand 1 of 1/i);
  assert.equal(session.view.state.human_to_move, true);
});

test("one discard: checked, one request, its state told before its events, then the bots move", async () => {
  const engine = fakeEngine();
  const { session, news } = sessionOver(engine);
  await deal(session);
  news.length = 0;
  const done = await session.act(0, "discard 2m", { source: "pointer" });
  assert.deepEqual(engine.requests.map((r) => r.method), ["new_match", "act"]);
  assert.deepEqual(engine.requests[1].args, { action: "discard 2m" });
  assert.deepEqual(news.map((n) => n.type), ["state", "event", "say", "played", "bots"]);
  assert.equal(news[0].cause, "act");
  assert.deepEqual(news[0].events, [{ type: "discard", seat: 0, tile: "2m" }]);
  assert.equal(news[1].event.tile, "2m");
  assert.match(news[2].line, /You discard 2 Characters/);
  assert.deepEqual(news[3], { type: "played", seat: 0, action: "discard 2m", source: "pointer" });
  assert.deepEqual(done.events, [{ type: "discard", seat: 0, tile: "2m" }]);
  assert.equal(session.view.state.human_to_move, false);
  assert.equal(session.view.thinking, true); // the first bot decides, waiting its pause
});

test("the bots' loop plays one bot_step each pause until the player is to move again", async () => {
  const engine = fakeEngine();
  const { session, news } = sessionOver(engine);
  await deal(session);
  await session.act(0, "discard 1m");
  news.length = 0;
  await pass(400);
  assert.equal(engine.requests.filter((r) => r.method === "bot_step").length, 0, "a bot waits its pause after the player's discard");
  await pass(200);
  assert.equal(engine.requests.filter((r) => r.method === "bot_step").length, 1);
  await pass(1100);
  assert.equal(engine.requests.filter((r) => r.method === "bot_step").length, 3);
  const states = news.filter((n) => n.type === "state");
  assert.deepEqual(states.map((n) => n.cause), ["bot", "bot", "bot"]);
  assert.equal(news.at(-1).type, "turn");
  assert.equal(session.view.state.human_to_move, true);
  assert.ok(session.view.state.hands[0].includes("5s"));
  assert.equal(session.run.pumping, 0);
  assert.equal(session.view.thinking, false);
  // the others' discards were said as they came, each after its state
  const said = news.filter((n) => n.type === "say").map((n) => n.line);
  assert.equal(said.filter((line) => /9 Dots/.test(line)).length, 3, said.join(" | "));
});

test("a seat not to move, an action in flight and an illegal action are refused before any request", async () => {
  const engine = fakeEngine();
  const { session, news } = sessionOver(engine);
  await assert.rejects(session.act(0, "discard 1m"), /no game yet/);
  await deal(session);
  const before = engine.requests.length;
  await assert.rejects(session.act(2, "discard 1m"), /not your turn/);
  await assert.rejects(session.act(0, "discard 7z"), (error) => error.kind === "illegal" && error.legal.includes("discard 1m"));
  engine.hold = true;
  const first = session.act(0, "discard 1m");
  await assert.rejects(session.act(0, "discard 2m"), /already being played/);
  assert.equal(engine.requests.length, before + 1);
  engine.held.shift()();
  await first;
  assert.ok(news.some((n) => n.type === "played" && n.action === "discard 1m"));
});

test("an answer of a match gone is dropped: nothing lands, nothing is a fault", async () => {
  const engine = fakeEngine();
  const { session, news } = sessionOver(engine);
  await deal(session);
  engine.hold = true;
  const late = session.act(0, "discard 3m");
  session.newMatch(); // a new match is asked for before the answer comes
  news.length = 0;
  engine.held.shift()();
  await assert.rejects(late, (error) => error.kind === "stale");
  assert.deepEqual(news, []);
  assert.equal(session.run.busy, false);
  assert.equal(session.run.failed, false);
});

test("bad input is refused as news and play goes on; an engine fault stops play until a new deal", async () => {
  const invalid = fakeEngine({ fail: { method: "act", kind: "invalid", message: "bad action" } });
  const a = sessionOver(invalid);
  await deal(a.session);
  await assert.rejects(a.session.act(0, "discard 1m"));
  assert.equal(a.news.at(-1).type, "refused");
  assert.equal(a.session.run.failed, false);

  const broken = fakeEngine({ fail: { method: "act", kind: "engine", message: "worker died" } });
  const b = sessionOver(broken);
  await deal(b.session);
  await assert.rejects(b.session.act(0, "discard 1m"), /worker died/);
  assert.equal(b.news.at(-1).type, "fault");
  assert.equal(b.session.run.failed, true);
  await assert.rejects(b.session.act(0, "discard 2m"), /engine failed/);
  b.session.newMatch();
  assert.equal(b.session.run.failed, false);
});

test("the clock plays the selected tile when the time is up, and says so", async () => {
  const engine = fakeEngine({ hand: ["1m", "2m", "3m", "4m"] });
  const { session, news, sounds } = sessionOver(engine, { seconds: 3 });
  await deal(session);
  assert.ok(session.view.timer, "the player's turn starts the clock");
  session.store.select(2); // 3m
  news.length = 0;
  await pass(2500);
  assert.ok(sounds.includes("tick"), "the last seconds tick");
  assert.equal(engine.requests.some((r) => r.method === "timeout"), false);
  await pass(1000);
  const timeout = engine.requests.find((r) => r.method === "timeout");
  assert.deepEqual(timeout.args, { selected: "discard 3m" });
  assert.deepEqual(news.slice(0, 2).map((n) => n.type), ["state", "event"]);
  assert.equal(news[0].cause, "timeout");
  assert.ok(news.some((n) => n.type === "timeout" && n.action === "discard 3m"));
  assert.equal(session.view.timer, null);
  assert.equal(session.view.ui.selected, -1);
});

test("a move stops the clock; the player's next turn starts a fresh one", async () => {
  const engine = fakeEngine();
  const { session } = sessionOver(engine, { seconds: 10 });
  await deal(session);
  const first = session.view.timer;
  assert.ok(first);
  await session.act(0, "discard 1m");
  assert.equal(session.view.timer, null);
  await pass(3000); // the bots play on; the clock, stopped, plays nothing
  assert.equal(engine.requests.some((r) => r.method === "timeout"), false);
  assert.equal(session.view.state.human_to_move, true);
  assert.ok(session.view.timer && session.view.timer.deadline > first.deadline && session.view.timer.moment === 4);
  session.stopClock();
});
