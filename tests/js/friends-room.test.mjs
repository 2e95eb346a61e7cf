// The room's protocol in Node (issue 53): host.js, guest.js, wire.js and seed.js as the pages run
// them, with the real engine (a Python process: support/room-harness.mjs), a fake clock and an
// in-memory relay that drops, copies, delays and reorders. Four people play a hand to its end on
// every page with the same tables; no move is lost or played twice; each friend's page checks the
// deal after the hand and nothing any friend's page received during the hand names the wall.
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { FakeClock, LossyRelay, EngineProcess, MemoryStorage, settle, ROOT } from "./support/room-harness.mjs";

const { HostRoom } = await import("../../web/friends/host.js");
const { GuestRoom } = await import("../../web/friends/guest.js");
const { newCode, roomSecrets, openBytes, unpack } = await import("../../web/friends/seal.js");

const engine = new EngineProcess();
test.after(() => engine.close());

const SETTINGS = { variant: "xinyu", options: {}, hands: 1, clock: 0, level: "easy", away: "bot" };

/** A choice a person might make: a win, else a pass on a claim, else a discard of the last tile. */
function choose(s) {
  const legal = s.legal_actions;
  if (legal.includes("win")) return "win";
  if (legal.includes("pass")) return "pass";
  const discards = legal.filter((a) => a.startsWith("discard "));
  return discards.at(-1) ?? legal[0];
}

/** A host and `friends` friends on one relay; returns them and what each page was told. */
async function table(relay, clock, { friends = 3, settings = SETTINGS, tag = "t" } = {}) {
  const code = newCode();
  const said = { host: [] };
  const host = new HostRoom({
    code, relays: [], settings, name: "Host", storage: new MemoryStorage(), clock, transport: relay.transport("host"),
    engine: engine.client(`${tag}-host`), view: (event, data) => said.host.push({ event, data, t: clock.now() }),
  });
  await host.open();
  const guests = [];
  for (let i = 0; i < friends; i++) {
    said[i] = [];
    const g = new GuestRoom({
      code, hostId: host.hostId, relays: [], name: `Friend ${i + 1}`, storage: new MemoryStorage(), clock,
      transport: relay.transport(`g${i}`), view: (event, data) => said[i].push({ event, data, t: clock.now() }),
      check: (replay, seed, seat, steps) => engine.call(`${tag}-g${i}`, "deal_check", { replay, deal_seed: seed, seat, steps }),
    });
    await g.open();
    guests.push(g);
  }
  return { code, host, guests, said };
}

async function until(clock, what, { limit = 600_000, step = 50 } = {}) {
  const end = clock.now() + limit;
  while (!what()) {
    if (clock.now() > end) throw new Error("not in time");
    await clock.advance(step);
  }
}

/** Everyone plays by the rules until the hand is over on every page and each friend's page has checked the deal. */
async function playHand({ host, guests, said }, clock, done = null) {
  const busy = new Set();
  await until(clock, () => {
    const mine = host.views["0"];
    if (mine && !mine.is_over && mine.human_to_move && !busy.has("host")) {
      busy.add("host");
      host.hostActs(choose(mine)).finally(() => busy.delete("host"));
    }
    for (const g of guests) if (g.state?.human_to_move && !g.state.is_over && !g.pending) g.act(choose(g.state)).catch(() => {});
    if (done) return done();
    return host.state?.is_over && guests.every((g, i) => g.state?.is_over && said[i].some((s) => s.event === "seed"));
  }, { limit: 1_800_000 });
}

for (const seed of [1, 2, 3]) {
  test(`a bad network (drops 10%, copies 20%, delays up to 3 s, reorders) does not stop or fork the table (seed ${seed})`, async () => {
    const clock = new FakeClock();
    const relay = new LossyRelay(clock, { seed, drop: 0.1, copy: 0.2, delay: 3000 });
    const room = await table(relay, clock, { tag: `net${seed}` });
    const { host, guests, said } = room;
    await until(clock, () => host.friends().length === 3 && guests.every((g) => g.seated));
    host.start().catch((e) => { throw e; });
    // the host's numbers, and when each friend's page first showed it (or a later one)
    await playHand(room, clock);
    const end = host.views["0"];
    let lag = 0;
    for (const [i, g] of guests.entries()) {
      const theirs = host.views[String(g.seat)];
      assert.deepEqual(g.state.hands[g.seat], theirs.hands[g.seat], `friend ${i + 1}'s hand`);
      assert.deepEqual(g.state.discards, end.discards, `friend ${i + 1}'s discards`);
      assert.deepEqual(g.state.scores, end.scores, `friend ${i + 1}'s scores`);
      assert.deepEqual(g.state.result, theirs.result);
      const seedSaid = said[i].filter((s) => s.event === "seed");
      // checked; a share the network kept from the host for 8 s is said as such, not as the host's break
      const inDeal = String(g.seat) in host.deal.shares;
      assert.deepEqual(seedSaid.map((s) => s.data.verdict), [inDeal ? "ok" : "mine_late"], `friend ${i + 1}'s deal check`);
      // no move refused (a copy or a move sent again is played once, and never refused as stale)
      assert.deepEqual(said[i].filter((s) => s.event === "actRefused").map((s) => s.data), [], `friend ${i + 1}: ${JSON.stringify(said.host.filter((s) => ["away", "back", "playedFor", "refused"].includes(s.event)).map((s) => [s.event, s.data, s.t - clock.t]))}`);
      // no page far behind: each number the host reached was on this page within a few seconds
      const shown = said[i].filter((s) => s.event === "state").map((s) => [s.data.n, s.t]);
      for (const { data, t } of said.host.filter((s) => s.event === "state")) {
        const first = shown.find(([n]) => n >= data.n);
        assert.ok(first, `friend ${i + 1} never reached ${data.n}`);
        lag = Math.max(lag, first[1] - t);
      }
    }
    // a state delayed up to 3 s, or lost and asked for again (1.5 s of quiet, 3 s there, 3 s back): seconds, not a stop
    console.log(`seed ${seed}: ${end.history_length} moves, the farthest behind a page was ${lag} ms`);
    assert.ok(lag <= 12_000, `a page was ${lag} ms behind`);
    const { replay } = await engine.call(`net${seed}-host`, "export", { hand: 0 });
    // every move of a person played once: the hand's actions are the engine's, none twice at one moment
    const actions = replay.hands[0].actions;
    assert.equal(actions.length, end.history_length);
    assert.ok(relay.delivered > relay.published, "copies were delivered"); // the network was bad
    for (const g of guests) g.close();
    host.close();
  });
}

test("no friend's page receives anything from which the wall can be computed before the hand is over", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 9 });
  const room = await table(relay, clock, { friends: 2, tag: "wall" });
  const { host, guests, code } = room;
  await until(clock, () => host.friends().length === 2 && guests.every((g) => g.seated));
  host.start();
  await until(clock, () => !!host.state && guests.every((g) => g.state));
  // every payload each friend's page received, opened with that friend's own keys
  const seat = guests[0].seat;
  const opened = [];
  const { roomKey } = await roomSecrets(code);
  for (const sub of relay.subscribers) {
    if (sub.name !== "g0") continue;
    for (const payload of sub.received) {
      const ch = guests[0].channel;
      const from = Array.from(payload.subarray(10, 18), (x) => x.toString(16).padStart(2, "0")).join("");
      const to = Array.from(payload.subarray(2, 10), (x) => x.toString(16).padStart(2, "0")).join("");
      const key = payload[1] === 0 ? roomKey : to === ch.me.id ? ch.keys.get(from) : null;
      if (!key) continue;
      try {
        opened.push(await unpack(await openBytes(key, payload.subarray(18), ch.aad(payload.subarray(0, 18)))));
      } catch {
        // not this page's to open
      }
    }
  }
  const text = JSON.stringify(opened);
  const deal = host.deal;
  assert.ok(deal && deal.seed && Object.keys(deal.shares).length === 3);
  assert.ok(!text.includes(deal.seed), "the seed reached a friend");
  assert.ok(!text.includes(deal.shares["0"]), "the host's share reached a friend");
  assert.ok(!text.includes(deal.shares[String(guests[1].seat)]), "another friend's share reached a friend");
  assert.ok(!opened.some((m) => m.body?.state?.match && "seed" in m.body.state.match), "a state carried the match's seed");
  // the others' concealed tiles: never in a state this friend was sent
  for (const m of opened) {
    if (m.type !== "state") continue;
    for (let s = 0; s < 4; s++) if (s !== seat) assert.equal(m.body.state.hands[s], null);
  }
  for (const g of guests) g.close();
  host.close();
});

test("a host that changes its share after the others', or deals another wall, is named by every friend's page", async () => {
  for (const cheat of ["share", "deal"]) {
    const clock = new FakeClock();
    const relay = new LossyRelay(clock, { seed: 4 });
    const room = await table(relay, clock, { friends: 1, tag: `cheat-${cheat}`, settings: { ...SETTINGS, hands: 1 } });
    const { host, guests, said } = room;
    await until(clock, () => host.friends().length === 1 && guests[0].seated);
    const round = host.dealRound.bind(host);
    host.dealRound = async (hand) => {
      const seed = await round(hand);
      if (cheat === "share") {
        // the host picks its share again once it has seen the friend's: the seed it wants
        host.deal.shares["0"] = "f".repeat(32);
        const { seedOf, seedCommitOf } = await import("../../web/friends/seed.js");
        host.deal.seed = await seedOf(host.deal.shares);
        host.deal.seedCommit = await seedCommitOf(host.deal.seed);
        return host.deal.seed;
      }
      return "ab".repeat(32); // a wall of its choice; the reveal says the shares' seed
    };
    host.start();
    await playHand(room, clock);
    const verdicts = said[0].filter((s) => s.event === "seed").map((s) => s.data);
    assert.equal(verdicts.length, 1);
    assert.equal(verdicts[0].who, "host");
    assert.equal(verdicts[0].verdict, cheat === "share" ? "commit_mismatch" : "deal_differs");
    guests[0].close();
    host.close();
  }
});

test("2,000 syncs and floods of knocks, sits and pings make the host send a handful, not thousands", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 5 });
  const room = await table(relay, clock, { friends: 1, tag: "flood" });
  const { host, guests } = room;
  await until(clock, () => host.friends().length === 1 && guests[0].seated);
  host.start();
  await until(clock, () => !!guests[0].state);
  const g = guests[0];
  let sentByHost = 0;
  const send = host.channel.relays.send;
  host.channel.relays.send = (payload) => { sentByHost += 1; send(payload); };
  for (let i = 0; i < 2000; i++) g.tellHost("sync", { n: 0 }).catch(() => {});
  for (let i = 0; i < 500; i++) g.knock();
  for (let i = 0; i < 500; i++) g.tellHost("sit", { name: "Friend 1" }).catch(() => {});
  for (let i = 0; i < 500; i++) g.tellHost("ping", {}).catch(() => {});
  await clock.advance(4000);
  const sentByGuest = 3500;
  assert.ok(sentByHost < 20, `the host sent ${sentByHost} messages for ${sentByGuest}`);
  g.close();
  host.close();
});

test("a knock with a huge number, or claiming a seated friend's id, shuts no one out and replaces no key", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 6 });
  const room = await table(relay, clock, { friends: 1, tag: "knock" });
  const { host, guests } = room;
  await until(clock, () => host.friends().length === 1 && guests[0].seated);
  const g = guests[0];
  const friendId = g.device.id;
  const keyBefore = host.channel.keys.get(friendId);
  // a stranger with the link sends knocks claiming the friend's id, numbered far ahead
  const { Channel } = await import("../../web/friends/wire.js");
  const { devicePair, toBase64url } = await import("../../web/friends/seal.js");
  const { topic, roomKey } = await roomSecrets(room.code);
  const stranger = await devicePair();
  const fake = new Channel({ code: room.code, topic, roomKey, me: { ...stranger, id: friendId }, relays: [], clock,
    transport: relay.transport("stranger"), onMessage: () => {}, onRefused: () => {}, onStatus: () => {} });
  await fake.start();
  fake.seq = Number.MAX_SAFE_INTEGER - 10;
  await fake.sendRoom("knock", { pub: toBase64url(stranger.pub) });
  await clock.advance(3000);
  assert.equal(host.channel.keys.get(friendId), keyBefore, "the seated friend's key is the same");
  // the friend's own knock after it is still heard (its page reloaded: seq from its clock)
  const knocksHeard = host.channel.heard.get(`room:${friendId}`)?.seen.size ?? 0;
  g.knock();
  await clock.advance(3000);
  assert.ok((host.channel.heard.get(`room:${friendId}`)?.seen.size ?? 0) > knocksHeard, "the friend's knock was heard");
  // a message that did not open names no one (a stranger cannot make the host blame a friend)
  const junk = new Uint8Array(80);
  junk[0] = 1; junk[1] = 1;
  junk.set(Array.from(host.hostId.match(/../g), (h) => parseInt(h, 16)), 2);
  junk.set(Array.from(friendId.match(/../g), (h) => parseInt(h, 16)), 10);
  relay.publish(junk);
  await clock.advance(500);
  const refused = room.said.host.filter((s) => s.event === "refused").at(-1);
  assert.equal(refused.data.reason, "wrong_key");
  assert.equal(refused.data.name, null);
  fake.stop();
  g.close();
  host.close();
});

test("mid-match, a newcomer waits for the host's tap; a friend whose browser kept nothing gets their seat back by the host's tap; names are one person's", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 7 });
  const room = await table(relay, clock, { friends: 1, tag: "seats", settings: { ...SETTINGS, hands: 2 } });
  const { host, guests, said } = room;
  await until(clock, () => host.friends().length === 1 && guests[0].seated);
  host.start();
  await until(clock, () => !!guests[0].state);
  const mk = async (name, tag) => {
    said[tag] = [];
    const g = new GuestRoom({ code: room.code, hostId: host.hostId, relays: [], name, storage: new MemoryStorage(), clock,
      transport: relay.transport(tag), view: (event, data) => said[tag].push({ event, data }), check: async () => ({ dealt: true, views: {} }) });
    await g.open();
    return g;
  };
  // a newcomer mid-match: no seat until the host taps
  const late = await mk("Late", "late");
  await clock.advance(6000);
  assert.ok(!late.seated && said.late.some((s) => s.event === "asked"));
  assert.equal(host.friends().length, 1);
  assert.ok(host.asking.some((a) => a.name === "Late" && a.why === "late"));
  // someone taking a seated, connected friend's name is refused
  const twin = await mk("Friend 1", "twin");
  await clock.advance(6000);
  assert.ok(said.twin.some((s) => s.event === "refusedSit" && s.data.reason === "name_taken"));
  twin.close();
  // the host's tap: the newcomer sits (a bot's seat), and the other page is told
  await host.let(late.device.id);
  await clock.advance(6000);
  assert.ok(late.seated && late.state, "the newcomer has a table");
  assert.ok(said[0].some((s) => s.event === "joined" && s.data.name === "Late"));
  // the first friend's browser forgets everything: gone, then the same name on a new device
  const seat = guests[0].seat;
  guests[0].close();
  await clock.advance(15_000);
  assert.equal(host.seats[seat].connected, false);
  const again = await mk("Friend 1", "again");
  await clock.advance(6000);
  assert.ok(host.asking.some((a) => a.why === "back" && a.seat === seat));
  await host.let(again.device.id);
  await clock.advance(6000);
  assert.equal(again.seat, seat);
  assert.equal(host.seats[seat].id, again.device.id);
  assert.ok(said.late.some((s) => s.event === "back" && s.data.name === "Friend 1"));
  // the host frees a seat: a bot plays it
  await host.free(seat);
  await clock.advance(3000);
  assert.equal(host.seats[seat].kind, "bot");
  assert.ok(said.again.some((s) => s.event === "freed"));
  await settle();
  late.close();
  again.close();
  host.close();
});

test("a friend's clock plays the tile they selected, not the hint's", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 8 });
  const room = await table(relay, clock, { friends: 1, tag: "clock", settings: { ...SETTINGS, clock: 10 } });
  const { host, guests, said } = room;
  const g = guests[0];
  await until(clock, () => host.friends().length === 1 && g.seated);
  host.start();
  // the host plays its turns; the friend passes on claims until it is to discard
  let busy = false;
  await until(clock, () => {
    const mine = host.views["0"];
    if (mine?.human_to_move && !busy) {
      busy = true;
      host.hostActs(choose(mine)).finally(() => { busy = false; });
    }
    const s = g.state;
    if (s?.human_to_move && !g.pending && !s.legal_actions.some((a) => a.startsWith("discard "))) g.act(choose(s));
    return !!s?.human_to_move && s.legal_actions.some((a) => a.startsWith("discard ")) && !g.pending;
  });
  const s = g.state;
  // the hint's move for the friend's seat now (what its clock played before: py_engine/teach/hints.py)
  const { replay } = await engine.call("clock-host", "export", { hand: 0 });
  const suggested = execFileSync(process.env.PYTHON ?? "python3", ["-c", [
    "import json, sys",
    "from py_engine.play.game import Game",
    "from py_engine.teach import hints",
    "r = json.load(sys.stdin); h = r['hands'][0]",
    "g = Game.from_position({**h['position'], 'variant': r['variant'], 'options': r['options']})",
    "[g.apply(seat, action) for seat, action in h['actions']]",
    `print(hints.hint(g, ${g.seat})['suggested'])`,
  ].join("\n")], { input: JSON.stringify(replay), env: { ...process.env, PYTHONPATH: ROOT } }).toString().trim();
  // a tile the hint would not discard, selected on the friend's page; then the clock runs out
  const chosen = s.legal_actions.filter((a) => a.startsWith("discard ") && a !== suggested).at(0);
  assert.ok(chosen && suggested.startsWith("discard "), suggested);
  g.select(chosen);
  const at = s.history_length;
  await until(clock, () => host.state.history_length > at, { limit: 20_000 });
  const played = said.host.filter((x) => x.event === "playedFor").at(-1);
  assert.equal(played.data.seat, g.seat);
  assert.equal(played.data.why, "clock");
  assert.equal(played.data.action, chosen);
  g.close();
  host.close();
});

test("a seated friend cannot take another person's name; a link with the same code naming another host replaces neither the kept key nor the host", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 10 });
  const room = await table(relay, clock, { friends: 2, tag: "names" });
  const { host, guests } = room;
  await until(clock, () => host.friends().length === 2 && guests.every((g) => g.seated));
  const [a, b] = guests;
  a.tellHost("sit", { name: "Friend 2" });
  a.tellHost("sit", { name: "Host" });
  await clock.advance(3000);
  assert.equal(host.seats[a.seat].name, "Friend 1");
  a.tellHost("sit", { name: "Ana" });
  await clock.advance(3000);
  assert.equal(host.seats[a.seat].name, "Ana");
  assert.equal(host.seats[b.seat].name, "Friend 2");
  // the browser keeps a's seat: a link with the same code and another host's id opens with it
  const storage = new MemoryStorage();
  const { keptRoom } = await import("../../web/friends/link.js");
  const first = new GuestRoom({ code: room.code, hostId: host.hostId, relays: [], name: "Ana", storage, clock,
    transport: relay.transport("first"), view: () => {}, check: async () => ({ dealt: true, problem: null, views: {} }) });
  await first.open();
  await clock.advance(3000);
  const kept = keptRoom(storage, "seat", room.code);
  first.close();
  const other = new GuestRoom({ code: room.code, hostId: "0123456789abcdef", relays: [], name: "Ana", storage, clock, kept,
    transport: relay.transport("other"), view: () => {}, check: async () => ({ dealt: true, problem: null, views: {} }) });
  await other.open();
  await clock.advance(3000);
  const after = keptRoom(storage, "seat", room.code);
  assert.equal(after.hostId, host.hostId);
  assert.deepEqual(after.jwk, kept.jwk);
  other.close();
  for (const g of guests) g.close();
  host.close();
});

test("a host that reloads mid-hand resumes from its save, and the friend's page still checks the deal after the hand", async () => {
  const clock = new FakeClock();
  const relay = new LossyRelay(clock, { seed: 11, drop: 0.05, delay: 500 });
  const room = await table(relay, clock, { friends: 1, tag: "reload" });
  const { host, guests, said } = room;
  const g = guests[0];
  await until(clock, () => host.friends().length === 1 && g.seated);
  host.start();
  await playHand(room, clock, () => (host.state?.history_length ?? 0) >= 6);
  // the host's page goes; its browser kept the room: the same engine client asked to resume
  const storage = host.o.storage;
  host.close();
  const { keptRoom } = await import("../../web/friends/link.js");
  const kept = keptRoom(storage, "host", room.code);
  said.host = [];
  const again = new HostRoom({ code: room.code, relays: [], settings: kept.settings, name: "Host", storage, kept, clock,
    transport: relay.transport("host2"), engine: engine.client("reload-host2"), view: (event, data) => said.host.push({ event, data, t: clock.now() }) });
  await again.open();
  assert.equal(again.hostId, host.hostId);
  assert.equal(again.deal.seed, host.deal.seed);
  await playHand({ host: again, guests, said }, clock);
  const verdicts = said[0].filter((s) => s.event === "seed").map((s) => s.data.verdict);
  assert.deepEqual(verdicts, ["ok"]);
  assert.deepEqual(g.state.discards, again.views["0"].discards);
  g.close();
  again.close();
});
