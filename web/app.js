// The controller: settings and URL parameters, the match through the engine bridge
// (window.mahjong._call -> py_engine.bridge.call in the worker), bot pacing, the decision
// timer, animations and sounds from the engine's events, and the public window.mahjong API
// of API.md. Input -> intents -> this controller -> state -> one requestAnimationFrame redraw.

import "./loader.js";
import { t, tileName, setLang, getLang, onLangChange, matchLang } from "./i18n.js";
import { Renderer, displayHand, viewSeat } from "./render.js";
import { Input } from "./input.js";
import { UI } from "./ui.js";
import { Sound } from "./sound.js";
import { narrate, calloutText } from "./narrate.js";
import { createEvents, listenToParent } from "./embed.js";
import { createIntentHandler } from "./intents.js";
import {
  VARIANTS, loadSettings, saveSettings, readParams, decodePosition, encodePosition, safeStored, speedOf,
} from "./settings.js";

const M = window.mahjong;
const canvas = document.getElementById("table");
const { on, emit } = createEvents(); // window.mahjong.on, and the parent's messages (embed.js)
const settings = loadSettings();
const { params, problems } = readParams();
const initialLang = params.lang || matchLang(safeStored("lang")) || matchLang(navigator.language) || "en";
setLang(initialLang);
for (const key of ["variant", "seed", "hands", "level", "hints", "autoplay", "speed"]) {
  if (key in params) settings[key] = params[key];
}
if ("timer" in params) settings.options[settings.variant] = { ...settings.options[settings.variant], timer: params.timer };

// --- the model --------------------------------------------------------------------------------

const view = {
  state: null, // the engine's state (the human seat's observation plus match facts)
  ui: { selected: -1, hover: null, focus: false, hintTile: null, lang: getLang(), topReserve: 0 },
  anims: [],
  timer: null, // {deadline, total} while the human's decision timer runs
};
let optionsSpec = null; // the engine's rule sets and options
let engineReady = false;
let gen = 0; // bumps on every new match: stale answers are dropped
let busy = false; // a human action is in flight
let pumping = 0; // the generation whose bot loop is running
let failed = false; // an engine fault stopped play until a restart
let showTracker = false;
let hint = null;
let autoNextTimer = 0;
let settleTimer = 0;
let lastStep = 0;

const renderer = new Renderer(canvas);
const sound = new Sound();
canvas.tabIndex = 0;
canvas.setAttribute("role", "application");
canvas.setAttribute("aria-roledescription", "mahjong table");

const uiRoot = document.createElement("div");
uiRoot.id = "ui";
document.body.append(uiRoot);
const ui = new UI(uiRoot, {
  openSettings,
  newMatch: (fromError) => startMatch(matchArgs(), { fromError }),
  toggle,
  action: (action) => humanAct(action, "button").catch(() => {}),
  restart: restartHand,
  share: () => shareLink().catch(engineFault),
  quickVariant: (v) => {
    settings.variant = v;
    saveSettings(settings, getLang());
    ui.showQuick(settings, variantsList());
  },
  setLang: (lang) => {
    setLang(lang);
    saveSettings(settings, getLang());
  },
  setLive: (change) => {
    if ("hints" in change) {
      settings.hints = change.hints;
      refreshHints();
    }
    if ("speed" in change) settings.speed = change.speed;
    if ("muted" in change) {
      sound.setMuted(change.muted);
      ui.setSound(change.muted);
    }
    saveSettings(settings, getLang());
  },
  settingsClosed,
});
ui.setSound(sound.muted);
ui.setToggles({ hints: settings.hints, tracker: showTracker });

const onIntent = createIntentHandler({
  view, ui, renderer, sound, canvas, redraw, toggle, isBusy: () => busy,
  humanAct: (...args) => humanAct(...args),
});
new Input(canvas, renderer, onIntent); // pointer and keys -> intents

// --- redraw: one requestAnimationFrame paints whatever changed --------------------------------

let frameQueued = false;
function redraw() {
  if (frameQueued) return;
  frameQueued = true;
  requestAnimationFrame(frame);
}

function frame(now) {
  frameQueued = false;
  renderer.resize();
  view.ui.lang = getLang();
  view.ui.topReserve = renderer.w < 600 ? 72 : 0;
  // wide screens keep the panels beside the table rather than over it
  view.ui.sideReserve = renderer.w >= 1000 && ui.sideOpen() ? ui.side.offsetWidth + 12 : 0;
  renderer.draw(view, now);
  placeOverlay();
  view.anims = view.anims.filter((a) => now < a.t0 + a.dur);
  if (view.anims.length) redraw();
}

function placeOverlay() {
  const L = renderer.layout;
  if (!L) return;
  ui.setActions(actionItems(), L.H - L.stripTop + 6);
}

// The timer redraws four times a second, and ticks in its last five seconds.
setInterval(() => {
  if (!view.timer) return;
  redraw();
  const left = Math.ceil((view.timer.deadline - performance.now()) / 1000);
  if (left <= 5 && left > 0 && left !== view.timer.lastTick) {
    view.timer.lastTick = left;
    sound.play("tick");
  }
}, 250);

window.addEventListener("resize", redraw);
/** The loader's boot words, the canvas's name and the page title in the chosen language. */
function translateShell() {
  M.labels = Object.fromEntries(["runtime", "stdlib", "start", "micropip", "engine", "import", "ready", "failed", "reload"]
    .map((k) => [k, t(`boot.${k}`)]));
  M.refreshProgress?.();
  canvas.setAttribute("aria-label", t("table.label"));
  document.getElementById("boot-bar")?.setAttribute("aria-label", t("boot.progress"));
}
translateShell();

onLangChange((lang) => {
  translateShell();
  view.ui.lang = lang;
  ui.translateToolbar();
  ui.actionsKey = null;
  ui.trackerKey = null;
  updateStatus();
  refreshPanels();
  if (!engineReady) ui.showQuick(settings, variantsList());
  if (ui.settleOpen && view.state?.is_over) showSettlement();
  if (ui.isDialogOpen("settings")) {
    ui.openSettings(settings, optionsSpec, { keepDraft: true });
    document.getElementById("set-lang")?.focus();
  }
  emit("lang", { lang });
  redraw();
});

// --- the engine -----------------------------------------------------------------------------

class EngineError extends Error {
  constructor(answer) {
    super(answer.error || "engine error");
    this.kind = answer.kind || "engine";
    this.legal = answer.legal;
  }
}

async function call(method, args = {}) {
  let answer;
  try {
    answer = await M._call(method, args);
  } catch (error) {
    const e = new EngineError({ error: error.message, kind: "engine" });
    throw e;
  }
  if (!answer.ok) throw new EngineError(answer);
  return answer;
}

/** The page's own address with this moment as its `position` (start position plus history). */
async function shareLink() {
  const { position } = await call("position");
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("variant", position.variant);
  url.searchParams.set("lang", getLang());
  url.searchParams.set("position", encodePosition(position));
  ui.openShare(url.href);
}

function engineFault(error) {
  failed = true;
  stopTimer();
  ui.showError(t("err.engine", { message: error.message }));
  sound.play("error");
  emit("error", { message: error.message, kind: error.kind || "engine" });
  resolveIdle();
}

// --- matches -----------------------------------------------------------------------------------

function variantsList() {
  return optionsSpec ? Object.keys(optionsSpec.variants) : VARIANTS;
}

function matchArgs(extra = {}) {
  return {
    variant: settings.variant,
    options: { ...(settings.options[settings.variant] || {}) },
    hands: settings.hands,
    level: settings.level,
    autoplay: settings.autoplay,
    seed: settings.seed ?? undefined,
    ...extra,
  };
}

/** Start a match (new_match); a bad position falls back to a normal game with a message. */
async function startMatch(args, { fromError = false } = {}) {
  const my = ++gen;
  failed = false;
  busy = false;
  stopTimer();
  clearTimeout(autoNextTimer);
  clearTimeout(settleTimer);
  ui.closeSettlement();
  if (fromError) ui.hideBanner();
  view.anims = [];
  view.ui.selected = -1;
  hint = null;
  const request = { ...args };
  if (request.seed === undefined || request.seed === null) delete request.seed;
  let answer;
  try {
    answer = await call("new_match", request);
  } catch (error) {
    if (my !== gen) return view.state;
    if (request.position && error.kind !== "engine") {
      notice([t("err.position", { message: error.message })]);
      delete request.position;
      return startMatch(request);
    }
    if (error.kind === "invalid") {
      // a bad option or level from an embedding page: say so and play the defaults
      notice([t("err.engine", { message: error.message })]);
      return startMatch({ variant: VARIANTS.includes(request.variant) ? request.variant : "xinyu" });
    }
    engineFault(error);
    throw error;
  }
  if (my !== gen) return view.state;
  setState(answer.state);
  announceHand();
  emit("newGame", { state: view.state });
  afterState();
  return view.state;
}

async function restartHand() {
  ui.hideBanner();
  const my = ++gen;
  failed = false;
  busy = false;
  stopTimer();
  view.anims = [];
  try {
    const answer = await call("restart_hand");
    if (my !== gen) return;
    setState(answer.state);
    announceHand();
    afterState();
  } catch (error) {
    if (my !== gen) return;
    // the hand cannot be dealt again: a new match with the same settings
    startMatch(matchArgs()).catch(() => {});
  }
}

async function nextHand() {
  const s = view.state;
  if (!s || !s.is_over) throw new Error("the hand is not over");
  if (s.match?.is_over) throw new Error("the match is over");
  const my = gen;
  clearTimeout(autoNextTimer);
  clearTimeout(settleTimer);
  const answer = await call("next_hand").catch((error) => {
    engineFault(error);
    throw error;
  });
  if (my !== gen) return view.state;
  ui.closeSettlement();
  view.anims = [];
  view.ui.selected = -1;
  setState(answer.state);
  announceHand();
  afterState();
  return view.state;
}

function setState(state) {
  view.state = state;
  const hand = displayHand(state, viewSeat(state));
  if (view.ui.selected >= hand.length) view.ui.selected = hand.length - 1;
  if (!state.human_to_move) view.ui.hintTile = null;
  updateStatus();
  emit("state", state);
  redraw();
}

function updateStatus() {
  const s = view.state;
  document.title = `${t("title")} · ${t("variant." + (s?.variant || settings.variant))}`;
  if (!s) {
    ui.setStatus(t("variant." + settings.variant));
    return;
  }
  let text = `${t("variant." + s.variant)} · ${t("handOf", { n: s.match.hand_number + 1, total: s.match.hands })}`;
  if (s.autoplay) text += ` · ${t("autoplay")}`;
  ui.setStatus(text);
}

function announceHand() {
  const s = view.state;
  ui.announce(t("ev.newHand", { n: s.match.hand_number + 1, total: s.match.hands, dealer: seatName(s.dealer) }));
}

/** What comes after a new state: the bots move, or the human's turn starts, or the hand ends. */
function afterState() {
  const s = view.state;
  if (!s || failed) return;
  refreshPanels();
  if (s.is_over) {
    handOver();
    return;
  }
  if (s.human_to_move) {
    humanTurn();
    return;
  }
  if (s.bot_to_move) pump();
  else resolveIdle();
}

/** The bots' loop: one bot_step at a time, paced by the speed setting. */
async function pump() {
  if (pumping === gen) return;
  const my = gen;
  pumping = my;
  try {
    while (my === gen && !failed) {
      const s = view.state;
      if (!s || s.is_over || s.human_to_move || !s.bot_to_move) break;
      const wait = speed().bot - (performance.now() - lastStep);
      await sleep(Math.max(0, wait));
      if (my !== gen || failed) break;
      let answer;
      try {
        answer = await call("bot_step");
      } catch (error) {
        if (my === gen) engineFault(error);
        break;
      }
      if (my !== gen) break;
      lastStep = performance.now();
      applyStep(answer);
      if (view.state.is_over || view.state.human_to_move) break;
      if (settings.hints && answer.action?.startsWith("discard")) refreshHints();
    }
  } finally {
    if (pumping === my) pumping = 0;
  }
  if (my === gen && !failed) {
    const s = view.state;
    if (s.is_over) handOver();
    else if (s.human_to_move) humanTurn();
    else if (s.bot_to_move) pump();
  }
}

function speed() {
  return speedOf(settings.speed);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- events: narration, sounds, animations ---------------------------------------------------------

function seatName(seat, s = view.state) {
  if (!s) return String(seat);
  if (s.autoplay) return `${t("seat.spectator." + seat)}`;
  const rel = (seat - viewSeat(s) + 4) % 4;
  return t(`seat.${rel}`);
}

/** A seat's label for the settlement: name and wind. */
function seatLabel(seat, s = view.state) {
  const wind = s.seat_winds?.[seat];
  return wind ? `${seatName(seat, s)} (${t("wind." + wind)})` : seatName(seat, s);
}

/** A new state and its events: narration, sounds and animations (origin: where the player's tile left from). */
function applyStep(answer, origin) {
  setState(answer.state);
  const events = answer.events || [];
  const lines = [];
  const now = performance.now();
  const sp = speed();
  const s = view.state;
  const me = viewSeat(s);
  for (const ev of events) {
    const line = narrate(ev, s, seatName);
    if (line) lines.push(line);
    emit("event", ev);
    switch (ev.type) {
      case "discard": {
        sound.play("discard");
        if (sp.fly > 0) {
          const index = s.discards[ev.seat].length - 1;
          const from = ev.seat === me && origin ? origin : renderer.handScreen(ev.seat);
          view.anims.push({
            type: "fly", tile: ev.covered && !ev.tile ? null : ev.tile, from, t0: now, dur: sp.fly,
            to: () => renderer.discardScreen(ev.seat, index), hide: `d${ev.seat}:${index}`,
          });
        }
        break;
      }
      case "draw":
        if (ev.seat === me && ev.tile) {
          sound.play("draw");
          if (sp.fly > 0) view.anims.push({ type: "draw", t0: now, dur: sp.fly * 1.2 });
        }
        break;
      case "pong":
      case "kong":
      case "swim":
      case "win":
        sound.play(ev.type === "win" ? "win" : ev.type === "kong" ? "kong" : "claim");
        if (sp.callout > 0) {
          view.anims.push({
            type: "callout", text: calloutText(ev), t0: now, dur: sp.callout * (ev.type === "win" ? 1.6 : 1),
            at: () => renderer.calloutAt(ev.seat),
          });
        }
        break;
      case "draw_game":
        sound.play("draw_game");
        break;
      default:
        break;
    }
  }
  if (lines.length) ui.announce(lines.join(" "));
  redraw();
}

// --- the human's turn ----------------------------------------------------------------------------

function humanTurn() {
  const s = view.state;
  const legal = s.legal_actions;
  const canDiscard = legal.some((a) => a.startsWith("discard "));
  if (canDiscard) {
    ui.announce(t("ev.yourTurn"));
    if (view.ui.focus && view.ui.selected < 0) view.ui.selected = displayHand(s, viewSeat(s)).length - 1;
  } else {
    const last = s.last_discard?.tile;
    const names = claimItems(s).map((i) => t(`action.${i.kind}`)).join(", ");
    if (s.phase === "rob_gold") ui.announce(t("ev.claim.rob_gold", { tile: tileName(s.gold), actions: names }));
    else if (s.phase === "rob_kong" || s.phase === "three_golds") ui.announce(t(`ev.claim.${s.phase}`, { actions: names }));
    else ui.announce(t("ev.claim", { tile: last ? tileName(last) : "", actions: names }));
  }
  sound.play("turn");
  startTimer();
  refreshHints();
  emit("turn", { legal: [...legal], state: s });
  resolveIdle();
  redraw();
}

/** Buttons for the legal choices other than plain discards (and the selected tile's discard). */
function claimItems(s) {
  const items = [];
  for (const action of s.legal_actions) {
    const [verb, tile] = action.split(" ");
    if (verb === "discard") continue;
    items.push({ action, kind: verb, tile: tile || null });
  }
  return items;
}

function actionItems() {
  const s = view.state;
  if (!s || !s.human_to_move || busy || failed || ui.settleOpen) return [];
  const items = claimItems(s).map((item) => ({ ...item, suggested: !!hint && hint.suggested === item.action }));
  const tiles = displayHand(s, viewSeat(s));
  const sel = tiles[view.ui.selected];
  if (sel && s.legal_actions.includes(`discard ${sel.code}`)) {
    items.push({ action: `discard ${sel.code}`, kind: "discard", tile: sel.code });
  }
  return items;
}

async function humanAct(action, source = "api", origin = null) {
  const s = view.state;
  if (!s) throw new Error("no game yet");
  if (failed) throw new Error("the engine failed: restart the hand");
  if (!s.human_to_move) throw new Error("it is not your turn");
  if (busy) throw new Error("an action is already being played");
  if (!s.legal_actions.includes(action)) {
    const error = new Error(`illegal action ${JSON.stringify(action)}; legal: ${s.legal_actions.join(", ")}`);
    error.legal = [...s.legal_actions];
    throw error;
  }
  const my = gen;
  busy = true;
  stopTimer();
  if (!origin && (action.startsWith("discard ") || action.startsWith("swim "))) {
    origin = handTileOrigin(action.split(" ")[1]);
  }
  let answer;
  try {
    answer = await call("act", { action });
  } catch (error) {
    busy = false;
    if (my !== gen) throw error;
    if (error.kind === "illegal") {
      ui.announce(t("err.illegal", { message: error.message }));
      startTimer();
    } else engineFault(error);
    throw error;
  }
  busy = false;
  if (my !== gen) return { events: answer.events, state: view.state };
  view.ui.selected = -1;
  view.ui.hover = null;
  if (hint?.suggested) hint = null; // its suggestion was for the move just played
  applyStep(answer, origin);
  emit("action", { action, source });
  afterState();
  return { events: answer.events, state: view.state };
}

function handTileOrigin(code) {
  const s = view.state;
  const tiles = displayHand(s, viewSeat(s));
  let index = view.ui.selected >= 0 && tiles[view.ui.selected]?.code === code ? view.ui.selected : -1;
  if (index < 0) index = tiles.map((x) => x.code).lastIndexOf(code);
  const at = renderer.handTileScreen(index);
  if (at && index === view.ui.selected) at.y -= renderer.layout.lift;
  return at;
}

function startTimer() {
  stopTimer();
  const s = view.state;
  const seconds = Number(s?.options?.timer || 0);
  if (!seconds || s.autoplay || !s.human_to_move) return;
  const my = gen;
  const moment = s.history_length;
  const total = seconds * 1000;
  view.timer = { deadline: performance.now() + total, total };
  view.timerHandle = setTimeout(() => onTimeout(my, moment), total);
}

function stopTimer() {
  clearTimeout(view.timerHandle);
  view.timer = null;
}

async function onTimeout(my, moment) {
  const s = view.state;
  if (my !== gen || !s || !s.human_to_move || s.history_length !== moment || busy) return;
  if (ui.isDialogOpen("settings") || ui.isDialogOpen("help")) {
    startTimer(); // paused while a dialog is open: start over when it closes
    return;
  }
  busy = true;
  stopTimer();
  let answer;
  try {
    answer = await call("timeout");
  } catch (error) {
    busy = false;
    if (my === gen) engineFault(error);
    return;
  }
  busy = false;
  if (my !== gen) return;
  ui.announce(t("ev.timeout", { action: actionName(answer.action) }));
  view.ui.selected = -1;
  const origin = answer.action?.startsWith("discard ") ? handTileOrigin(answer.action.split(" ")[1]) : null;
  applyStep(answer, origin);
  emit("timeout", { action: answer.action });
  afterState();
}

function actionName(action) {
  if (!action) return "";
  const [verb, tile] = action.split(" ");
  return tile ? `${t("action." + verb)} ${tileName(tile)}` : t("action." + verb);
}

// --- hints and tracker ------------------------------------------------------------------------------

function toggle(what) {
  if (what === "tracker") showTracker = !showTracker;
  if (what === "hints") {
    settings.hints = !settings.hints;
    saveSettings(settings, getLang());
    refreshHints();
  }
  if (what === "sound") {
    sound.setMuted(!sound.muted);
    ui.setSound(sound.muted);
  }
  ui.setToggles({ hints: settings.hints, tracker: showTracker });
  refreshPanels();
}

function refreshPanels() {
  const s = view.state;
  ui.showTracker(showTracker && !!s, s?.unseen);
  ui.showHints(settings.hints && !!s && !s.autoplay && !s.is_over && (s.human_to_move || !!hint), hint);
  ui.setToggles({ hints: settings.hints, tracker: showTracker });
  redraw();
}

async function refreshHints() {
  const s = view.state;
  view.ui.hintTile = null;
  // on the player's turn, and after another player's discard (waits; why that tile cannot be won on);
  // the last hint stays up until the next one arrives, so the panel does not flicker between moves
  const othersDiscard = !!(s && s.last_discard && s.last_discard.seat !== s.human);
  if (s && !s.human_to_move && hint?.suggested) hint = null; // a suggestion for a turn already played
  if (!settings.hints || !s || s.autoplay || s.is_over || !(s.human_to_move || othersDiscard)) {
    hint = null;
    refreshPanels();
    return;
  }
  const moment = s.history_length;
  const my = gen;
  try {
    const answer = await call("hint");
    if (my !== gen || view.state.history_length !== moment) return;
    hint = answer.hint;
    const suggested = hint?.suggested ? String(hint.suggested).split(" ") : [];
    view.ui.hintTile = suggested[0] === "discard" || suggested[0] === "swim" ? suggested[1] : null;
  } catch {
    hint = null; // a hint is a nicety: its failure is not the game's
  }
  refreshPanels();
  redraw();
}

// --- the end of a hand --------------------------------------------------------------------------------

function handOver() {
  const s = view.state;
  stopTimer();
  refreshPanels();
  clearTimeout(settleTimer);
  const my = gen;
  const number = s.match.hand_number;
  emit("handEnd", { result: s.result, hand: number, state: s });
  if (s.match.is_over) {
    ui.announce(t("ev.matchOver"));
    emit("matchEnd", { scores: s.result.scores, results: s.match.results, state: s });
  }
  resolveIdle();
  settleTimer = setTimeout(() => {
    if (my !== gen || view.state?.match.hand_number !== number || !view.state.is_over) return;
    showSettlement();
    if (s.autoplay && !s.match.is_over) {
      autoNextTimer = setTimeout(() => {
        if (my === gen && view.state?.is_over && view.state.match.hand_number === number) nextHand().catch(() => {});
      }, speed().autoNext);
    }
  }, speed().settle);
}

function showSettlement() {
  const s = view.state;
  if (!s?.is_over) return;
  const names = [0, 1, 2, 3].map((seat) => seatLabel(seat, s));
  ui.openSettlement(s, {
    names,
    onNext: () => nextHand().catch(() => {}),
    onNewMatch: () => startMatch(matchArgs()).catch(() => {}),
  });
  redraw();
}

// --- intents from the pointer and the keyboard: see intents.js ------------------------------

// --- settings ------------------------------------------------------------------------------

let dealWhenClosed = false;

/** Settings; the toolbar's "new match" opens them too, with "Start a new match" focused. */
function openSettings(focusStart = false) {
  ui.openSettings(settings, optionsSpec, { focusStart: focusStart === true });
}

function settingsClosed(draft) {
  if (draft) {
    Object.assign(settings, {
      variant: draft.variant, options: draft.options, hands: draft.hands, level: draft.level,
      autoplay: draft.autoplay, seed: draft.seed,
    });
    saveSettings(settings, getLang());
    if (!engineReady) {
      ui.showQuick(settings, variantsList());
      return;
    }
    startMatch(matchArgs()).catch(() => {});
    return;
  }
  if (dealWhenClosed) {
    dealWhenClosed = false;
    firstDeal();
  }
  if (view.state?.human_to_move && !view.timer) startTimer();
}

// --- a parent page's requests: see embed.js ---------------------------------------------------

listenToParent(() => ({ newGame, act: (a) => humanAct(a?.action ?? a, "message"), nextHand, state: () => view.state, legal }));

// --- idle: the page waits for nobody but the human ----------------------------------------------

let idleWaiters = [];
function isIdle() {
  const s = view.state;
  if (failed) return true;
  if (!s || busy || pumping) return false;
  return s.is_over || s.human_to_move || !s.bot_to_move;
}
function resolveIdle() {
  if (!isIdle() || !idleWaiters.length) return;
  // after the next frame, so that the table on screen shows this state
  requestAnimationFrame(() => {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w(view.state);
  });
}
function idle() {
  return new Promise((resolve) => {
    idleWaiters.push(resolve);
    queueMicrotask(resolveIdle);
  });
}

// --- the public API (API.md, The page) -----------------------------------------------------

function legal() {
  const s = view.state;
  return s && s.human_to_move ? [...s.legal_actions] : [];
}

async function newGame(args = {}) {
  await M.ready;
  const given = { ...args };
  if (given.variant) settings.variant = given.variant;
  if (given.level) settings.level = given.level;
  if (given.hands) settings.hands = given.hands;
  if ("hints" in given) settings.hints = !!given.hints;
  if ("speed" in given) settings.speed = given.speed;
  if ("autoplay" in given) settings.autoplay = !!given.autoplay;
  delete given.hints;
  delete given.speed;
  const request = matchArgs({ ...given, options: given.options ?? settings.options[given.variant || settings.variant] ?? {} });
  if (!("seed" in given)) request.seed = undefined;
  dealWhenClosed = false;
  ui.closeDialog("settings");
  ui.hideQuick();
  firstDealt = true;
  return startMatch(request);
}

Object.assign(M, {
  newGame,
  state: () => view.state,
  legal,
  act: (action) => humanAct(action, "api"),
  nextHand,
  on,
  idle,
  encodePosition,
  decodePosition,
  settings: () => ({ ...settings, lang: getLang() }),
  setLang: (lang) => setLang(matchLang(lang) || lang),
  _view: view,
  _renderer: renderer,
});

// --- boot -----------------------------------------------------------------------------------

let firstDealt = false;

function notice(messages) {
  ui.showNotice(messages);
  emit("notice", { messages });
}

async function firstDeal() {
  if (firstDealt) return;
  if (ui.isDialogOpen("settings")) {
    dealWhenClosed = true;
    return;
  }
  firstDealt = true;
  ui.hideQuick();
  try {
    await startMatch(matchArgs(params.position ? { position: params.position } : {}));
    requestAnimationFrame(() => {
      if (M.timing) M.timing.table = performance.now(); // the first playable table is painted
    });
    emit("ready", { state: view.state });
  } catch (error) {
    // shown by engineFault; the error banner offers a restart
  }
}

if (problems.length) {
  notice(problems.map((p) => t("err.param", { name: p.name, value: p.value, why: t(`err.why.${p.why}`) })));
}
updateStatus();
if (!M.timing?.ready) ui.showQuick(settings, variantsList());
redraw();

M.ready.then(async () => {
  engineReady = true;
  try {
    const answer = await call("options");
    optionsSpec = answer.options;
    // drop stored options the engine no longer knows
    for (const [variant, chosen] of Object.entries(settings.options)) {
      const known = optionsSpec.variants[variant]?.options || {};
      for (const [k, v] of Object.entries(chosen || {})) {
        if (!(k in known) || !known[k].includes(v)) delete chosen[k];
      }
    }
  } catch {
    optionsSpec = null; // an older engine without `options`: the settings offer what they know
  }
  if (ui.isDialogOpen("settings")) ui.openSettings(settings, optionsSpec, { keepDraft: true });
  await firstDeal();
}, () => {
  ui.hideQuick(); // the loader shows the failure and a reload button
});

// An error in the page itself must not leave it dead: show it, offer a restart.
window.addEventListener("error", (e) => {
  if (!e.error) return;
  ui.showError(t("err.engine", { message: e.message }));
});
window.addEventListener("unhandledrejection", (e) => {
  if (e.reason instanceof EngineError) return; // already shown
});

