// The words of saving, resuming, replays, the viewer, the review and the deal of the day, in the
// three languages (added to i18n.js's tables).

import { addStrings } from "./i18n.js";

addStrings({
  en: {
    "keep.resume": "Continue the match you left? {variant}, hand {n} of {total}.",
    "keep.continue": "Continue", "keep.discard": "New match",
    "keep.problem.corrupt": "Your saved match could not be read and was set aside; a new match starts.",
    "keep.problem.old": "Your saved match comes from another version of the game that cannot resume it; it was set aside and a new match starts.",
    "keep.problem.foreign": "The stored save is not a match of this game; it was set aside and a new match starts.",
    "keep.export": "Export", "keep.exportHand": "Export this hand", "keep.exportMatch": "Export the match",
    "keep.watch": "Watch this hand again", "keep.copyLink": "Copy replay link", "keep.copied": "Replay link copied.",
    "keep.daily": "Deal of the day", "keep.dailyStatus": "Deal of the day {date}",
    "keep.dailyHint": "Today's walls, the same for everyone: afterwards, see how the bots did with them",
    "keep.compare": "Against the bots", "keep.compareTitle": "The same walls, played by the bots",
    "keep.compareYou": "You", "keep.compareLevel.normal": "Normal bot in your seat", "keep.compareLevel.hard": "Hard bot in your seat",
    "keep.compareHand": "Hand {n}", "keep.compareTotal": "Total", "keep.computing": "The bots are playing your walls…",
    "replay.title": "Replay", "replay.back": "Step back", "replay.forward": "Step forward",
    "replay.play": "Play", "replay.pause": "Pause", "replay.faceUp": "All hands face up",
    "replay.slider": "Action", "replay.hand": "Hand", "replay.handOption": "Hand {n}",
    "replay.open": "Open a file", "replay.toGame": "Back to the game", "replay.review": "Review",
    "replay.start": "Hand {n}: the deal", "replay.step": "{i}/{total} · {seat}: {action}",
    "replay.settlement": "Settlement", "replay.close": "Close", "replay.nextHand": "Next hand",
    "replay.none": "No replay to show: open a replay file, or follow a replay link.",
    "replay.loading": "Reading the replay…",
    "replay.err.link": "This replay link is broken: {message}",
    "replay.err.file": "This file is not a replay: {message}",
    "replay.err.malformed": "This replay is damaged: {message}",
    "replay.err.version": "This replay is from another version of the game and no longer plays: {message}",
    "replay.err.illegal": "This replay stops at hand {hand}, action {action}: {message}",
    "replay.err.mismatch": "This replay does not come out as recorded at hand {hand}: {message}",
    "replay.err.engine": "The engine failed: {message}",
    "review.title": "Your costliest decisions", "review.none": "No decision cost anything by the hard bot's estimate.",
    "review.loading": "The hard bot is looking at your decisions…", "review.cost": "−{cost} points",
    "review.spectator": "Nobody played this hand by hand: there is nothing to review.",
  },
  "zh-Hans": {
    "keep.resume": "继续上次的对局吗？{variant}，第 {n}/{total} 局。",
    "keep.continue": "继续", "keep.discard": "新对局",
    "keep.problem.corrupt": "保存的对局无法读取，已另存一边；开始新对局。",
    "keep.problem.old": "保存的对局来自另一个版本，无法继续，已另存一边；开始新对局。",
    "keep.problem.foreign": "保存的数据不是本游戏的对局，已另存一边；开始新对局。",
    "keep.export": "导出", "keep.exportHand": "导出这一局", "keep.exportMatch": "导出整场",
    "keep.watch": "重看这一局", "keep.copyLink": "复制回放链接", "keep.copied": "回放链接已复制。",
    "keep.daily": "每日一局", "keep.dailyStatus": "每日一局 {date}",
    "keep.dailyHint": "今天的牌墙，人人相同：打完看看电脑用同样的牌打得如何",
    "keep.compare": "与电脑比较", "keep.compareTitle": "同样的牌墙，电脑来打",
    "keep.compareYou": "你", "keep.compareLevel.normal": "普通电脑坐你的位置", "keep.compareLevel.hard": "困难电脑坐你的位置",
    "keep.compareHand": "第 {n} 局", "keep.compareTotal": "合计", "keep.computing": "电脑正在打你的牌墙…",
    "replay.title": "回放", "replay.back": "后退一步", "replay.forward": "前进一步",
    "replay.play": "播放", "replay.pause": "暂停", "replay.faceUp": "亮出所有手牌",
    "replay.slider": "步骤", "replay.hand": "局", "replay.handOption": "第 {n} 局",
    "replay.open": "打开文件", "replay.toGame": "回到游戏", "replay.review": "复盘",
    "replay.start": "第 {n} 局：配牌", "replay.step": "{i}/{total} · {seat}：{action}",
    "replay.settlement": "结算", "replay.close": "关闭", "replay.nextHand": "下一局",
    "replay.none": "没有可显示的回放：请打开回放文件或回放链接。",
    "replay.loading": "正在读取回放…",
    "replay.err.link": "回放链接已损坏：{message}",
    "replay.err.file": "这个文件不是回放：{message}",
    "replay.err.malformed": "回放数据有误：{message}",
    "replay.err.version": "这个回放来自另一个版本，已无法重放：{message}",
    "replay.err.illegal": "回放停在第 {hand} 局第 {action} 步：{message}",
    "replay.err.mismatch": "第 {hand} 局重放结果与记录不符：{message}",
    "replay.err.engine": "引擎出错：{message}",
    "review.title": "代价最大的决定", "review.none": "按困难电脑的估计，你的决定都没有损失。",
    "review.loading": "困难电脑正在检查你的决定…", "review.cost": "−{cost} 分",
    "review.spectator": "这一局没有人类玩家，没有可复盘的决定。",
  },
  "zh-Hant": {
    "keep.resume": "繼續上次的對局嗎？{variant}，第 {n}/{total} 局。",
    "keep.continue": "繼續", "keep.discard": "新對局",
    "keep.problem.corrupt": "保存的對局無法讀取，已另存一邊；開始新對局。",
    "keep.problem.old": "保存的對局來自另一個版本，無法繼續，已另存一邊；開始新對局。",
    "keep.problem.foreign": "保存的資料不是本遊戲的對局，已另存一邊；開始新對局。",
    "keep.export": "匯出", "keep.exportHand": "匯出這一局", "keep.exportMatch": "匯出整場",
    "keep.watch": "重看這一局", "keep.copyLink": "複製回放連結", "keep.copied": "回放連結已複製。",
    "keep.daily": "每日一局", "keep.dailyStatus": "每日一局 {date}",
    "keep.dailyHint": "今天的牌牆，人人相同：打完看看電腦用同樣的牌打得如何",
    "keep.compare": "與電腦比較", "keep.compareTitle": "同樣的牌牆，電腦來打",
    "keep.compareYou": "你", "keep.compareLevel.normal": "普通電腦坐你的位置", "keep.compareLevel.hard": "困難電腦坐你的位置",
    "keep.compareHand": "第 {n} 局", "keep.compareTotal": "合計", "keep.computing": "電腦正在打你的牌牆…",
    "replay.title": "回放", "replay.back": "後退一步", "replay.forward": "前進一步",
    "replay.play": "播放", "replay.pause": "暫停", "replay.faceUp": "亮出所有手牌",
    "replay.slider": "步驟", "replay.hand": "局", "replay.handOption": "第 {n} 局",
    "replay.open": "開啟檔案", "replay.toGame": "回到遊戲", "replay.review": "復盤",
    "replay.start": "第 {n} 局：配牌", "replay.step": "{i}/{total} · {seat}：{action}",
    "replay.settlement": "結算", "replay.close": "關閉", "replay.nextHand": "下一局",
    "replay.none": "沒有可顯示的回放：請開啟回放檔案或回放連結。",
    "replay.loading": "正在讀取回放…",
    "replay.err.link": "回放連結已損壞：{message}",
    "replay.err.file": "這個檔案不是回放：{message}",
    "replay.err.malformed": "回放資料有誤：{message}",
    "replay.err.version": "這個回放來自另一個版本，已無法重放：{message}",
    "replay.err.illegal": "回放停在第 {hand} 局第 {action} 步：{message}",
    "replay.err.mismatch": "第 {hand} 局重放結果與記錄不符：{message}",
    "replay.err.engine": "引擎出錯：{message}",
    "review.title": "代價最大的決定", "review.none": "按困難電腦的估計，你的決定都沒有損失。",
    "review.loading": "困難電腦正在檢查你的決定…", "review.cost": "−{cost} 分",
    "review.spectator": "這一局沒有人類玩家，沒有可復盤的決定。",
  },
});

/** The one line that reports a replay's problem (py_engine/replay.py Problem, or a ReplayReadError). */
export function problemLine(t, problem) {
  const code = problem.code || "engine";
  const key = `replay.err.${code}`;
  return t(key, {
    message: problem.message || "",
    hand: (problem.hand ?? 0) + 1,
    action: (problem.action ?? 0) + 1,
  });
}

/** For the calls where the hard bot thinks through a whole hand (review, duplicate): longer than a move's timeout. */
export const LONG_CALL = { timeout: 180_000 };

/** The replay problem an engine refusal carries (bridge kind "replay"), or null. */
export function replayProblem(error) {
  const answer = error?.answer;
  return answer && answer.kind === "replay" && answer.problem ? answer.problem : null;
}
