// friends.html (its controller): a table of people on their own devices (issue 49, docs/friends.md). The room's
// card (create, join, the seats, the code, the link and its QR code, the relays), then the table
// drawn by the game's renderer (render.js) with the claim buttons (claims.js), the seats' names
// and connections, a few quick phrases and the settlement. The host's page plays the match in its
// engine (host.js); a friend's page has no engine at all (guest.js). Whatever comes from a peer
// or a link reaches the page as text only (textContent), never as markup.

import { t, getLang, onLangChange, tileName, LANGS, LANG_NAMES, setLang } from "../i18n/i18n.js";
import { openPage, gameLink } from "../shell/page.js";
import { el } from "../shell/dom.js";
import { Renderer } from "../table/render.js";
import { Input } from "../table/input.js";
import { createStore } from "../table/store.js";
import { deedOf } from "../game/intents.js";
import { ClaimButtons, claimItems } from "../overlay/claims.js";
import { displayHand, viewSeat } from "../table/model.js";
import { Dialogs } from "../overlay/dialogs.js";
import { SettlementDialog } from "../overlay/settle-dialog.js";
import { Sound } from "../table/sound.js";
import { readSettings } from "../keep/settings.js";
import { loadCatalog } from "../engine/catalog.js";
import { replayLink } from "../keep/replayio.js";
import { newCode, showCode } from "./seal.js";
import { readRoomHash, roomLink, storedRelays, keptRoom, DEFAULT_RELAYS, typedRoom, shownCode, relayTag } from "./link.js";
import { relayEditor, relayHosts, showRelays, watchHost } from "./relays-view.js";
import { HostRoom, cleanName } from "./host.js";
import { GuestRoom } from "./guest.js";
import { qrSvg } from "./qr.js";
import { narrate } from "../table/narrate.js";
import { call as engineCall, startEngine, LONG_CALL } from "../engine/engine.js";

const page = openPage("friends", { theme: "dark" });
const storage = page.storage ?? null;
const PHRASES = ["hello", "nice", "wait", "thanks"];
const CLOCKS = [20, 30, 10, 0];

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const canvas = $("table");
const card = $("fr-card");
const seatsBar = $("fr-seats");
const phrasesBar = $("fr-phrases");
// the room's card again once the table is up: its link and QR code for a friend who dropped, the seats
const roomButton = $("fr-room-open");
roomButton.addEventListener("click", () => {
  showRoom();
  card.hidden = false;
  $("fr-hide")?.focus();
});
const log = $("fr-log");
const uiRoot = $("ui");
// the table's sentences for a screen reader (the others' discards, claims, wins), as the solo page says them
const live = el("div", { class: "sr-only", id: "fr-sr", role: "status", "aria-live": "polite" });
uiRoot.append(live);

/** This page's own state, beside the store's (the table's view): one object, every field in one place. */
const here = {
  gen: 0, // the store's match counter (this page's engine is the host's, over the relay or in the host's page)
  /** @type {HostRoom | GuestRoom | null} the room this page opened or joined */
  room: null,
  isHost: false,
  /** @type {any} the room's facts (names, kinds, connections) */
  facts: null,
  code: "", // the room's code
  relays: storedRelays(storage), // this browser's relays (the card's settings)
  busy: false, // this seat's move is on its way
  /** @type {any} the last match's replay, for the settlement's button */
  lastReplay: null,
  queued: false, // a requestAnimationFrame is asked for (redraw)
};

const renderer = new Renderer(canvas);
const store = createStore({ newMatch: () => ++here.gen }, getLang());
const { view } = store;
view.ui.leftReserve = 0;
const sound = new Sound();
const actionsEl = el("div", { class: "actions", id: "actions", role: "group" });
const sideEl = el("div", { class: "side", id: "side" });
const dialogsEl = el("div", { id: "dialogs" });
uiRoot.append(actionsEl, sideEl, dialogsEl);
const dialogs = new Dialogs(dialogsEl);
const settle = new SettlementDialog(uiRoot, dialogs);
const claims = new ClaimButtons(uiRoot, actionsEl, sideEl, { action: (a) => act(a) });

/** @type {Array<{at: number, t: number}>} each table drawn: its moment and when (bench/friends.py) */
const drawn = [];
/** @type {{sent: {at: number, t: number} | null}} this seat's last move sent */
const timing = { sent: null };

// --- words on the page -------------------------------------------------------------------------

/**
 * A line in the room's log (a live region): text only. It fades after 12 s, unless `lasting` (a
 * state that lasts until another line ends it: the host cannot be heard).
 * @param {string} text @param {string} [kind] @param {string} [lasting] the line's id, while it lasts
 */
function say(text, kind = "", lasting = "") {
  const line = el("p", { class: kind, text });
  if (lasting) {
    $(lasting)?.remove();
    line.id = lasting;
  }
  log.append(line);
  while (log.children.length > 4) { // the oldest line goes first, a lasting one last
    const oldest = [...log.children].find((n) => !n.id) ?? log.firstElementChild;
    oldest?.remove();
  }
  if (!lasting) setTimeout(() => line.remove(), 12_000); // the table stays in view; the live region has said it
}

function seatName(seat) {
  const s = here.facts?.seats?.[seat];
  if (!s) return t(`seat.${seat}`);
  if (s.kind === "bot") return t("friends.bot", { n: seat + 1 });
  return s.name || `#${seat + 1}`;
}

function mySeat() {
  return here.isHost ? 0 : /** @type {GuestRoom} */ (here.room)?.seat ?? -1;
}

// --- the card: create, join, the room ----------------------------------------------------------

function field(label, control) {
  return el("label", { class: "fr-field" }, el("span", { text: label }), control);
}

function select(id, values, chosen, word) {
  const s = el("select", { id });
  for (const v of values) s.append(el("option", { value: String(v), text: word(v), selected: String(v) === String(chosen) }));
  return s;
}

function langPicker() {
  const s = select("fr-lang", LANGS, getLang(), (l) => LANG_NAMES[l]);
  s.addEventListener("change", () => setLang(s.value));
  return field(t("settings.lang"), s);
}

async function showCreate(problem = "") {
  const catalog = await loadCatalog({ call: async () => ({}) , ready: Promise.resolve() }).catch(() => null);
  const { settings } = readSettings(catalog);
  const name = el("input", { id: "fr-name", maxlength: "20", autocomplete: "nickname", value: storedName() });
  const variants = catalog ? Object.keys(catalog.variants) : [settings.variant];
  const variant = select("fr-variant", variants, settings.variant, (v) => t(`variant.${v}`));
  const hands = select("fr-hands", catalog?.hands ?? [1, 4, 8, 16], settings.hands, (n) => t("friends.hands", { n }));
  const clock = select("fr-clock", CLOCKS, 20, (s) => (s ? t("friends.clockSeconds", { n: s }) : t("friends.clockOff")));
  const level = select("fr-level", catalog?.levels ?? ["easy", "normal", "hard"], settings.level, (l) => t(`level.${l}`));
  const away = select("fr-away", ["bot", "clock"], "bot", (a) => t(`friends.awayBy.${a}`));
  const joinCode = el("input", { id: "fr-code", maxlength: "24", autocomplete: "off", spellcheck: "false", placeholder: "XXXX-XXXX-XXXX-XXXX" });
  card.replaceChildren(
    el("h1", { text: t("friends.title") }),
    problem ? el("p", { class: "fr-problem", role: "alert", text: problem }) : "",
    el("p", { text: t("friends.intro") }),
    langPicker(),
    field(t("friends.name"), name),
    el("h2", { text: t("friends.create") }),
    field(t("settings.variant"), variant), field(t("settings.hands"), hands), field(t("friends.clock"), clock),
    field(t("friends.botLevel"), level), field(t("friends.awayLabel"), away),
    el("button", { type: "button", class: "primary", id: "fr-create", text: t("friends.createButton"), onclick: () => {
      const chosen = variant.value;
      keepName(name.value);
      const options = { ...(settings.options?.[chosen] ?? {}) };
      if ("timer" in (catalog?.variants?.[chosen]?.options ?? {})) options.timer = Number(clock.value);
      host({ variant: chosen, options, hands: Number(hands.value), clock: Number(clock.value), level: level.value,
        away: /** @type {"bot" | "clock"} */ (away.value) }, cleanName(name.value) || t("friends.hostName"));
    } }),
    el("h2", { text: t("friends.join") }),
    field(t("friends.code"), joinCode),
    el("button", { type: "button", id: "fr-join", text: t("friends.joinButton"), onclick: () => {
      // the code alone: the room is on the default relays; with its tag: on this browser's list if the tag is theirs
      const typed = typedRoom(joinCode.value, here.relays);
      if ("problem" in typed) return say(t(`friends.bad.${typed.problem}`), "warn");
      keepName(name.value);
      location.hash = typed.hash;
    } }),
    relaySettings(),
    el("p", {}, el("a", { href: gameLink(), id: "fr-game", text: t("friends.toGame") })),
  );
}

/** The relay editor (relays-view.js): the list this browser keeps, and the room's when it hosts. */
function relaySettings() {
  return relayEditor({ relays: here.relays, storage, use: (relays) => { here.relays = relays; }, say });
}

/** The relays of the room this page is in: the host's list (the host's page: this browser's). */
function roomRelays() {
  return here.isHost ? here.relays : /** @type {any} */ (here.room)?.o?.relays ?? DEFAULT_RELAYS;
}

function storedName() {
  try {
    return storage?.getItem("mahjong.friends.name") ?? "";
  } catch {
    return "";
  }
}

function keepName(name) {
  try {
    storage?.setItem("mahjong.friends.name", cleanName(name));
  } catch {
    // not kept
  }
}

function showJoin(target, kept = null) {
  const name = el("input", { id: "fr-name", maxlength: "20", autocomplete: "nickname", value: storedName() });
  card.replaceChildren(
    el("h1", { text: t("friends.joinTitle") }),
    el("p", { text: t("friends.joinIntro", { code: showCode(target.code) }) }),
    // the relays the link names, shown before the page connects to any (at the tap on "Sit down")
    el("p", { class: "fr-note", id: "fr-join-relays", text: t("friends.relaysOfRoom", { relays: relayHosts(target.relays ?? DEFAULT_RELAYS) }) }),
    langPicker(),
    field(t("friends.name"), name),
    el("button", { type: "button", class: "primary", id: "fr-sit", text: t("friends.sit"), onclick: () => {
      keepName(name.value);
      guest(target, cleanName(name.value) || t("friends.guestName"), kept);
    } }),
  );
  name.focus();
}

/** The room's card: the code, the link and its QR code (the host's), the seats, the start. */
function showRoom() {
  if (!here.room) return;
  const link = here.isHost ? roomLink({ code: here.code, hostId: /** @type {HostRoom} */ (here.room).hostId, relays: here.relays }) : "";
  const parts = [el("h1", { text: t("friends.roomTitle") }),
    el("p", { class: "fr-code" }, el("span", { text: t("friends.code") + t("sep.colon") }), el("strong", { id: "fr-code-shown", text: shownCode(here.code, roomRelays()) }))];
  if (here.isHost && relayTag(roomRelays())) parts.push(el("p", { class: "fr-note", id: "fr-code-tag", text: t("friends.codeTagNote") }));
  if (here.isHost) {
    const input = el("input", { id: "fr-link", readonly: true, value: link });
    parts.push(field(t("friends.link"), input),
      el("div", { class: "fr-row" },
        el("button", { type: "button", id: "fr-copy", text: t("friends.copy"), onclick: () => {
          navigator.clipboard?.writeText(link).then(() => say(t("friends.copied")), () => input.select());
        } })),
      el("div", { class: "fr-qr", id: "fr-qr", role: "img", "aria-label": t("friends.qr") }, qrSvg(link)));
  }
  const list = el("ol", { class: "fr-seatlist", id: "fr-seatlist" });
  for (let seat = 0; seat < 4; seat++) {
    const s = here.facts?.seats?.[seat];
    const mark = s?.kind === "friend" ? (s.connected ? t("friends.connected") : t("friends.awayNow")) : s?.kind === "host" ? t("friends.isHost") : t("friends.isBot");
    list.append(el("li", { "data-seat": String(seat) }, el("span", { class: "name", text: seatName(seat) }), el("span", { class: "mark", text: ` · ${mark}` }),
      seat === mySeat() ? el("span", { class: "mark", text: ` · ${t("seat.you")}` }) : "",
      here.isHost && s?.kind === "friend" ? el("button", { type: "button", class: "fr-free", "data-free": String(seat), text: t("friends.free"),
        onclick: () => /** @type {HostRoom} */ (here.room).free(seat) }) : ""));
  }
  parts.push(el("h2", { text: t("friends.seats") }), list);
  parts.push(el("p", { class: "fr-note", text: t("friends.wallNote") }));
  if (here.facts?.settings) {
    const st = here.facts.settings;
    parts.push(el("p", { class: "fr-note", id: "fr-rules", text: t("friends.rulesLine", {
      variant: t(`variant.${st.variant}`), hands: st.hands, clock: st.clock ? t("friends.clockSeconds", { n: st.clock }) : t("friends.clockOff"),
      level: t(`level.${st.level}`) }) }));
  }
  if (here.isHost) {
    for (const a of here.facts?.asking ?? []) parts.push(askingRow(a));
    // mid-match the card's main button goes back to the table; "Play again" is asked first
    const playing = !!view.state && !view.state.match?.is_over;
    parts.push(el("button", { type: "button", class: playing ? "" : "primary", id: "fr-start", text: here.facts?.started ? t("friends.again") : t("friends.start"),
      onclick: () => (here.facts?.started ? askAgain() : startMatch()) }));
  } else if (!here.facts?.started) parts.push(el("p", { class: "fr-note", id: "fr-wait", text: t("friends.waitHost") }));
  if (view.state) parts.push(el("button", { type: "button", id: "fr-hide", class: view.state.match?.is_over ? "" : "primary", text: t("friends.toTable"), onclick: () => {
    card.hidden = true;
    roomButton.focus();
  } }));
  card.replaceChildren(...parts);
}

/** Someone at the door waiting for the host's tap: a seat mid-match, or their seat back. @param {{name: string, seat: number, why: string, id?: string}} a */
function askingRow(a) {
  const h = /** @type {HostRoom} */ (here.room);
  const asking = h.asking.find((x) => x.name === a.name && x.seat === a.seat);
  return el("div", { class: "fr-row fr-asking", "data-asking": String(a.seat) },
    el("p", { text: t(`friends.asking.${a.why === "back" ? "back" : "late"}`, { name: a.name || t("friends.someone"), n: a.seat + 1 }) }),
    el("button", { type: "button", class: "primary fr-let", text: t("friends.let"), onclick: () => asking && h.let(asking.id) }),
    el("button", { type: "button", class: "fr-no", text: t("friends.sayNo"), onclick: () => asking && h.refuse(asking.id) }));
}

// --- the rooms ---------------------------------------------------------------------------------

async function host(settings, name, kept = null) {
  here.isHost = true;
  here.code = here.code || newCode();
  card.replaceChildren(el("p", { text: t("friends.opening") }));
  const h = new HostRoom({ code: here.code, relays: here.relays, settings, name, storage, kept, view: onRoom });
  here.room = h;
  /** @type {any} */ (window).mahjongFriends = { room: h, view, renderer, drawn, timing };
  await h.open();
  if (!kept) history.replaceState(null, "", roomLink({ code: here.code, hostId: h.hostId, relays: here.relays }));
  here.facts = h.roomFacts();
  showRoom();
}

async function guest(target, name, kept) {
  here.isHost = false;
  here.code = target.code;
  card.replaceChildren(el("p", { text: t("friends.knocking") }));
  // the host's relays: the link's when it names them, the default ones when it names none (the host's
  // list is the default then; a typed code with its relays' tag names this browser's list: typedRoom)
  const roomRelays = target.relays ?? [...DEFAULT_RELAYS];
  // the hand's deal checked after it by this page's own engine (started with the first table: seed.js)
  /** @type {import("./guest.js").DealCheck} */
  const check = async (replay, seed, seat, steps) => /** @type {any} */ (await engineCall("deal_check", { replay, deal_seed: seed, seat, steps }, LONG_CALL));
  const g = new GuestRoom({ code: here.code, hostId: target.hostId, relays: roomRelays, name, storage, kept, view: onRoom, check });
  here.room = g;
  /** @type {any} */ (window).mahjongFriends = { room: g, view, renderer, drawn, timing };
  await g.open();
  watchHost(/** @type {any} */ (g), { current: () => here.room === g, say });
}

/** "Play again": at once between matches; mid-match, asked first (every page is told of a new match). */
function askAgain() {
  const s = view.state;
  if (!s || s.match?.is_over) {
    startMatch();
    return;
  }
  const row = el("div", { class: "fr-row", id: "fr-again-ask", role: "alertdialog", "aria-label": t("friends.againAsk") },
    el("p", { text: t("friends.againAsk") }),
    el("button", { type: "button", id: "fr-again-yes", text: t("friends.againYes"), onclick: () => { row.remove(); startMatch(); } }),
    el("button", { type: "button", id: "fr-again-no", text: t("friends.againNo"), onclick: () => row.remove() }));
  $("fr-again-ask")?.remove();
  (card.hidden ? dialogsEl : card).append(row);
  $("fr-again-no")?.focus();
}

async function startMatch() {
  const h = /** @type {HostRoom} */ (here.room);
  $("fr-start")?.setAttribute("disabled", "");
  settle.close();
  if (view.state) card.hidden = true; // "Play again" from the reopened card: back to the table for the new deal
  say(t("friends.dealing"));
  await h.start().catch((e) => say(t("friends.fault", { message: String(e?.message ?? e) }), "warn"));
}

/** What the room tells the page. @param {string} event @param {any} data */
// long: one case per event the room tells the page (host.js, guest.js), each a line or two
function onRoom(event, data = {}) {
  const who = (seat) => (seat >= 0 ? seatName(seat) : t("friends.someone"));
  switch (event) {
    case "relay":
      showRelays(data, { isHost: here.isHost, say });
      return;
    case "room":
      here.facts = data;
      if (!view.state || !card.hidden) showRoom();
      paintSeats();
      return;
    case "joined":
      say(t("friends.joined", { name: data.name }));
      return;
    case "left":
      say(t("friends.left", { name: data.name }));
      return;
    case "asking":
      say(t(`friends.asking.${data.why === "back" ? "back" : "late"}`, { name: data.name || t("friends.someone"), n: data.seat + 1 }), "warn");
      showRoom();
      card.hidden = false;
      return;
    case "asked":
      card.replaceChildren(el("p", { id: "fr-asked", role: "status", text: t("friends.asked") }));
      return;
    case "refusedSit":
      card.replaceChildren(el("p", { class: "fr-problem", role: "alert", text: t(`friends.sitRefused.${data.reason === "name_taken" ? "name_taken" : "host_said_no"}`) }));
      card.hidden = false;
      return;
    case "freed":
      say(t("friends.freed"), "warn");
      return;
    case "again":
      say(t("friends.againSaid"));
      return;
    case "back":
      say(t("friends.back", { name: data.name }));
      return;
    case "away":
      say(t("friends.away", { name: data.name }), "warn");
      return;
    case "full":
      card.replaceChildren(el("p", { class: "fr-problem", role: "alert", text: t("friends.full") }));
      return;
    case "hostAway":
      say(t("friends.hostAway"), "warn", "fr-host-away");
      paintSeats();
      return;
    case "hostBack":
      $("fr-host-away")?.remove();
      say(t("friends.hostBack"));
      paintSeats();
      return;
    case "said":
      if (PHRASES.includes(data.phrase)) say(`${who(data.seat)}: ${t(`friends.phrase.${data.phrase}`)}`, "said");
      return;
    case "playedFor":
      say(t(`friends.playedFor.${data.why === "away" ? "away" : "clock"}`, { name: who(data.seat), action: actionWords(data.action) }));
      return;
    case "refused":
      say(t("friends.refused", { reason: t(`friends.why.${data.reason}`), name: data.name ?? t("friends.someone") }), "warn refused");
      return;
    case "actRefused":
      here.busy = false;
      say(t("friends.actRefused", { action: actionWords(data.action), reason: t(`friends.why.${data.reason}`) }), "warn refused");
      redraw();
      return;
    case "seed":
      if (here.isHost) say(t("friends.seedHost", { n: data.n }));
      else if (data.verdict === "ok") say(t("friends.seedOk"), "", "fr-deal");
      else say(t("friends.seedBad", { why: t(`friends.seedWhy.${SEED_WHY.includes(data.verdict) ? data.verdict : "malformed"}`), name: seatName(0) }), "warn", "fr-deal");
      return;
    case "state":
      took(data.state, data.clock);
      tell(data.state, data.events ?? data.state.events ?? []);
      return;
    case "replay":
      here.lastReplay = data;
      return;
    case "fault":
      say(t("friends.fault", { message: String(data?.message ?? data) }), "warn");
      return;
    default:
  }
}

const SEED_WHY = ["malformed", "mine_missing", "commit_mismatch", "seed_mismatch", "seed_commit", "deal_differs", "play_differs"];

/** The table's events said in the screen reader's region, the others' as well as this seat's (narrate.js). */
function tell(state, events) {
  const name = (seat) => seatName(seat);
  const lines = events.map((ev) => narrate(ev, state, name)).filter(Boolean);
  if (!lines.length) return;
  live.replaceChildren(el("p", { text: lines.join(" ") }));
}

function actionWords(action) {
  const [verb, tile] = String(action ?? "").split(" ");
  const word = t(`action.${verb}`);
  return tile && /^(?:[1-9][mpsz]|[1-8]f)$/.test(tile) ? `${word} ${tileName(tile)}` : word;
}

/** A new table for this seat. */
function took(state, clock) {
  const first = !view.state;
  const newHand = view.state && view.state.match?.hand_number !== state.match?.hand_number;
  if (newHand || (view.state && state.history_length < view.state.history_length)) store.newHand();
  store.setState(state, displayHand(state, viewSeat(state)).length);
  // when this table was drawn, on the machine's clock (bench/friends.py: a tap on one device to the redraw on the others)
  requestAnimationFrame(() => drawn.push({ at: state.history_length, t: performance.timeOrigin + performance.now() }));
  if (drawn.length > 400) drawn.splice(0, 200);
  // the clock's time left, on this page's frame clock (render.js draws view.timer against rAF's `now`)
  store.setTimer(clock ? { deadline: performance.now() + clock.left, total: clock.total } : null);
  // a friend's move on its way stays so until the host has played it (guest.js sends it again)
  here.busy = !here.isHost && !!/** @type {GuestRoom} */ (here.room)?.pending;
  if (first && !here.isHost) startEngine(); // the deal is checked after the hand by this page's engine
  if (first) {
    card.hidden = true;
    phrasesBar.hidden = false;
    roomButton.hidden = false;
  }
  if (state.human_to_move && !state.is_over) sound.play("turn");
  paintSeats();
  if (state.is_over) setTimeout(showSettlement, 600);
  else if (settle.settleOpen) settle.close();
  redraw();
}

function showSettlement() {
  const s = view.state;
  if (!s?.is_over) return;
  const names = [0, 1, 2, 3].map(seatName);
  const extra = [];
  if (here.lastReplay?.replay) {
    extra.push(el("button", { type: "button", id: "fr-replay", text: t("friends.replay"), onclick: async () => {
      const href = `${await replayLink(here.lastReplay.replay, { hand: 0 })}&faces=up`; // every hand face up
      window.open(href, "_blank", "noopener");
    } }));
  }
  const last = s.match.is_over;
  settle.open(s, {
    names,
    onNext: here.isHost && !last ? () => { settle.close(); /** @type {HostRoom} */ (here.room).nextHand(); } : undefined,
    onNewMatch: here.isHost && last ? () => startMatch() : undefined, // the match's end offers it
    extra: here.isHost ? extra : [...extra, el("p", { class: "fr-note", id: "fr-wait-next", text: t("friends.waitNext") })],
  });
  if (!here.isHost) {
    // the host deals the next hand and starts the next match: a friend's settlement waits for it
    for (const id of ["settle-next", "settle-new"]) dialogsEl.querySelector(`#${id}`)?.remove();
  }
  if (here.isHost && !last) {
    const again = el("button", { type: "button", id: "fr-again", text: t("friends.again"), onclick: () => askAgain() });
    dialogsEl.querySelector(".buttons")?.append(again);
  }
}

/** The seats' strip: each name, connected or away, and whose turn it is. */
function paintSeats() {
  const s = view.state;
  seatsBar.replaceChildren();
  if (!here.facts) return;
  for (let seat = 0; seat < 4; seat++) {
    const f = here.facts.seats[seat];
    // a friend away, or on a friend's page the host not heard for a while
    const away = (f.kind === "friend" && !f.connected) || (f.kind === "host" && !here.isHost && !!/** @type {GuestRoom} */ (here.room)?.hostAway);
    const waiting = s && !s.is_over && s.waiting_for.includes(seat);
    const chip = el("span", { class: `fr-chip${waiting ? " turn" : ""}${away ? " away" : ""}`, "data-seat": String(seat) },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("span", { class: "name", text: seat === mySeat() ? `${seatName(seat)} (${t("seat.you")})` : seatName(seat) }),
      away ? el("span", { class: "state", text: ` · ${t("friends.awayNow")}` }) : "",
      waiting ? el("span", { class: "state", text: ` · ${t("friends.thinking")}` }) : "");
    seatsBar.append(chip);
  }
}

// after a phrase the buttons rest a moment: a tap is one phrase (the host paces each seat's too)
const PHRASE_REST_MS = 1500;

function buildPhrases() {
  phrasesBar.replaceChildren(...PHRASES.map((p) => el("button", { type: "button", "data-phrase": p, text: t(`friends.phrase.${p}`), onclick: () => {
    if (here.isHost) /** @type {HostRoom} */ (here.room)?.say(0, p);
    else /** @type {GuestRoom} */ (here.room)?.say(p).catch(() => {});
    const buttons = [...phrasesBar.querySelectorAll("button")];
    for (const b of buttons) b.disabled = true;
    setTimeout(() => { for (const b of buttons) b.disabled = false; }, PHRASE_REST_MS);
  } })));
}

// --- the table ---------------------------------------------------------------------------------

/** This seat's choice: to the host's engine (the host's own page) or over the relay. */
async function act(action) {
  const s = view.state;
  if (!s || !s.human_to_move || here.busy || !s.legal_actions.includes(action)) return;
  here.busy = true;
  timing.sent = { at: s.history_length, t: performance.timeOrigin + performance.now() };
  store.played();
  store.setTimer(null);
  redraw();
  try {
    if (here.isHost) await /** @type {HostRoom} */ (here.room).hostActs(action);
    else await /** @type {GuestRoom} */ (here.room).act(action);
  } catch (error) {
    here.busy = false;
    say(t("friends.actRefused", { action: actionWords(action), reason: String(/** @type {any} */ (error)?.message ?? error) }), "warn");
  }
  if (here.isHost) here.busy = false;
  redraw();
}

/** Pointer and keys -> an intent (input.js) -> its deed (intents.js), played here (no panels to toggle). */
function onIntent(intent) {
  sound.unlock();
  const before = view.ui.selected;
  const deed = deedOf(intent, store, { busy: here.busy, dialogOpen: dialogs.isOpen("") });
  if (view.ui.selected !== before) chose();
  if (deed.focusCanvas && document.activeElement !== canvas) canvas.focus({ preventScroll: true });
  if (deed.say) say(deed.say, "sr");
  if (deed.act) act(deed.act.action).catch(() => {});
  if (deed.redraw) redraw();
  return deed.handled;
}
new Input(canvas, view, onIntent);

/** The tile this seat has selected goes to the host: its clock plays it when it runs out (docs/playing.md). */
function chose() {
  const s = view.state;
  const tile = s ? displayHand(s, viewSeat(s))[view.ui.selected] : null;
  const action = tile ? `discard ${tile.code}` : "";
  if (!s?.human_to_move || !s.legal_actions.includes(action)) return;
  if (here.isHost) /** @type {HostRoom} */ (here.room).hostSelects(action);
  else /** @type {GuestRoom} */ (here.room).select(action);
}

function redraw() {
  if (here.queued) return;
  here.queued = true;
  requestAnimationFrame(frame);
}

function frame(now) {
  here.queued = false;
  renderer.resize();
  const bar = $("fr-top").getBoundingClientRect();
  store.frame({ lang: getLang(), topReserve: Math.ceil(bar.bottom) + 2, actions: view.state ? claims.actionSize() : null,
    toolbar: { right: 0, bottom: 0 } });
  if (view.state) {
    renderer.draw(view, now);
    store.painted(renderer.handRects); // where the hand's tiles answer a tap (input.js)
    const L = renderer.layout;
    const s = view.state;
    /** @type {any[]} */
    const items = s.human_to_move && !here.busy && !settle.settleOpen ? claimItems(s) : [];
    const tiles = displayHand(s, viewSeat(s));
    const sel = tiles[view.ui.selected];
    if (s.human_to_move && !here.busy && sel && s.legal_actions.includes(`discard ${sel.code}`)) {
      items.push({ action: `discard ${sel.code}`, kind: "discard", tile: sel.code });
    }
    claims.setActions(items, L?.actions);
    placeLog(L, bar.bottom);
  }
  store.pruneAnims(now);
  if (view.anims.length || (view.timer && view.state && !view.state.is_over)) redraw();
}
addEventListener("resize", redraw);

// the least room at the board's left (css px) the log moves into: a desktop's, not a phone's
const LOG_BESIDE = 176;

/**
 * The log beside the board, in the room it leaves at its left (a desktop): clear of every seat's
 * tiles. A narrower screen has no such room: the log stays where friends.css puts it, over the felt
 * at the right, for the 12 s a line lasts.
 * @param {any} L the table's layout @param {number} below the seats' strip's bottom (css px)
 */
function placeLog(L, below) {
  const room = L ? L.cx - L.halfW - L.m - 8 : 0;
  const beside = room >= LOG_BESIDE;
  log.classList.toggle("beside", beside);
  log.style.width = beside ? `${Math.floor(Math.min(288, room))}px` : "";
  log.style.top = beside ? `${Math.ceil(below) + 8}px` : "";
}

onLangChange((lang) => {
  translateShell();
  showRelays(null, { isHost: here.isHost, say });
  store.frame({ lang });
  buildPhrases();
  paintSeats();
  if (here.room && !card.hidden) showRoom();
  else if (!here.room) boot();
  redraw();
});

// --- the start: what the link names ------------------------------------------------------------

/** @returns {Promise<void> | void} */
function boot() {
  const target = readRoomHash(location.hash);
  if (!target) return showCreate();
  if ("problem" in target) return showCreate(t(`friends.bad.${target.problem}`));
  here.code = target.code;
  const keptHost = keptRoom(storage, "host", here.code);
  if (keptHost) return host(keptHost.settings, keptHost.seats?.[0]?.name ?? "", keptHost);
  const keptSeat = keptRoom(storage, "seat", here.code);
  if (keptSeat && (!target.hostId || !keptSeat.hostId || keptSeat.hostId === target.hostId)) {
    say(t("friends.returning"));
    return guest(target, cleanName(keptSeat.name) || t("friends.guestName"), keptSeat);
  }
  // a link naming another host: this browser's key for the room is used again, its host kept (guest.js)
  showJoin(target, keptSeat);
}

/** The page's own names in the reader's language: its title, the table's, the card's, the phrases'. */
function translateShell() {
  document.title = `${t("friends.title")} · ${t("game.title")}`;
  canvas.setAttribute("aria-label", t("table.label"));
  card.setAttribute("aria-label", t("friends.roomTitle"));
  phrasesBar.setAttribute("aria-label", t("friends.phrases"));
  roomButton.textContent = t("friends.roomOpen");
}

translateShell();
buildPhrases();
phrasesBar.hidden = true;
boot();
addEventListener("hashchange", () => {
  if (!here.room) boot();
});
