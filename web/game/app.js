// The controller: the settings, the match through the engine (engine.js's call), a new state
// and what comes after it, the human's turn, the end of a hand, and the boot. Its parts live
// beside it: share.js (URL parameters, share links), loop.js (the bots' loop), steps.js
// (narration, sounds, animations from the engine's events), panels.js (hints, tile tracker,
// toggles), timer.js (the decision timer), api.js (the public window.mahjong of API.md),
// intents.js (what a tap or a key means).
// Input -> intents -> this controller -> the engine -> the store -> one requestAnimationFrame redraw.

import "../shell/loader.js";
import { t, setLang, getLang, onLangChange } from "../i18n/i18n.js";
import { Renderer } from "../table/render.js";
import { displayHand, viewSeat, isOwnDiscardTurn } from "../table/model.js";
import { claimItems } from "../overlay/claims.js";
import { Input } from "../table/input.js";
import { UI } from "../overlay/ui.js";
import { Sound } from "../table/sound.js";
import { createEvents } from "./embed.js";
import { deedOf } from "./intents.js";
import { readSettings, saveSettings, choose, speedOf, ownAgain, ownValue, isChosen, isVisitOnly, setForVisit } from "../keep/settings.js";
import { startEngine, EngineError, call, shorten } from "../engine/engine.js";
import { createStore } from "../table/store.js";
import { loadCatalog, fromEngine, variantsOf, keepKnownOptions } from "../engine/catalog.js";
import { applyUrl, problemNotices, shareLinks } from "./share.js";
import { createSteps } from "../table/steps.js";
import { createPanels } from "./panels.js";
import { createTimer } from "./timer.js";
import { installApi } from "./api.js";
import { createBotLoop } from "./loop.js";
import { createKeeper, dailyLink, matchLink } from "./keeper.js";
import { openPage } from "../shell/page.js";
import { showKeepNote, placeKeepNote } from "../shell/storage-note.js";
import { createPrompt } from "../overlay/prompt.js";
import { changedChoices } from "../overlay/settings-dialog.js";
import { createWelcome } from "./welcome.js";
import { createCoach, wantsCoach } from "./coach.js";
import { readRecord, addLine, lineOf, figures } from "../keep/record.js";
import { probeStorage } from "../shell/storage.js";

openPage("game", { theme: "dark", embed: true }); // language (query, hash, stored, browser), tile script, the felt's dark look, heights
const M = window.mahjong;
const canvas = document.getElementById("table");
const engine = startEngine();
/**
 * The controller's own state, beside the store's (the table's view and the match's run): one
 * object, so that a reader finds every field the controller keeps in one place.
 */
const page = {
  /** @type {any} the engine's lists (rule sets, options, levels, match lengths): options.json, then the engine's own */
  catalog: await loadCatalog(engine).catch(() => null),
  engineReady: false, // the engine has started (M.ready): a match may be dealt
  firstDealt: false, // the first match of the visit is dealt (or being dealt)
  dealWhenClosed: false, // the first deal waits for the settings dialog to close
  dailyMatch: false, // the match on the table is the deal of the day (named on the table's status line)
  /** @type {any} the save the last move's answer brought, for the state it brought (tookState) */
  pendingSave: null,
  autoNextTimer: 0, // four bots: the next hand's deal after a settlement
  settleTimer: 0, // the settlement's opening after a hand ends
  frameQueued: false, // a requestAnimationFrame is asked for (redraw)
  handedOver: false, // the loader's placeholder table has been replaced by the first frame
  recorded: -1, // the match whose line is in the player's record (its generation)
  firstWinHand: "", // the hand whose settlement is the player's first win ("generation:number"), once decided
};
await M.styles; // ui.css, asked for after the boot card's first paint (loader.js)
const { settings, dropped: settingsDropped } = readSettings(page.catalog); // each stored value checked (settings.js)
const { params, problems, lang: initialLang } = applyUrl(settings, page.catalog);
setLang(initialLang);
// a newcomer's first match (no hand played to its end here) is against easy bots unless they chose a
// level (Settings shows it, and choosing there makes it theirs); once a hand is played, their own
const newcomerEasy = !settings.played && !settings.autoplay && !isChosen("level") && window.parent === window; // (an embedding page chooses)
if (newcomerEasy) setForVisit(settings, { level: "easy" });
const { on, emit } = createEvents({ origins: params.origins }); // window.mahjong.on, and the parent's messages (embed.js)

// --- the model: one store (store.js), read by the renderer and the panels ---------------------

const store = createStore(engine, getLang());
const { view, run } = store;

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
  share: () => shareLinks({ puzzle: isOwnDiscardTurn(view.state), seat: view.state?.human ?? 0 }).then((links) => ui.openShare(links)).catch(engineFault),
  quickVariant: (v) => {
    choose(settings, { variant: v }, getLang());
    ui.showQuick(settings, variantsOf(page.catalog));
    welcome.refresh();
  },
  setLang: (lang) => {
    setLang(lang);
    saveSettings(settings, getLang());
  },
  setLive: (change) => {
    if ("clock" in change) {
      timer.chosen(change.clock.variant, change.clock.seconds); // at once, to the match now playing
      return;
    }
    if ("muted" in change) {
      sound.setMuted(change.muted);
      ui.setSound(change.muted);
    }
    const { muted: _muted, ...chosen } = change;
    choose(settings, chosen, getLang());
    if ("hints" in change) panels.refreshHints();
  },
  settingsClosed,
});

// a newcomer's choice of game (each rule set's course and table), the toolbar's course
const welcome = createWelcome({
  root: uiRoot, settings, variants: () => variantsOf(page.catalog),
  play: (variant) => {
    if (variant !== settings.variant) choose(settings, { variant }, getLang());
    if (!page.engineReady) ui.showQuick(settings, variantsOf(page.catalog)); // the first deal plays it
    else if (page.firstDealt && view.state?.variant !== variant) startMatch(matchArgs()).catch(() => {});
  },
});
// a newcomer's first hand, coached on the table (coach.js)
const coach = createCoach({ root: uiRoot, view, renderer, active: wantsCoach(settings, params), redraw: () => redraw() });
const keeper = createKeeper({ ui, notice, withdraw: (lines, ids) => ui.withdrawNotice(lines, ids), current: () => view.state }); // each match saved after every action (keeper.js)
// where the browser keeps nothing (a frame on another site's page: storage.js), no save is asked
// of the engine, and one note says what the reader loses and how to get it (shell/storage-note.js)
// (in a tab of its own, a page refused storage says it with the match's export instead: keeper.js)
M.keeping.then((keeping) => {
  keeper.enabled = keeping.saving || !keeping.framed;
  showKeepNote(uiRoot, keeping.framed ? keeping : { ...keeping, refused: keeping.refused.filter((r) => r !== "saving") });
});
const panels = createPanels({ store, ui, sound, settings, redraw });

/**
 * A call that changes the match (py_engine/bridge.py KEEPING). It asks the engine for the match's
 * save (unless four bots play) and, with hints on, the hint, in the same trip: a move costs one
 * trip to the engine worker, not a move, a save and a hint. The save is kept by the state it
 * comes with (setState), the hint is the panel's (panels.took).
 * @param {string} method @param {Record<string, any>} [args]
 */
async function move(method, args = {}) {
  const autoplay = args.autoplay ?? (method === "new_match" ? false : !!view.state?.autoplay);
  const answer = await call(method, { ...args, keep: !autoplay && keeper.enabled, hint: !autoplay && settings.hints });
  page.pendingSave = answer.save ?? null;
  panels.took(answer);
  return answer;
}
const steps = createSteps({ store, ui, renderer, sound, emit, speed, redraw });
store.onTook(tookState); // every state an answer brings lands here once (store.js took)
const loop = createBotLoop({
  store, settings, steps, panels, speed, redraw, move, onFault: engineFault,
  settled: () => {
    const s = view.state;
    if (s.is_over) handOver();
    else if (s.human_to_move) humanTurn();
    else if (s.bot_to_move) loop.pump();
  },
});
const prompt = createPrompt({ view, ui, seatLabel: steps.seatLabel }); // the turn prompt (prompt.js)
const timer = createTimer({ store, ui, sound, redraw, move, onFault: engineFault, played: timedOut, settings });
const { resolveIdle } = installApi({
  view, run, settings, renderer, on, matchArgs, startMatch, humanAct, nextHand,
  catalog: () => page.catalog, origins: params.origins ?? null, refused: (error) => notAccepted(error),
  setSeat: (seat) => {
    params.seat = seat;
  },
  beforeNewGame: () => {
    page.dealWhenClosed = false;
    ui.closeDialog("settings");
    ui.hideQuick();
    page.firstDealt = true;
  },
});
ui.setSound(sound.muted);
ui.setToggles({ hints: settings.hints, tracker: panels.showTracker });
ui.setLabelled(!settings.played); // the toolbar's labels, until a first hand is played to its end

/** Pointer and keys -> an intent (input.js) -> its deed (intents.js), played here. */
function onIntent(intent) {
  sound.unlock();
  const deed = deedOf(intent, store, { busy: run.busy, dialogOpen: ui.isDialogOpen() });
  if (deed.focusCanvas && document.activeElement !== canvas) canvas.focus({ preventScroll: true });
  if (deed.say) ui.announce(deed.say);
  if (deed.toggle) panels.toggle(deed.toggle);
  if (deed.act) humanAct(deed.act.action, deed.act.source).catch(() => {});
  if (deed.redraw) redraw();
  return deed.handled;
}
new Input(canvas, view, onIntent);

// --- redraw: one requestAnimationFrame paints whatever changed --------------------------------

function redraw() {
  if (page.frameQueued) return;
  page.frameQueued = true;
  requestAnimationFrame(frame);
}

function frame(now) {
  page.frameQueued = false;
  renderer.resize();
  const dock = panels.dock(renderer.w, renderer.h); // the room the panels take
  // the claim buttons' size (measured once a hand is dealt: no buttons show before, and the
  // measuring stays out of the boot), and the toolbar's box
  const actions = view.state ? ui.actionSize() : null;
  const toolbar = ui.toolbarBox();
  store.frame({ lang: getLang(), ...dock, actions, toolbar });
  renderer.draw(view, now);
  store.painted(renderer.handRects); // where the hand's tiles answer a tap (input.js)
  if (!page.handedOver) M.handOver?.(); // the loader's placeholder paints no more
  page.handedOver = true;
  placeOverlay();
  coach.frame();
  placeKeepNote(toolbar, renderer.w);
  panels.fit(renderer.layout);
  store.pruneAnims(now);
  if (view.anims.length || view.thinking) redraw();
}

function placeOverlay() {
  const L = renderer.layout;
  if (!L) return;
  ui.setActions(actionItems(), L.actions);
  prompt.place(L);
}

window.addEventListener("resize", redraw);
/** The loader's boot words, the canvas's name and the page title in the chosen language. */
function translateShell() {
  M.labels = Object.fromEntries(["runtime", "stdlib", "start", "micropip", "engine", "import", "snapshot", "restore",
    "ready", "failed", "reload", "update", "updateNow", "mb"]
    .map((k) => [k, t(`boot.${k}`)]));
  M.refreshProgress?.();
  canvas.setAttribute("aria-label", t("table.label"));
  document.getElementById("boot-bar")?.setAttribute("aria-label", t("boot.progress"));
}
translateShell();

onLangChange((lang) => {
  translateShell();
  store.frame({ lang });
  ui.translate();
  updateStatus();
  panels.refresh();
  if (!page.engineReady) ui.showQuick(settings, variantsOf(page.catalog));
  if (ui.settleOpen && view.state?.is_over) showSettlement();
  if (ui.isDialogOpen("settings")) {
    ui.openSettings(settings, page.catalog, { keepDraft: true, clock: timer.shown() });
    document.getElementById("set-lang")?.focus();
  }
  emit("lang", { lang });
  redraw();
});

function engineFault(error) {
  if (error.kind === "stale") return; // an older match's answer: nothing to report
  store.fail();
  timer.stop();
  ui.showError(t("error.engine", { message: error.message }));
  sound.play("error");
  emit("error", { message: error.message, kind: error.kind || "engine" });
  resolveIdle();
}

/**
 * A refusal of what was asked (kind "invalid": bad input, not an engine failure) is a notice;
 * `key` says what happens next (err.invalid: a normal game was started instead).
 */
function notAccepted(error, key = "error.notAccepted") {
  // the page's own refusals in the reader's words; the engine's detail as it came
  const words = error.words ? t(error.words.key, error.words.vars) : error.message;
  notice([t(key, { message: words })]);
  emit("error", { message: error.message, kind: "invalid" });
}

/** One-line reports on the banner (with buttons: what the player can do about it). */
function notice(messages, buttons = []) {
  ui.showNotice(messages, buttons);
  emit("notice", { messages });
}

// --- matches -----------------------------------------------------------------------------------

function matchArgs(extra = {}) {
  return {
    variant: settings.variant,
    options: { ...(settings.options[settings.variant] || {}) },
    hands: settings.hands,
    level: settings.level,
    autoplay: settings.autoplay,
    seed: settings.seed ?? undefined,
    human: params.seat, // the seat the reader plays (`seat=`, for the visit), else the first
    ...extra,
  };
}

/**
 * Start a match (new_match); a bad position falls back to a normal game with a message. `link`
 * names the link that dealt it (keeper.js matchLink): a reload of that link offers it.
 */
async function startMatch(args, { fromError = false, link = "" } = {}) {
  store.newMatch();
  timer.stop();
  clearTimeout(page.autoNextTimer);
  clearTimeout(page.settleTimer);
  ui.closeSettlement();
  if (fromError) ui.hideBanner();
  panels.clear();
  const request = timer.forMatch(args); // its clock: the player's, none for a newcomer's first match, else the rule's
  if (request.seed === undefined || request.seed === null) delete request.seed;
  let answer;
  try {
    answer = await move("new_match", request);
  } catch (error) {
    if (error.kind === "stale") return view.state; // another match started meanwhile
    if (request.position && error.kind !== "engine") {
      notice([t("error.position", { message: error.message })]);
      delete request.position;
      return startMatch(request);
    }
    if (error.kind === "invalid") {
      // a bad option or level from an embedding page: say it was not accepted and play the defaults
      notAccepted(error, "error.invalid");
      const variants = variantsOf(page.catalog);
      return startMatch({ variant: variants.includes(request.variant) ? request.variant : variants[0] });
    }
    engineFault(error);
    throw error;
  }
  keeper.begin(link); // its own key: no other match's save is replaced
  page.dailyMatch = link.startsWith("daily=");
  setState(answer.state);
  announceHand();
  emit("newGame", { state: view.state });
  afterState();
  return view.state;
}

/** Continue a kept match (keeper.js); false when it cannot be resumed (reported, set aside). */
async function resumeMatch(kept) {
  store.newMatch();
  timer.stop();
  panels.clear();
  const state = await keeper.resume(kept).catch((error) => {
    if (error.kind !== "stale") engineFault(error);
    return null;
  });
  if (!state) return false;
  page.dailyMatch = kept.link.startsWith("daily=");
  timer.resumed(state);
  setState(state);
  announceHand();
  emit("newGame", { state: view.state });
  afterState();
  return true;
}

async function restartHand() {
  ui.hideBanner();
  store.newMatch();
  timer.stop();
  try {
    const answer = await move("restart_hand");
    setState(answer.state);
    announceHand();
    afterState();
  } catch (error) {
    if (error.kind === "stale") return;
    // the hand cannot be dealt again: a new match with the same settings
    startMatch(matchArgs()).catch(() => {});
  }
}

async function nextHand() {
  const s = view.state;
  if (!s || !s.is_over) throw new Error("the hand is not over");
  if (s.match?.is_over) throw new Error("the match is over");
  clearTimeout(page.autoNextTimer);
  clearTimeout(page.settleTimer);
  const answer = await move("next_hand").catch((error) => {
    engineFault(error);
    throw error;
  });
  ui.closeSettlement();
  store.newHand();
  setState(answer.state);
  announceHand();
  afterState();
  return view.state;
}

/** A state the engine gave, for the table (the store tells tookState). */
function setState(state) {
  store.took(state);
}

/** The one place a new state from the engine lands: the status, the save, one frame. */
function tookState(state) {
  updateStatus();
  emit("state", state);
  if (!state.autoplay) keeper.saved(state, page.pendingSave);
  page.pendingSave = null;
  redraw();
}

function updateStatus() {
  const s = view.state;
  document.title = `${t("game.title")} · ${t("variant." + (s?.variant || settings.variant))}`;
  if (!s) {
    ui.setStatus(t("variant." + settings.variant));
    return;
  }
  let text = `${t("variant." + s.variant)} · ${t("table.handOf", { n: s.match.hand_number + 1, total: s.match.hands })}`;
  if (page.dailyMatch) text = `${t("keep.daily")} · ${text}`; // the same walls as everyone's today
  if (s.autoplay) text += ` · ${t("game.autoplay")}`;
  ui.setStatus(text);
}

function announceHand() {
  const s = view.state;
  const line = t("narration.newHand", { n: s.match.hand_number + 1, total: s.match.hands, dealer: steps.seatName(s.dealer) });
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
  prompt.speak(); // "Right (East) is thinking…", once as the turn leaves the player
  if (s.bot_to_move) loop.pump();
  else resolveIdle();
}

function speed() {
  return speedOf(settings.speed);
}

// --- the human's turn ----------------------------------------------------------------------------

/**
 * What the player's shortcuts play without asking (Settings): a win whenever one is offered
 * (autoWin), a pass on a claim window that offers no win (autoPass); else null.
 */
function autoAction(s) {
  const legal = s.legal_actions;
  if (settings.autoWin && legal.includes("win")) return "win";
  const claimWindow = legal.includes("pass") && !legal.some((a) => a.startsWith("discard "));
  if (settings.autoPass && claimWindow && !legal.includes("win")) return "pass";
  return null;
}

function humanTurn() {
  const s = view.state;
  const legal = s.legal_actions;
  const auto = s.autoplay ? null : autoAction(s);
  if (auto) {
    ui.announce(t(auto === "win" ? "narration.autoWin" : "narration.autoPass"));
    humanAct(auto, "auto").catch(() => {});
    return;
  }
  prompt.speak(); // "Your turn: tap a tile, tap it again to discard" / "Pong 5 Dots or pass?"
  const canDiscard = legal.some((a) => a.startsWith("discard "));
  if (canDiscard && view.ui.focus && view.ui.selected < 0) store.select(displayHand(s, viewSeat(s)).length - 1);
  sound.play("turn");
  timer.start();
  panels.refreshHints();
  emit("turn", { legal: [...legal], state: s });
  resolveIdle();
  redraw();
}

function actionItems() {
  const s = view.state;
  if (!s || !s.human_to_move || run.busy || run.failed || ui.settleOpen) return [];
  /** @type {Array<{action: string, kind: string, tile: string | null, suggested?: boolean}>} */
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
    throw new EngineError(`illegal action ${JSON.stringify(action)}; legal: ${s.legal_actions.join(", ")}`,
      { kind: "illegal", legal: [...s.legal_actions] });
  }
  store.setBusy(true);
  timer.stop();
  if (!origin && (action.startsWith("discard ") || action.startsWith("swim "))) {
    origin = handTileOrigin(action.split(" ")[1]);
  }
  let answer;
  try {
    answer = await move("act", { action });
  } catch (error) {
    store.setBusy(false);
    if (error.kind === "stale") throw error; // a new match started: this move is gone with its match
    if (error.kind === "illegal") {
      ui.announce(t("error.illegal", { message: error.message }));
      timer.start();
    } else if (error.kind === "invalid") {
      notAccepted(error); // bad input, not a failed engine: play goes on
      timer.start();
    } else engineFault(error);
    throw error;
  }
  store.setBusy(false);
  store.played();
  panels.played(); // its suggestion was for the move just played
  loop.moved(); // the next bot's move waits its pause: the player's discard, then theirs, each seen
  steps.applyStep(answer, origin);
  emit("action", { action, source });
  afterState();
  return { events: answer.events, state: view.state };
}

/** The move the engine made for the player when the decision timer ran out. */
function timedOut(answer) {
  store.select(-1);
  loop.moved();
  const origin = answer.action?.startsWith("discard ") ? handTileOrigin(answer.action.split(" ")[1]) : null;
  // "Time ran out: 5 Dots discarded for you: the tile you had selected" (or "as the hint suggested")
  steps.applyStep(answer, origin, { timeout: answer.action, by: answer.chosen_by });
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
  clearTimeout(page.settleTimer);
  const my = run.gen;
  const number = s.match.hand_number;
  emit("handEnd", { result: s.result, hand: number, state: s });
  if (!s.autoplay && !settings.played) {
    choose(settings, { played: true }, getLang()); // a hand played to its end: the toolbar may go icon-only
    if (newcomerEasy && isVisitOnly("level")) ownAgain(settings, "level"); // the next match: the player's own level
    ui.setLabelled(false);
    redraw();
  }
  if (s.match.is_over) {
    if (!s.autoplay && page.recorded !== run.gen) {
      page.recorded = run.gen; // the player's record: one line per match played to its end (keep/record.js)
      addLine(probeStorage(), lineOf(s));
    }
    ui.announce(t("narration.matchOver"));
    emit("matchEnd", { scores: s.result.scores, results: s.match.results, state: s });
  }
  resolveIdle();
  page.settleTimer = setTimeout(() => {
    if (!store.isCurrent(my) || view.state?.match.hand_number !== number || !view.state.is_over) return;
    showSettlement();
    if (s.autoplay && !s.match.is_over) {
      page.autoNextTimer = setTimeout(() => {
        if (store.isCurrent(my) && view.state?.is_over && view.state.match.hand_number === number) nextHand().catch(() => {});
      }, speed().autoNext);
    }
  }, speed().settle);
}

/** The player's record of this rule set in a sentence, for a finished match's settlement ("" for none). */
function recordLine(s) {
  if (!s.match.is_over || s.autoplay) return "";
  const f = figures(readRecord(probeStorage()), s.variant);
  if (!f.matches) return "";
  const pct = (/** @type {number} */ n) => (f.hands ? Math.round((100 * n) / f.hands) : 0);
  return t("settle.record", { variant: t(`variant.${s.variant}`), matches: f.matches, hands: f.hands, wins: f.wins, winPct: pct(f.wins),
    dealtIn: f.dealtIn, dealPct: pct(f.dealtIn), average: (Math.round(f.average * 10) / 10).toString(), firsts: f.firsts });
}

/** Where the player's first win is remembered (its moment comes once per browser). */
const FIRST_WIN_KEY = "mahjong.firstWin";
/** Whether this hand over is the player's first win here: remembered at once, shown on its settlement (again if reopened). */
function isFirstWin(s) {
  const me = s.seat ?? s.human;
  const hand = `${run.gen}:${s.match.hand_number}`;
  if (page.firstWinHand) return page.firstWinHand === hand;
  if (s.autoplay || !s.result?.winners?.includes(me)) return false;
  try {
    if (localStorage.getItem(FIRST_WIN_KEY)) return false;
    localStorage.setItem(FIRST_WIN_KEY, "1");
  } catch {
    return false; // a browser that keeps nothing cannot tell a first win
  }
  page.firstWinHand = hand;
  return true;
}

function showSettlement() {
  const s = view.state;
  if (!s?.is_over) return;
  const names = [0, 1, 2, 3].map((seat) => steps.seatLabel(seat, s));
  // a lesson's one hand (its link's `hands=1`) over: a whole match is offered, of the player's own length
  const tasted = s.match.is_over && s.match.hands === 1 && params.hands === 1 && !s.autoplay;
  ui.openSettlement(s, {
    names,
    onNext: () => nextHand().catch(() => {}),
    onNewMatch: () => {
      if (tasted) {
        ownAgain(settings, "hands");
        params.hands = undefined;
      }
      startMatch(matchArgs()).catch(() => {});
    },
    newMatchLabel: tasted ? t("settle.fullMatch", { n: ownValue("hands") }) : "",
    firstWin: isFirstWin(s),
    record: recordLine(s),
    extra: keeper.settlementButtons(s),
  });
  redraw();
}

// --- settings ------------------------------------------------------------------------------

/** Settings; the toolbar's "new match" opens them too, with "Start a new match" focused. */
function openSettings(focusStart = false) {
  ui.openSettings(settings, page.catalog, { focusStart: focusStart === true, clock: timer.shown() });
}

/**
 * The dialog closed: its new-match choices are kept (never dropped), and `how` says when they
 * apply: "now" (a new match), "daily" (the deal of the day) or "later" (from the next match,
 * said in a notice when something changed: `pending`).
 * @param {any} draft @param {"now" | "daily" | "later"} how @param {boolean} [pending]
 */
function settingsClosed(draft, how, pending = false) {
  const changed = changedChoices(draft, settings); // the player's own from now on (stored)
  if (Object.keys(changed).length) choose(settings, changed, getLang());
  if (how !== "later" || !page.engineReady) {
    if (!page.engineReady) {
      ui.showQuick(settings, variantsOf(page.catalog)); // the first deal plays them
      if (how === "later") dealLater();
      return;
    }
    const daily = how === "daily" ? keeper.daily(settings, params.hands) : null;
    startMatch(daily ?? matchArgs(), { link: daily ? dailyLink(daily) : "" }).catch(() => {});
    return;
  }
  if (pending && view.state) notice([t("settings.keptForNext")]);
  dealLater();
  if (view.state?.human_to_move && !view.timer) timer.start();
}

function dealLater() {
  if (!page.dealWhenClosed) return;
  page.dealWhenClosed = false;
  firstDeal();
}

// --- boot -----------------------------------------------------------------------------------

async function firstDeal() {
  if (page.firstDealt) return;
  if (ui.isDialogOpen("settings")) {
    page.dealWhenClosed = true;
    return;
  }
  page.firstDealt = true;
  ui.hideQuick();
  try {
    const daily = new URLSearchParams(location.search).has("daily") ? keeper.daily(settings, params.hands) : null;
    // this link's own match: a reload of a link that deals one (a seed, a position, today's deal) offers it
    const link = daily ? dailyLink(daily) : matchLink(params);
    const offered = settings.autoplay ? [] : await keeper.offer(link);
    const kept = offered.length ? await keeper.ask(offered) : null;
    if (kept && (await resumeMatch(kept))) {
      // the match left last time, exactly where it was
    } else if (daily) await startMatch(daily, { link });
    else await startMatch(matchArgs(params.position ? { position: params.position } : {}), { link });
    requestAnimationFrame(() => {
      if (M.timing) M.timing.table = performance.now(); // the first playable table is painted
    });
    emit("ready", { state: view.state });
  } catch (error) {
    if (error instanceof EngineError) return; // shown by engineFault; the error banner offers a restart
    // a fault of the page itself must not leave it without a table: say it, deal a new match
    notice([t("error.page", { message: shorten(String(error?.message ?? error), 200) })]);
    await startMatch(matchArgs()).catch(() => {});
  }
}

if (problems.length) notice(problemNotices(problems));
/** The settings' own names for what was reset (the whole of them when unreadable; `played` says nothing to a player). */
const resetNames = settingsDropped.filter((k) => k !== "played")
  .map((k) => t(k === "options" ? "settings.rules" : k === "settings" ? "settings.title" : `settings.${k}`));
if (resetNames.length) notice([t("settings.reset", { names: resetNames.join(t("alt.sep")) })]);
updateStatus();
if (!M.timing?.ready) ui.showQuick(settings, variantsOf(page.catalog));
redraw();

M.ready.then(async () => {
  page.engineReady = true;
  try {
    page.catalog = await fromEngine(engine); // the engine's own lists (options.json came from the same method)
  } catch {
    // the lists from options.json stay
  }
  if (page.catalog) keepKnownOptions(settings.options, page.catalog); // drop stored options the engine no longer knows
  if (ui.isDialogOpen("settings")) ui.openSettings(settings, page.catalog, { keepDraft: true, clock: timer.shown() });
  await firstDeal();
}, () => {
  ui.hideQuick(); // the loader shows the failure and a reload button
});

// An error in the page itself must not leave it dead: show it, offer a restart.
window.addEventListener("error", (e) => {
  if (!e.error) return;
  ui.showError(t("error.engine", { message: e.message }));
});
