// The replay viewer (replay.html, issue 15): a replay from the link's hash, a file, or the match
// kept in this browser, shown on the game's table (render.js) action by action. Step back and
// forward (arrow keys), play / pause (space), a slider to any action, every hand face up (F), the
// settlement at a hand's end, and the review (R): the human's costliest decisions by the hard
// bot's estimate, listed and marked on the slider. The engine (replay_open / replay_frame /
// review) does every replay; this page only shows its frames.

import "../shell/loader.js";
import { call, LONG_CALL, replayProblem, shorten, LIMITS } from "../engine/engine.js";
import { t, has, tileName, getLang, onLangChange, englishDetail } from "../i18n/i18n.js";
import { reviewWords } from "../i18n/hint-words.js";
import { openPage, gameLink } from "../shell/page.js";
import { createTable } from "../table/table.js";
import { markOf } from "../table/review-mark.js";
import { settlement } from "../overlay/settle.js";
import { el } from "../shell/dom.js";
import { oversizedPart, readHash, readReplayFile, replayLink, unpackReplay } from "../keep/replayio.js";
import { newestMatch } from "../keep/saves.js";

const M = window.mahjong;
const PLAY_MS = 700; // one action every so often while playing

/**
 * The one line that reports a replay's problem (py_engine/record/replay.py Problem, or the page's own
 * {code, words}). The engine's detail (`message`) is English: an English page shows it as it is,
 * another says the code's reason in its own words (replay.why.<code>) and leaves the detail to
 * the console, for the author who made the file.
 * @param {{code?: string, message?: string, words?: string, hand?: number | null, action?: number | null}} problem
 */
function problemLine(problem) {
  const code = problem.code || "engine";
  const message = problem.words ?? englishDetail(problem.message ?? "", "replay") ?? t(`replay.why.${code}`);
  return t(`replay.err.${code}`, {
    message,
    hand: (problem.hand ?? 0) + 1,
    action: (problem.action ?? 0) + 1,
  });
}

/** @param {string} id @returns {any} the element (its kind is replay.html's) */
const $ = (id) => document.getElementById(id);
const canvas = $("table");
const table = createTable(canvas); // the canvas and its frames (table/table.js): watched, not played
const { renderer, redraw } = table;
const controls = {
  bar: $("replay-bar"), hand: $("rp-hand"), back: $("rp-back"), play: $("rp-play"), forward: $("rp-forward"),
  faceUp: $("rp-faceup"), review: $("rp-review"), open: $("rp-open"), link: $("rp-link"), file: $("rp-file"), slider: $("rp-slider"),
  marks: $("rp-marks"), label: $("rp-label"), notice: $("rp-notice"), game: $("rp-game"),
  panel: $("rp-review-panel"), panelStatus: $("rp-review-status"), panelList: $("rp-review-list"),
  settle: $("rp-settle"), settleTitle: $("rp-settle-title"), settleBody: $("rp-settle-body"),
  settleNext: $("rp-settle-next"), settleClose: $("rp-settle-close"),
};

openPage("replay", { theme: "dark" }); // language (query or hash), tile script, the felt's dark look

const view = {
  state: null,
  // actions: none here (a replay is watched): the table keeps no room for claim buttons
  ui: { selected: -1, hover: null, focus: false, hintTile: null, lang: getLang(), topReserve: 0, leftReserve: 0, review: null,
    actions: { w: 0, min: 0, h: 0 } },
  anims: [],
};
/** Where the viewer is: the replay's summary (replay_open), the hand and step shown, the review. */
const at = { opened: 0, replay: null, summary: null, hand: 0, step: 0, want: { hand: 0, step: 0 }, faceUp: false, playing: 0, reviewOpen: false, reviews: {}, gen: 0, chosen: null };
let opened;
const shown = new Promise((resolve) => (opened = resolve));
// `faces=up` in the hash opens every hand face up (a table of friends' replay: friends.html)
if (new URLSearchParams(location.hash.slice(1)).get("faces") === "up") {
  at.faceUp = true;
  controls.faceUp.checked = true;
}

// --- words -------------------------------------------------------------------------------

function translate() {
  document.title = `${t("replay.title")} · ${t("game.title")}`;
  controls.back.setAttribute("aria-label", t("replay.back"));
  controls.forward.setAttribute("aria-label", t("replay.forward"));
  controls.play.setAttribute("aria-label", t(at.playing ? "replay.pause" : "replay.play"));
  $("rp-faceup-label").textContent = t("replay.faceUp");
  controls.review.textContent = t("replay.review");
  controls.open.textContent = t("replay.open");
  controls.link.textContent = t("keep.copyLink");
  controls.game.textContent = t("replay.toGame");
  controls.game.href = gameLink();
  controls.slider.setAttribute("aria-label", t("replay.slider"));
  controls.hand.setAttribute("aria-label", t("replay.hand"));
  $("rp-review-title").textContent = t("review.title");
  controls.settleNext.textContent = t("replay.nextHand");
  controls.settleClose.textContent = t("replay.close");
  canvas.setAttribute("aria-label", t("replay.tableLabel")); // (the game's label says how to play: here nothing is played)
  $("boot-bar")?.setAttribute("aria-label", t("boot.progress"));
  M.labels = Object.fromEntries(["runtime", "stdlib", "start", "micropip", "engine", "import", "ready", "failed", "reload"]
    .map((k) => [k, t(`boot.${k}`)]));
  M.refreshProgress?.();
}
translate();
onLangChange(() => {
  view.ui.lang = getLang();
  translate();
  fillHands();
  showLabel();
  if (at.reviewOpen) showReview();
  redraw();
});

/** The longest notice line: whatever a replay's fields hold, a line is read at a glance. */
const NOTICE_LENGTH = 400;

/**
 * The line for a replay the engine could not be sent (engine.js LIMITS): which hand or field is
 * too large, too deep or holds too many values; null when that is not why.
 * @param {any} replay @param {any} error
 */
function tooLargeLine(replay, error) {
  if (!error?.limit) return null;
  const found = oversizedPart(replay);
  const part = found?.part.hand ? t("replay.part.hand", { n: found.part.hand })
    : t("replay.part.field", { name: shorten(found?.part.field ?? "?", 30) });
  const limit = found?.limit ?? error.limit;
  const why = t(`replay.why.${limit}`, {
    size: Math.ceil((found?.size ?? 0) / 1024), bytes: Math.round(LIMITS.bytes / 1024), depth: LIMITS.depth, values: LIMITS.values,
  });
  return t("replay.err.tooLarge", { part, why });
}

function notice(line) {
  line = shorten(line, NOTICE_LENGTH);
  controls.notice.textContent = line; // text only: a message may quote a replay's contents
  controls.notice.hidden = !line;
}

function seatName(seat, s) {
  if (s.autoplay) return t(`seat.spectator.${seat}`);
  return t(`seat.${(seat - s.human + 4) % 4}`);
}

function actionWords(action) {
  const [verb, tile] = action.split(" ");
  if (!tile) return t(`action.${verb}`);
  // the game's own words for an action on a tile ("打出南风": no space in Chinese)
  return has(`button.${verb}`) ? t(`button.${verb}`, { tile: tileName(tile) }) : `${t(`action.${verb}`)} ${tileName(tile)}`;
}

// --- drawing -----------------------------------------------------------------------------

// the review beside the table: its room measured before each frame, fitted to the layout after it
table.on((news) => {
  if (news.type === "measure") placeReview();
  if (news.type !== "drawn") return;
  fitReview();
  M.handOver?.();
});

function showLabel() {
  const s = view.state;
  if (!s) return;
  const r = s.replay;
  const number = at.summary.hands[at.hand].number + 1;
  controls.label.value = r.action
    ? t("replay.step", { i: r.step, total: r.steps, seat: seatName(r.action[0], s), action: actionWords(r.action[1]) })
    : t("replay.start", { n: number });
}

function fillHands() {
  const hands = at.summary?.hands || [];
  controls.hand.replaceChildren(...hands.map((h, i) => el("option", { value: String(i), text: t("replay.handOption", { n: h.number + 1 }) })));
  controls.hand.value = String(at.hand);
}

function enable(on) {
  for (const c of [controls.hand, controls.back, controls.play, controls.forward, controls.faceUp, controls.review, controls.slider, controls.link]) {
    c.disabled = !on;
  }
}

// --- moving through the replay -------------------------------------------------------------

/** Show `step` of `hand` (clamped); the engine replays it. */
async function show(hand, step) {
  const info = at.summary?.hands[hand];
  if (!info) return;
  step = Math.max(0, Math.min(info.steps, step));
  // Where the viewer is going, set before the engine answers: keys pressed faster than the
  // engine replays count from here, not from the last frame shown.
  at.want = { hand, step };
  const my = ++at.gen;
  let answer;
  try {
    answer = await call("replay_frame", { hand, step, face_up: at.faceUp });
  } catch (error) {
    if (my === at.gen) {
      at.want = { hand: at.hand, step: at.step };
      notice(problemLine({ code: "engine", message: error.message }));
    }
    return;
  }
  if (my !== at.gen) return;
  const changedHand = hand !== at.hand;
  at.hand = hand;
  at.step = step;
  view.state = answer.state;
  view.ui.review = at.chosen && at.chosen.hand === hand && at.chosen.step === step ? at.chosen.mark : null;
  for (const b of controls.panelList.querySelectorAll("button")) {
    b.setAttribute("aria-current", String(!!view.ui.review && b.dataset.step === String(step)));
  }
  controls.hand.value = String(hand);
  controls.slider.max = String(info.steps);
  controls.slider.value = String(step);
  controls.back.disabled = step === 0;
  controls.forward.disabled = step >= info.steps;
  showLabel();
  if (changedHand) {
    marks();
    if (at.reviewOpen) showReview();
  }
  if (step >= info.steps && view.state.is_over) showSettlement();
  else controls.settle.hidden = true;
  redraw();
  opened();
}

function playing(on) {
  clearInterval(at.playing);
  at.playing = 0;
  if (on) {
    const info = at.summary.hands[at.hand];
    if (at.step >= info.steps) show(at.hand, 0);
    at.playing = setInterval(() => {
      const steps = at.summary.hands[at.hand].steps;
      if (at.want.step >= steps) playing(false);
      else show(at.want.hand, at.want.step + 1);
    }, PLAY_MS);
  }
  controls.play.textContent = on ? "⏸" : "▶";
  controls.play.setAttribute("aria-label", t(on ? "replay.pause" : "replay.play"));
}

function move(delta) {
  playing(false);
  show(at.want.hand, at.want.step + delta);
}

controls.back.onclick = () => move(-1);
controls.forward.onclick = () => move(1);
controls.play.onclick = () => playing(!at.playing);
controls.slider.oninput = () => {
  playing(false);
  show(at.hand, Number(controls.slider.value));
};
controls.hand.onchange = () => {
  playing(false);
  show(Number(controls.hand.value), 0);
};
controls.faceUp.onchange = () => {
  at.faceUp = controls.faceUp.checked;
  show(at.hand, at.step);
};
controls.review.onclick = () => {
  at.reviewOpen = !at.reviewOpen;
  controls.review.setAttribute("aria-pressed", String(at.reviewOpen));
  controls.panel.hidden = !at.reviewOpen;
  if (at.reviewOpen) showReview();
  else {
    at.chosen = null;
    view.ui.review = null;
  }
  redraw(); // the table makes room for the review beside it, or takes it back
};
controls.settleClose.onclick = () => {
  controls.settle.hidden = true;
};
controls.settleNext.onclick = () => {
  controls.settle.hidden = true;
  show(at.hand + 1, 0);
};

document.addEventListener("keydown", (e) => {
  if (!at.summary || e.altKey || e.ctrlKey || e.metaKey) return;
  const inField = e.target instanceof HTMLSelectElement || (e.target instanceof HTMLInputElement && e.target.type !== "checkbox");
  if (e.key === "Escape" && !controls.settle.hidden) controls.settle.hidden = true;
  else if (inField) return;
  else if (e.key === "ArrowLeft") move(-1);
  else if (e.key === "ArrowRight") move(1);
  else if (e.key === "Home") move(-at.want.step);
  else if (e.key === "End") move(at.summary.hands[at.hand].steps);
  else if (e.key === " " && !(e.target instanceof HTMLButtonElement)) playing(!at.playing);
  else if (e.key === "f" || e.key === "F") {
    controls.faceUp.checked = !controls.faceUp.checked;
    controls.faceUp.onchange();
  } else if (e.key === "r" || e.key === "R") controls.review.onclick();
  else return;
  e.preventDefault();
});

function showSettlement() {
  const s = view.state;
  const names = [0, 1, 2, 3].map((seat) => t("seat.withWind", { seat: seatName(seat, s), wind: t("wind." + s.seat_winds[seat]) }));
  const { title, body } = settlement(s, { names, onNext: () => {}, onNewMatch: () => {}, autoNextIn: 0 });
  controls.settleTitle.textContent = title;
  controls.settleBody.replaceChildren(...body);
  controls.settleNext.hidden = at.hand >= at.summary.hands.length - 1;
  controls.settle.hidden = false;
}

// --- the review ------------------------------------------------------------------------------

async function reviewOf(hand) {
  at.reviews[hand] ??= call("review", { hand }, LONG_CALL).catch((error) => {
    delete at.reviews[hand]; // asked again next time
    throw error;
  });
  return at.reviews[hand];
}

async function showReview() {
  const hand = at.hand;
  const s = view.state;
  controls.panelList.replaceChildren();
  if (s?.autoplay) {
    controls.panelStatus.textContent = t("review.spectator");
    return;
  }
  controls.panelStatus.textContent = t("review.loading");
  let answer;
  try {
    answer = await reviewOf(hand);
  } catch (error) {
    controls.panelStatus.textContent = problemLine({ code: "engine", message: error.message });
    return;
  }
  if (hand !== at.hand) return;
  const lang = getLang();
  controls.panelStatus.textContent = answer.costliest.length ? "" : t("review.none");
  controls.panelList.replaceChildren(...answer.costliest.map((d) => el("li", {},
    el("button", { type: "button", "data-step": String(d.step), onclick: () => choose(hand, d) },
      reviewWords(d.reason_code, lang) || d.action, " ",
      el("span", { class: "cost", text: t("review.cost", { cost: d.cost.toFixed(1) }) })))));
  marks();
}

/**
 * A decision of the review chosen: the table shows the moment before it (the hand as the player
 * held it), and marks what it was about (review-mark.js): the tile they let go and the bot's
 * choice, or the discard a claim or a pass answered.
 */
function choose(hand, d) {
  playing(false);
  at.chosen = { hand, step: d.step, mark: markOf(d) };
  show(hand, d.step);
}

// --- where the review sits -------------------------------------------------------------------

const REVIEW_GAP = 6; // css px between the review and the bar, the screen's edge and the table

/**
 * The review beside the table, never over it (issue 36): on a wide or landscape screen a column at
 * the left, the board moving right for it and the player's strip below it; on a portrait screen a
 * band under the bar, the board below it. The table's layout makes the room (its reserves).
 */
function placeReview() {
  const bar = controls.bar.offsetHeight;
  const panel = controls.panel;
  view.ui.topReserve = bar;
  view.ui.leftReserve = 0;
  if (!at.reviewOpen) return;
  const W = innerWidth;
  const H = innerHeight;
  const portrait = H > W * 1.15;
  panel.classList.toggle("band", portrait);
  panel.style.top = `${bar + REVIEW_GAP}px`;
  if (portrait) {
    const height = Math.round(Math.min(H * 0.19, 170));
    panel.style.height = `${height}px`;
    panel.style.width = "";
    panel.style.bottom = "";
    view.ui.topReserve = bar + REVIEW_GAP + height;
  } else {
    const width = Math.round(Math.min(W * 0.36, 352));
    panel.style.width = `${width}px`;
    panel.style.height = "";
    view.ui.leftReserve = width + 2 * REVIEW_GAP;
  }
}

/** A column's foot: above the player's strip, wherever the frame's layout put it; the rest scrolls. */
function fitReview() {
  const L = renderer.layout;
  if (!at.reviewOpen || !L || controls.panel.classList.contains("band")) return;
  controls.panel.style.bottom = `${Math.max(REVIEW_GAP, Math.ceil(innerHeight - L.stripTop + REVIEW_GAP))}px`;
}

/** The costliest decisions as marks over the slider. */
async function marks() {
  controls.marks.replaceChildren();
  if (!at.reviewOpen || !at.summary) return;
  const hand = at.hand;
  const steps = at.summary.hands[hand].steps;
  const answer = await reviewOf(hand).catch(() => null);
  if (!answer || hand !== at.hand || !steps) return;
  controls.marks.replaceChildren(...answer.costliest.map((d) => {
    const mark = el("span", { "data-step": String(d.step) });
    mark.style.left = `${(100 * d.step) / steps}%`;
    return mark;
  }));
}

// --- opening a replay --------------------------------------------------------------------------

/** A link's hand or action past the replay's end, said with what is shown instead ("" when none is). */
function pastLine(where, hand, summary) {
  const total = summary.hands.length;
  if ((where.hand ?? 0) >= total) return t("replay.past.hand", { n: where.hand + 1, total, shown: hand + 1 });
  const steps = summary.hands[hand].steps;
  if ((where.step ?? 0) > steps) return t("replay.past.step", { hand: hand + 1, step: where.step, total: steps });
  return "";
}

/** Open a replay in the engine; `where` is the hand and step to show first. */
async function open(replay, where = {}) {
  playing(false);
  at.reviews = {};
  let summary;
  try {
    summary = await call("replay_open", { replay });
  } catch (error) {
    const problem = replayProblem(error);
    notice(problem ? problemLine(problem) : tooLargeLine(replay, error) ?? problemLine({ code: "engine", message: error.message }));
    opened();
    return false;
  }
  at.summary = summary;
  at.replay = replay;
  let hand = Math.min(where.hand ?? 0, summary.hands.length - 1);
  let first = where.step ?? 0;
  if (summary.problem) {
    notice(problemLine(summary.problem)); // and the hand up to there
    if (where.hand === undefined || where.hand === null) hand = Math.min(summary.problem.hand ?? 0, summary.hands.length - 1);
    if ((where.step === undefined || where.step === null) && hand === summary.problem.hand) first = summary.hands[hand].steps;
  } else notice(pastLine(where, hand, summary));
  at.hand = -1;
  fillHands();
  enable(true);
  await show(hand, first);
  at.opened += 1; // counted once its first frame is on the table (a test reads the table at once)
  return true;
}

async function replayOfPage() {
  const { r, hand, step, faceUp } = readHash();
  if (faceUp) at.faceUp = controls.faceUp.checked = true; // a link may open with every hand face up
  if (r) {
    try {
      return { replay: await unpackReplay(r), where: { hand, step } };
    } catch (error) {
      // in the reader's words when the link's fault is known (replayio.js), else as it came
      notice(problemLine(error.why ? { code: "link", words: t(`replay.why.${error.why}`) } : { code: "link", message: error.message }));
      return null;
    }
  }
  const kept = newestMatch(); // the match in play, else the last one finished

  return kept ? { replay: kept, where: {} } : null;
}

controls.open.onclick = () => controls.file.click();
/** The link to this replay at this action: put in the address bar, and copied when the browser lets us. */
controls.link.onclick = async () => {
  // in the viewer's language, as the game's share links are (the query that gave it is left behind)
  const link = `${await replayLink(at.replay, { hand: at.hand, step: at.step, faceUp: at.faceUp })}&lang=${getLang()}`;
  window.history.replaceState(null, "", link);
  try {
    await navigator.clipboard.writeText(link);
    notice(t("keep.copied"));
  } catch {
    // no clipboard here (an insecure origin, a denied permission): the address bar holds the link
  }
};
controls.file.onchange = async () => {
  const file = controls.file.files?.[0];
  controls.file.value = "";
  if (!file) return;
  let replay;
  try {
    replay = await readReplayFile(file);
  } catch (error) {
    notice(problemLine({ code: "file", words: t("replay.why.file", { name: shorten(file.name, 80) }) }));
    return;
  }
  window.history.replaceState(null, "", location.pathname + location.search);
  await open(replay);
};

enable(false);
table.show(view); // the first frame, and every redraw from now on
M.replay = {
  shown, // resolves once the first frame (or the reason there is none) is on the page
  where: () => ({ hand: at.hand, step: at.step, steps: at.summary?.hands[at.hand]?.steps ?? 0 }),
  summary: () => at.summary,
  opened: () => at.opened, // replays opened so far (a file read after the first counts one more)
  notice: () => (controls.notice.hidden ? "" : controls.notice.textContent),
  review: (hand = at.hand) => reviewOf(hand),
  choose: (/** @type {any} */ d) => choose(at.hand, d), // as the review's item for decision d does
};
M.state = () => view.state;
M._renderer = renderer;

// a link that changes the hash (followed in the same tab, pasted, back and forward) opens as a
// fresh link: its replay, or what it says it cannot open
addEventListener("hashchange", () => {
  M.ready.then(async () => {
    notice("");
    const found = await replayOfPage();
    if (found && await open(found.replay, found.where)) return;
    // nothing of the replay shown before stays on the table
    playing(false);
    Object.assign(at, { replay: null, summary: null, hand: 0, step: 0, reviews: {} });
    view.state = null;
    controls.label.value = "";
    controls.marks.replaceChildren();
    fillHands();
    enable(false);
    redraw();
    if (controls.notice.hidden) notice(t("replay.none"));
  }, () => {});
});

M.ready.then(async () => {
  controls.open.disabled = false;
  const found = await replayOfPage();
  if (!found) {
    if (controls.notice.hidden) notice(t("replay.none"));
    opened();
    return;
  }
  await open(found.replay, found.where);
}, () => opened());
