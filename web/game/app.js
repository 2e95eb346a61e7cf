// The game page: the settings, the matches dealt, what the page does as it hears the table's
// session (table/session.js: the store, the move path, the bots' loop, the clock, the steps) tell of
// a new state, a turn or a hand's end, and the boot. Its parts live beside it: solo.js (the
// session's transport: the engine client), share.js (URL parameters, share links), panels.js (hints,
// tile tracker, toggles), timer.js (which clock runs), api.js (the public window.mahjong of API.md),
// The table component (table/table.js) paints the session's store and turns taps and keys into its
// moves. Input -> intents -> session.act -> the transport -> the engine -> the session -> its
// listeners and one requestAnimationFrame redraw. Nothing the page calls calls it back.

import "../shell/loader.js";
import { t, setLang, getLang, onLangChange } from "../i18n/i18n.js";
import { createTable } from "../table/table.js";
import { isOwnDiscardTurn } from "../table/model.js";
import { UI } from "../overlay/ui.js";
import { createEvents } from "./embed.js";
import { readSettings, saveSettings, choose, speedOf, isChosen, setForVisit } from "../keep/settings.js";
import { startEngine, EngineError, shorten } from "../engine/engine.js";
import { loadCatalog, fromEngine, variantsOf, keepKnownOptions } from "../engine/catalog.js";
import { applyUrl, problemNotices, shareLinks } from "./share.js";
import { createSession } from "../table/session.js";
import { soloTransport } from "./solo.js";
import { createPanels } from "./panels.js";
import { createClockChoice } from "./timer.js";
import { createMatches, createNotices } from "./match.js";
import { installApi } from "./api.js";
import { createKeeper, dailyLink, matchLink } from "./keeper.js";
import { openPage } from "../shell/page.js";
import { showKeepNote, placeKeepNote } from "../shell/storage-note.js";
import { createPrompt } from "../overlay/prompt.js";
import { changedChoices } from "../overlay/settings-dialog.js";
import { createWelcome } from "./welcome.js";
import { createCoach, wantsCoach } from "./coach.js";

openPage("game", { theme: "dark", embed: true }); // language (query, hash, stored, browser), tile script, the felt's dark look, heights
const M = window.mahjong;
const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("table"));
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
  handedOver: false, // the loader's placeholder table has been replaced by the first frame
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

// --- the table's session (table/session.js): its store, read by the renderer and the panels ------

const table = createTable(canvas); // the canvas, its sounds, its input and its frames (table/table.js)
const { renderer, sound, redraw } = table;
/** whether saves are asked of the engine (the keeper's, once the storage is known: below) */
const keeping = { enabled: true };
const session = createSession({
  transport: soloTransport(engine, keeping, settings),
  lang: getLang(), renderer, sound, speed, redraw, settings,
  seconds: (s) => clocks.seconds(s),
  covered: () => ui.isDialogOpen("settings") || ui.isDialogOpen("help"),
});
const { store, view, run } = session;
const clocks = createClockChoice(view, settings); // which clock runs (timer.js)
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
  action: (action) => session.act(session.seat(), action, { source: "button" }).catch(() => {}),
  restart: () => restartHand(),
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
      // kept, and at once the clock of the match now playing: a fresh clock of the new length, or none
      if (clocks.choose(change.clock.variant, change.clock.seconds)) session.restartClock();
      redraw();
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
const notices = createNotices({ ui, emit }); // the banner's one-line reports (match.js)
const { notice, notAccepted } = notices;
const keeper = createKeeper({ ui, notice, withdraw: (lines, ids) => ui.withdrawNotice(lines, ids), current: () => view.state }); // each match saved after every action (keeper.js)
// where the browser keeps nothing (a frame on another site's page: storage.js), no save is asked
// of the engine, and one note says what the reader loses and how to get it (shell/storage-note.js)
// (in a tab of its own, a page refused storage says it with the match's export instead: keeper.js)
M.keeping.then((kept) => {
  keeper.enabled = keeping.enabled = kept.saving || !kept.framed;
  showKeepNote(uiRoot, kept.framed ? kept : { ...kept, refused: kept.refused.filter((r) => r !== "saving") });
});
const panels = createPanels({ store, ui, sound, settings, redraw });
// the matches dealt, the status line, the end of a hand (match.js)
const matches = createMatches({
  session, ui, keeper, panels, clocks, settings, params, emit, notices, redraw, newcomerEasy, catalog: () => page.catalog,
});
const { matchArgs, startMatch, resumeMatch, restartHand, nextHand, updateStatus, handOver, showSettlement } = matches;

session.on(heard); // every piece of news from the table's session (table/session.js) lands in heard
const prompt = createPrompt({ view, ui, seatLabel: session.seatLabel }); // the turn prompt (prompt.js)
const { resolveIdle } = installApi({
  view, run, settings, renderer, on, matchArgs, startMatch, session, nextHand,
  catalog: () => page.catalog, origins: params.origins ?? null, refused: (error) => notAccepted(error),
  accepted: () => ui.clearRefusal(), originRefused: params.originRefused ?? null,
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
ui.setLabelled(true); // the toolbar's labels, always: they vanished after a first match (issue 57)

table.play(session, { dialogOpen: () => ui.isDialogOpen() }); // taps and keys become the session's moves
table.on(tableNews);

/** What the page does about the table's frames and deeds (table/table.js). */
function tableNews(news) {
  if (news.type === "measure") {
    const dock = panels.dock(renderer.w, renderer.h); // the room the panels take
    // the claim buttons' size (measured once a hand is dealt: no buttons show before, and the
    // measuring stays out of the boot), and the toolbar's box
    const actions = view.state ? ui.actionSize() : null;
    store.frame({ lang: getLang(), ...dock, actions, toolbar: ui.toolbarBox() });
  } else if (news.type === "drawn") {
    if (!page.handedOver) M.handOver?.(); // the loader's placeholder paints no more
    page.handedOver = true;
    if (news.layout) {
      ui.setActions(table.actions({ suggested: panels.suggested(), hidden: ui.settleOpen }), news.layout.actions);
      prompt.place(news.layout);
    }
    coach.frame();
    placeKeepNote(view.ui.toolbar, renderer.w);
    panels.fit(news.layout);
  } else if (news.type === "say") ui.announce(news.line);
  else if (news.type === "toggle") panels.toggle(news.what);
}

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
    ui.openSettings(settings, page.catalog, { keepDraft: true, clock: clocks.shown() });
    document.getElementById("set-lang")?.focus();
  }
  emit("lang", { lang });
  redraw();
});

/** The engine failed: the session stops play (an older match's answer is no fault) and tells heard. */
function engineFault(error) {
  session.fault(error);
}

/** What the page does as the session tells it (table/session.js: the news, in their order). */
function heard(news) {
  switch (news.type) {
    case "state":
      stateHeard(news);
      break;
    case "event":
      emit("event", news.event);
      break;
    case "say":
      ui.announce(news.line);
      break;
    case "played":
      panels.played(); // its suggestion was for the move just played
      emit("action", { action: news.action, source: news.source });
      break;
    case "timeout":
      emit("timeout", { action: news.action });
      break;
    case "dealt":
      if (news.how === "match" || news.how === "resume") emit("newGame", { state: news.state });
      break;
    case "turn":
      humanTurn(news);
      break;
    case "bots":
    case "still":
      panels.refresh();
      prompt.speak(); // "Right (East) is thinking…", once as the turn leaves the player
      if (news.type === "still") resolveIdle();
      break;
    case "over":
      panels.refresh();
      handOver();
      resolveIdle();
      break;
    case "refused":
      notAccepted(news.error);
      break;
    case "fault":
      faulted(news.error);
      break;
    default:
      break;
  }
}

function faulted(error) {
  ui.showError(t("error.engine", { message: error.message }));
  sound.play("error");
  emit("error", { message: error.message, kind: error.kind || "engine" });
  resolveIdle();
}

/** The one place a new state from the session lands: its hint, the status, the save, one frame. */
function stateHeard({ state, answer, cause }) {
  panels.took(answer);
  updateStatus();
  emit("state", state);
  if (!state.autoplay) keeper.saved(state, answer.save ?? null);
  // after another's discard, the hint for a claim (the player's own turn asks for it: humanTurn)
  if (cause === "bot" && settings.hints && answer.action?.startsWith("discard") && !state.is_over && !state.human_to_move) panels.refreshHints();
  redraw();
}

function speed() {
  return speedOf(settings.speed);
}

// --- the human's turn ----------------------------------------------------------------------------

/** The player's turn (the session has started its clock, or plays a shortcut: news.auto). */
function humanTurn(news) {
  panels.refresh();
  if (news.auto) return;
  prompt.speak(); // "Your turn: tap a tile, tap it again to discard" / "Pong 5 Dots or pass?"
  panels.refreshHints();
  emit("turn", { legal: [...news.state.legal_actions], state: news.state });
  resolveIdle();
  redraw();
}

// --- settings ------------------------------------------------------------------------------

/** Settings; the toolbar's "new match" opens them too, with "Start a new match" focused. */
function openSettings(focusStart = false) {
  ui.openSettings(settings, page.catalog, { focusStart: focusStart === true, clock: clocks.shown() });
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
  if (view.state?.human_to_move && !view.timer) session.restartClock();
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
  if (ui.isDialogOpen("settings")) ui.openSettings(settings, page.catalog, { keepDraft: true, clock: clocks.shown() });
  await firstDeal();
}, () => {
  ui.hideQuick(); // the loader shows the failure and a reload button
});

// An error in the page itself must not leave it dead: show it, offer a restart.
window.addEventListener("error", (e) => {
  if (!e.error) return;
  ui.showError(t("error.engine", { message: e.message }));
});
