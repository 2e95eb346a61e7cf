// The game page's matches: dealing them (a new match, a kept one resumed, the hand dealt again, the
// next hand) through the table's session (table/session.js), the status line, the end of a hand (its
// settlement, the player's record and first win, four bots' next deal), and the notices on the
// banner. app.js calls these as it hears the session's news; nothing here calls app.js back.

import { t, getLang } from "../i18n/i18n.js";
import { choose, speedOf, ownAgain, ownValue, isVisitOnly } from "../keep/settings.js";
import { variantsOf } from "../engine/catalog.js";
import { readRecord, addLine, lineOf, figures } from "../keep/record.js";
import { probeStorage } from "../shell/storage.js";

/** Where the player's first win is remembered (its moment comes once per browser). */
const FIRST_WIN_KEY = "mahjong.firstWin";

/**
 * ctx: {session, ui, keeper, panels, clocks, settings, params, emit, notices, redraw, catalog, newcomerEasy}:
 * the table's session, the overlay (ui.js), the keeper (keeper.js), the panels (panels.js), which
 * clock runs (timer.js), the player's settings and the address's parameters, the embed API's
 * emit (embed.js), the banner's notices (createNotices, below), the table's redraw, the engine's lists (catalog(): they arrive after the boot),
 * and whether the first match is a newcomer's (against easy bots for the visit).
 */
// long: one closure over the match's own state (`at`), its functions read top to bottom: the deals, the status, the hand's end, the notices
export function createMatches(ctx) {
  const { session, ui, keeper, panels, clocks, settings, params, emit, notices, redraw, catalog, newcomerEasy } = ctx;
  const { notice, notAccepted } = notices;
  const { view, run, store } = session;
  /** The match's own: its daily deal, the hand's end's timers, what is recorded and remembered. */
  const at = {
    daily: false, // the match on the table is the deal of the day (named on the table's status line)
    autoNextTimer: 0, // four bots: the next hand's deal after a settlement
    settleTimer: 0, // the settlement's opening after a hand ends
    recorded: -1, // the match whose line is in the player's record (its generation)
    firstWinHand: "", // the hand whose settlement is the player's first win ("generation:number"), once decided
  };

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
    session.newMatch();
    clearTimeout(at.autoNextTimer);
    clearTimeout(at.settleTimer);
    ui.closeSettlement();
    if (fromError) ui.hideBanner();
    panels.clear();
    const request = clocks.forMatch(args); // its clock: the player's, none for a newcomer's first match, else the rule's
    if (request.seed === undefined || request.seed === null) delete request.seed;
    let answer;
    try {
      answer = await session.request("new_match", request);
    } catch (thrown) {
      const error = /** @type {any} */ (thrown);
      if (error.kind === "stale") return view.state; // another match started meanwhile
      if (request.position && error.kind !== "engine") {
        notice([t("error.position", { message: error.message })]);
        delete request.position;
        return startMatch(request);
      }
      if (error.kind === "invalid") {
        // a bad option or level from an embedding page: say it was not accepted and play the defaults
        notAccepted(error, "error.invalid");
        const variants = variantsOf(catalog());
        return startMatch({ variant: variants.includes(request.variant) ? request.variant : variants[0] });
      }
      session.fault(error);
      throw error;
    }
    keeper.begin(link); // its own key: no other match's save is replaced
    at.daily = link.startsWith("daily=");
    session.dealt(answer, "match");
    return view.state;
  }

  /** Continue a kept match (keeper.js); false when it cannot be resumed (reported, set aside). */
  async function resumeMatch(kept) {
    session.newMatch();
    panels.clear();
    const state = await keeper.resume(kept).catch((error) => {
      if (error.kind !== "stale") session.fault(error);
      return null;
    });
    if (!state) return false;
    at.daily = kept.link.startsWith("daily=");
    clocks.resumed(state);
    session.dealt({ state }, "resume");
    return true;
  }

  async function restartHand() {
    ui.hideBanner();
    session.newMatch();
    try {
      session.dealt(await session.request("restart_hand"), "restart");
    } catch (thrown) {
      if (/** @type {any} */ (thrown)?.kind === "stale") return;
      // the hand cannot be dealt again: a new match with the same settings
      startMatch(matchArgs()).catch(() => {});
    }
  }

  async function nextHand() {
    const s = view.state;
    if (!s || !s.is_over) throw new Error("the hand is not over");
    if (s.match?.is_over) throw new Error("the match is over");
    clearTimeout(at.autoNextTimer);
    clearTimeout(at.settleTimer);
    const answer = await session.request("next_hand").catch((error) => {
      session.fault(error);
      throw error;
    });
    ui.closeSettlement();
    session.dealt(answer, "next");
    return view.state;
  }

  function updateStatus() {
    const s = view.state;
    document.title = `${t("game.title")} · ${t("variant." + (s?.variant || settings.variant))}`;
    if (!s) {
      ui.setStatus(t("variant." + settings.variant));
      return;
    }
    let text = `${t("variant." + s.variant)} · ${t("table.handOf", { n: s.match.hand_number + 1, total: s.match.hands })}`;
    if (at.daily) text = `${t("keep.daily")} · ${text}`; // the same walls as everyone's today
    if (s.autoplay) text += ` · ${t("game.autoplay")}`;
    ui.setStatus(text);
  }

  function handOver() {
    const s = view.state;
    clearTimeout(at.settleTimer);
    const my = run.gen;
    const number = s.match.hand_number;
    emit("handEnd", { result: s.result, hand: number, state: s });
    if (!s.autoplay && !settings.played) {
      choose(settings, { played: true }, getLang()); // a hand played to its end
      if (newcomerEasy && isVisitOnly("level")) ownAgain(settings, "level"); // the next match: the player's own level
      redraw();
    }
    if (s.match.is_over) {
      if (!s.autoplay && at.recorded !== run.gen) {
        at.recorded = run.gen; // the player's record: one line per match played to its end (keep/record.js)
        addLine(probeStorage(), lineOf(s));
      }
      ui.announce(t("narration.matchOver"));
      emit("matchEnd", { scores: s.result.scores, results: s.match.results, state: s });
    }
    at.settleTimer = setTimeout(() => {
      if (!store.isCurrent(my) || view.state?.match.hand_number !== number || !view.state.is_over) return;
      showSettlement();
      if (s.autoplay && !s.match.is_over) {
        at.autoNextTimer = setTimeout(() => {
          if (store.isCurrent(my) && view.state?.is_over && view.state.match.hand_number === number) nextHand().catch(() => {});
        }, speedOf(settings.speed).autoNext);
      }
    }, speedOf(settings.speed).settle);
  }

  /** The player's record of this rule set in a sentence, for a finished match's settlement ("" for none). */
  function recordLine(s) {
    if (!s.match.is_over || s.autoplay) return "";
    const f = figures(readRecord(probeStorage()), s.variant);
    if (!f.matches) return "";
    const pct = (/** @type {number} */ n, of = f.hands) => (of ? Math.round((100 * n) / of) : 0);
    const words = { variant: t(`variant.${s.variant}`), matches: f.matches, hands: f.hands, wins: f.wins, winPct: pct(f.wins),
      average: (Math.round(f.average * 10) / 10).toString(), firsts: f.firsts };
    // no deal-in figure where the rules allow no discard win (Xinyu is self-draw only)
    if (f.dealtIn === null) return t("settle.recordSelfDraw", words);
    return t("settle.record", { ...words, dealtIn: f.dealtIn, dealPct: pct(f.dealtIn, f.dealtHands) });
  }

  /** Whether this hand over is the player's first win here: remembered at once, shown on its settlement (again if reopened). */
  function isFirstWin(s) {
    const me = s.seat ?? s.human;
    const hand = `${run.gen}:${s.match.hand_number}`;
    if (at.firstWinHand) return at.firstWinHand === hand;
    if (s.autoplay || !s.result?.winners?.includes(me)) return false;
    try {
      if (localStorage.getItem(FIRST_WIN_KEY)) return false;
      localStorage.setItem(FIRST_WIN_KEY, "1");
    } catch {
      return false; // a browser that keeps nothing cannot tell a first win
    }
    at.firstWinHand = hand;
    return true;
  }

  function showSettlement() {
    const s = view.state;
    if (!s?.is_over) return;
    const names = [0, 1, 2, 3].map((seat) => session.seatLabel(seat, s));
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

  return { matchArgs, startMatch, resumeMatch, restartHand, nextHand, updateStatus, handOver, showSettlement };
}

/**
 * The banner's notices: one-line reports (with buttons: what the player can do about them) and
 * refusals of what was asked, each told to the embedding page too.
 * @param {{ui: any, emit: (type: string, data: any) => void}} parts
 */
export function createNotices({ ui, emit }) {
  /**
   * A refusal of what was asked (kind "invalid": bad input, not an engine failure) is a notice;
   * `key` says what happens next (err.invalid: a normal game was started instead).
   */
  function notAccepted(error, key = "error.notAccepted") {
    // the page's own refusals in the reader's words; the engine's detail as it came
    const words = error.words ? t(error.words.key, error.words.vars) : error.message;
    const line = t(key, { message: words });
    ui.showRefusal(line); // in the place of the last refusal, gone at the next success (api.js)
    emit("notice", { messages: [line] });
    emit("error", { message: error.message, kind: error.kind || "invalid" });
  }

  /** One-line reports on the banner (with buttons: what the player can do about it). */
  function notice(messages, buttons = []) {
    ui.showNotice(messages, buttons);
    emit("notice", { messages });
  }

  return { notice, notAccepted };
}
