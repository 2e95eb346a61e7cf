// The controller: the settings, the match through the engine bridge (bridge.js), a new state
// and what comes after it, the human's turn, the end of a hand, and the boot. Its parts live
// beside it: share.js (URL parameters, share links), loop.js (the bots' loop), steps.js
// (narration, sounds, animations from the engine's events), panels.js (hints, tile tracker,
// toggles), timer.js (the decision timer), api.js (the public window.mahjong of API.md),
// intents.js (what a tap or a key means).
// Input -> intents -> this controller -> state -> one requestAnimationFrame redraw.

import "./loader.js";
import { t, tileName, setLang, getLang, onLangChange } from "./i18n.js";
import { claimItems as claimItemsOf } from "./claims.js";
import { Renderer, displayHand, viewSeat } from "./render.js";
import { Input } from "./input.js";
import { UI } from "./ui.js";
import { Sound } from "./sound.js";
import { createEvents } from "./embed.js";
import { createIntentHandler } from "./intents.js";
import { VARIANTS, loadSettings, saveSettings, speedOf } from "./settings.js";
import { call, newMatch } from "./bridge.js";
import { applyUrl, problemNotices, shareLink } from "./share.js";
import { createSteps } from "./steps.js";
import { createPanels } from "./panels.js";
import { createTimer } from "./timer.js";
import { installApi } from "./api.js";
import { createBotLoop } from "./loop.js";

const M = window.mahjong;
const canvas = document.getElementById("table");
const { on, emit } = createEvents(); // window.mahjong.on, and the parent's messages (embed.js)
const settings = loadSettings();
const { params, problems, lang: initialLang } = applyUrl(settings);
setLang(initialLang);

// --- the model --------------------------------------------------------------------------------

const view = {
  state: null, // the engine's state (the human seat's observation plus match facts)
  ui: { selected: -1, hover: null, focus: false, hintTile: null, lang: getLang(), topReserve: 0 },
  anims: [],
  timer: null, // {deadline, total} while the human's decision timer runs
};
/** What is running: shared with the parts, which read gen to drop the answers of an older match. */
const run = {
  gen: 0, // bumps on every new match: stale answers are dropped
  busy: false, // a human action is in flight
  pumping: 0, // the generation whose bot loop is running
  failed: false, // an engine fault stopped play until a restart
};
let optionsSpec = null; // the engine's rule sets and options
let engineReady = false;
let autoNextTimer = 0;
let settleTimer = 0;
let firstDealt = false;
let dealWhenClosed = false;

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
  toggle: (what) => panels.toggle(what),
  action: (action) => humanAct(action, "button").catch(() => {}),
  restart: restartHand,
  share: () => shareLink().then((link) => ui.openShare(link)).catch(engineFault),
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
      panels.refreshHints();
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

const panels = createPanels({ view, ui, sound, settings, run, redraw });
const steps = createSteps({ view, ui, renderer, sound, emit, setState, speed, redraw });
const loop = createBotLoop({
  view, run, settings, steps, panels, speed, redraw, onFault: engineFault,
  settled: () => {
    const s = view.state;
    if (s.is_over) handOver();
    else if (s.human_to_move) humanTurn();
    else if (s.bot_to_move) loop.pump();
  },
});
const timer = createTimer({ view, ui, sound, run, redraw, onFault: engineFault, played: timedOut });
const { resolveIdle } = installApi({
  view, run, settings, renderer, on, matchArgs, startMatch, humanAct, nextHand,
  beforeNewGame: () => {
    dealWhenClosed = false;
    ui.closeDialog("settings");
    ui.hideQuick();
    firstDealt = true;
  },
});
ui.setSound(sound.muted);
ui.setToggles({ hints: settings.hints, tracker: panels.showTracker });

const onIntent = createIntentHandler({
  view, ui, renderer, sound, canvas, redraw, toggle: panels.toggle, isBusy: () => run.busy,
  humanAct: (...args) => humanAct(...args),
});
new Input(canvas, renderer, onIntent); // pointer and keys -> intents

// --- redraw: one requestAnimationFrame paints whatever changed --------------------------------

let frameQueued = false;
let handedOver = false;
function redraw() {
  if (frameQueued) return;
  frameQueued = true;
  requestAnimationFrame(frame);
}

function frame(now) {
  frameQueued = false;
  renderer.resize();
  view.ui.lang = getLang();
  Object.assign(view.ui, panels.dock(renderer.w, renderer.h)); // the room the panels take
  // the claim buttons' size (measured once a hand is dealt: no buttons show before, and the
  // measuring stays out of the boot), and the toolbar's box
  view.ui.actions = view.state ? ui.actionSize() : null;
  view.ui.toolbar = ui.toolbarBox();
  renderer.draw(view, now);
  if (!handedOver) M.handOver?.(); // the loader's placeholder paints no more
  handedOver = true;
  placeOverlay();
  panels.fit(renderer.layout);
  view.anims = view.anims.filter((a) => now < a.t0 + a.dur);
  if (view.anims.length || view.thinking) redraw();
}

function placeOverlay() {
  const L = renderer.layout;
  if (!L) return;
  ui.setActions(actionItems(), L.actions);
}

window.addEventListener("resize", redraw);
/** The loader's boot words, the canvas's name and the page title in the chosen language. */
function translateShell() {
  M.labels = Object.fromEntries(["runtime", "stdlib", "start", "micropip", "engine", "import", "ready", "failed", "reload", "mb"]
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
  panels.refresh();
  if (!engineReady) ui.showQuick(settings, variantsList());
  if (ui.settleOpen && view.state?.is_over) showSettlement();
  if (ui.isDialogOpen("settings")) {
    ui.openSettings(settings, optionsSpec, { keepDraft: true });
    document.getElementById("set-lang")?.focus();
  }
  emit("lang", { lang });
  redraw();
});

function engineFault(error) {
  if (error.kind === "stale") return; // an older match's answer: nothing to report
  run.failed = true;
  timer.stop();
  ui.showError(t("err.engine", { message: error.message }));
  sound.play("error");
  emit("error", { message: error.message, kind: error.kind || "engine" });
  resolveIdle();
}

function notice(messages) {
  ui.showNotice(messages);
  emit("notice", { messages });
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
  const my = ++run.gen;
  newMatch();
  run.failed = false;
  run.busy = false;
  timer.stop();
  clearTimeout(autoNextTimer);
  clearTimeout(settleTimer);
  ui.closeSettlement();
  if (fromError) ui.hideBanner();
  view.anims = [];
  view.ui.selected = -1;
  panels.clear();
  const request = { ...args };
  if (request.seed === undefined || request.seed === null) delete request.seed;
  let answer;
  try {
    answer = await call("new_match", request);
  } catch (error) {
    if (my !== run.gen) return view.state;
    if (request.position && error.kind !== "engine") {
      notice([t("err.position", { message: error.message })]);
      delete request.position;
      return startMatch(request);
    }
    if (error.kind === "invalid") {
      // a bad option or level from an embedding page: say so and play the defaults
      notice([t("err.invalid", { message: error.message })]);
      return startMatch({ variant: VARIANTS.includes(request.variant) ? request.variant : "xinyu" });
    }
    engineFault(error);
    throw error;
  }
  if (my !== run.gen) return view.state;
  setState(answer.state);
  announceHand();
  emit("newGame", { state: view.state });
  afterState();
  return view.state;
}

async function restartHand() {
  ui.hideBanner();
  const my = ++run.gen;
  newMatch();
  run.failed = false;
  run.busy = false;
  timer.stop();
  view.anims = [];
  try {
    const answer = await call("restart_hand");
    if (my !== run.gen) return;
    setState(answer.state);
    announceHand();
    afterState();
  } catch (error) {
    if (my !== run.gen) return;
    // the hand cannot be dealt again: a new match with the same settings
    startMatch(matchArgs()).catch(() => {});
  }
}

async function nextHand() {
  const s = view.state;
  if (!s || !s.is_over) throw new Error("the hand is not over");
  if (s.match?.is_over) throw new Error("the match is over");
  const my = run.gen;
  clearTimeout(autoNextTimer);
  clearTimeout(settleTimer);
  const answer = await call("next_hand").catch((error) => {
    engineFault(error);
    throw error;
  });
  if (my !== run.gen) return view.state;
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
  const line = t("ev.newHand", { n: s.match.hand_number + 1, total: s.match.hands, dealer: steps.seatName(s.dealer) });
  ui.announce([line, ...steps.dealt()].join(" ")); // and the deal's moments: the gold turned (moments.js)
}

/** What comes after a new state: the bots move, or the human's turn starts, or the hand ends. */
function afterState() {
  const s = view.state;
  if (!s || run.failed) return;
  panels.refresh();
  if (s.is_over) {
    handOver();
    return;
  }
  if (s.human_to_move) {
    humanTurn();
    return;
  }
  if (s.bot_to_move) loop.pump();
  else resolveIdle();
}

function speed() {
  return speedOf(settings.speed);
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
    const names = claimItems(s).map((i) => i.word).join(", ");
    if (s.phase === "rob_gold") ui.announce(t("ev.claim.rob_gold", { tile: tileName(s.gold), actions: names }));
    else if (s.phase === "rob_kong" || s.phase === "three_golds") ui.announce(t(`ev.claim.${s.phase}`, { actions: names }));
    else ui.announce(t("ev.claim", { tile: last ? tileName(last) : "", actions: names }));
  }
  sound.play("turn");
  timer.start();
  panels.refreshHints();
  emit("turn", { legal: [...legal], state: s });
  resolveIdle();
  redraw();
}

/** Buttons for the legal choices other than plain discards: claims.js, from the engine's actions. */
function claimItems(s) {
  return claimItemsOf(s, getLang());
}

function actionItems() {
  const s = view.state;
  if (!s || !s.human_to_move || run.busy || run.failed || ui.settleOpen) return [];
  const items = claimItems(s).map((item) => ({ ...item, suggested: panels.suggested() === item.action }));
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
  if (run.failed) throw new Error("the engine failed: restart the hand");
  if (!s.human_to_move) throw new Error("it is not your turn");
  if (run.busy) throw new Error("an action is already being played");
  if (!s.legal_actions.includes(action)) {
    const error = new Error(`illegal action ${JSON.stringify(action)}; legal: ${s.legal_actions.join(", ")}`);
    error.legal = [...s.legal_actions];
    throw error;
  }
  const my = run.gen;
  run.busy = true;
  timer.stop();
  if (!origin && (action.startsWith("discard ") || action.startsWith("swim "))) {
    origin = handTileOrigin(action.split(" ")[1]);
  }
  let answer;
  try {
    answer = await call("act", { action });
  } catch (error) {
    run.busy = false;
    if (my !== run.gen) throw error;
    if (error.kind === "illegal") {
      ui.announce(t("err.illegal", { message: error.message }));
      timer.start();
    } else engineFault(error);
    throw error;
  }
  run.busy = false;
  if (my !== run.gen) return { events: answer.events, state: view.state };
  view.ui.selected = -1;
  view.ui.hover = null;
  panels.played(); // its suggestion was for the move just played
  steps.applyStep(answer, origin);
  emit("action", { action, source });
  afterState();
  return { events: answer.events, state: view.state };
}

/** The move the engine made for the player when the decision timer ran out. */
function timedOut(answer) {
  view.ui.selected = -1;
  const origin = answer.action?.startsWith("discard ") ? handTileOrigin(answer.action.split(" ")[1]) : null;
  steps.applyStep(answer, origin, { timeout: answer.action }); // "Time ran out: 5p discarded for you"
  emit("timeout", { action: answer.action });
  afterState();
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

// --- the end of a hand --------------------------------------------------------------------------------

function handOver() {
  const s = view.state;
  timer.stop();
  panels.refresh();
  clearTimeout(settleTimer);
  const my = run.gen;
  const number = s.match.hand_number;
  emit("handEnd", { result: s.result, hand: number, state: s });
  if (s.match.is_over) {
    ui.announce(t("ev.matchOver"));
    emit("matchEnd", { scores: s.result.scores, results: s.match.results, state: s });
  }
  resolveIdle();
  settleTimer = setTimeout(() => {
    if (my !== run.gen || view.state?.match.hand_number !== number || !view.state.is_over) return;
    showSettlement();
    if (s.autoplay && !s.match.is_over) {
      autoNextTimer = setTimeout(() => {
        if (my === run.gen && view.state?.is_over && view.state.match.hand_number === number) nextHand().catch(() => {});
      }, speed().autoNext);
    }
  }, speed().settle);
}

function showSettlement() {
  const s = view.state;
  if (!s?.is_over) return;
  const names = [0, 1, 2, 3].map((seat) => steps.seatLabel(seat, s));
  ui.openSettlement(s, {
    names,
    onNext: () => nextHand().catch(() => {}),
    onNewMatch: () => startMatch(matchArgs()).catch(() => {}),
  });
  redraw();
}

// --- settings ------------------------------------------------------------------------------

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
  if (view.state?.human_to_move && !view.timer) timer.start();
}

// --- boot -----------------------------------------------------------------------------------

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

// The rule options written at build time (build.py), for the settings before the engine is up.
fetch("./options.json").then((r) => (r.ok ? r.json() : null)).then((data) => {
  if (engineReady || !data?.options) return;
  optionsSpec = data.options;
  if (ui.isDialogOpen("settings")) ui.openSettings(settings, optionsSpec, { keepDraft: true });
}).catch(() => {}); // the settings offer what they know

if (problems.length) notice(problemNotices(problems));
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
