// The table's own words beside i18n.js's (issue 13): the one-line turn prompt (prompt.js) and
// the toolbar's visible labels (toolbar.js), in the three languages, merged in on import. Each
// visible label is a part of its button's full name (tb.*), so that the name a screen reader
// says holds the word a sighted player reads.
import { addStrings } from "./i18n.js";

addStrings({
  en: {
    "prompt.turn.tap": "Your turn: tap a tile, tap it again to discard",
    "prompt.turn.click": "Your turn: click a tile, click it again to discard",
    "prompt.turnOr.tap": "Your turn: {choices}, or tap a tile twice to discard",
    "prompt.turnOr.click": "Your turn: {choices}, or click a tile twice to discard",
    "prompt.selected.tap": "Tap {tile} again to discard it",
    "prompt.selected.click": "Click {tile} again to discard it",
    "prompt.orPass": "{choices} or pass?",
    "prompt.choose": "Your move: {choices}",
    "prompt.tileOrPass": "{tile}: {choices}, or pass?",
    "prompt.tileChoose": "{tile}: {choices}",
    "prompt.thinking": "{seats} is thinking…",
    "prompt.thinking.many": "{seats} are thinking…",
    "prompt.join": ", ", "prompt.lastJoin": " or ", "prompt.seatsJoin": " and ",
    "toolbar.short.settings": "Settings", "toolbar.short.newGame": "New", "toolbar.short.hints": "Hints",
    "toolbar.short.tracker": "Tracker", "toolbar.short.sound": "Sound", "toolbar.short.share": "Link", "toolbar.short.help": "Help",
  },
  "zh-Hans": {
    "prompt.turn.tap": "轮到你：点一张牌，再点一次打出",
    "prompt.turn.click": "轮到你：点一张牌，再点一次打出",
    "prompt.turnOr.tap": "轮到你：{choices}，或把一张牌点两次打出",
    "prompt.turnOr.click": "轮到你：{choices}，或把一张牌点两次打出",
    "prompt.selected.tap": "再点一次{tile}就打出",
    "prompt.selected.click": "再点一次{tile}就打出",
    "prompt.orPass": "{choices}，还是过？",
    "prompt.choose": "你可以：{choices}",
    "prompt.tileOrPass": "{tile}：{choices}，还是过？",
    "prompt.tileChoose": "{tile}：{choices}",
    "prompt.thinking": "{seats}思考中…",
    "prompt.thinking.many": "{seats}思考中…",
    "prompt.join": "、", "prompt.lastJoin": "或", "prompt.seatsJoin": "和",
    "toolbar.short.settings": "设置", "toolbar.short.newGame": "新比赛", "toolbar.short.hints": "提示",
    "toolbar.short.tracker": "记牌", "toolbar.short.sound": "声音", "toolbar.short.share": "链接", "toolbar.short.help": "帮助",
  },
  "zh-Hant": {
    "prompt.turn.tap": "輪到你：點一張牌，再點一次打出",
    "prompt.turn.click": "輪到你：點一張牌，再點一次打出",
    "prompt.turnOr.tap": "輪到你：{choices}，或把一張牌點兩次打出",
    "prompt.turnOr.click": "輪到你：{choices}，或把一張牌點兩次打出",
    "prompt.selected.tap": "再點一次{tile}就打出",
    "prompt.selected.click": "再點一次{tile}就打出",
    "prompt.orPass": "{choices}，還是過？",
    "prompt.choose": "你可以：{choices}",
    "prompt.tileOrPass": "{tile}：{choices}，還是過？",
    "prompt.tileChoose": "{tile}：{choices}",
    "prompt.thinking": "{seats}思考中…",
    "prompt.thinking.many": "{seats}思考中…",
    "prompt.join": "、", "prompt.lastJoin": "或", "prompt.seatsJoin": "和",
    "toolbar.short.settings": "設定", "toolbar.short.newGame": "新比賽", "toolbar.short.hints": "提示",
    "toolbar.short.tracker": "記牌", "toolbar.short.sound": "聲音", "toolbar.short.share": "連結", "toolbar.short.help": "說明",
  },
});
