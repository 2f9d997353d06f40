// UI text in English and Japanese. Game text (card names, action labels, log lines, rules) comes from
// the server in the chosen language; this file holds only the client's own words.

const TEXT = {
  en: {
    "nav.lobby": "Lobby", "nav.replays": "Replays", "nav.rules": "Rules",
    "lobby.title": "Play a trick-taking game",
    "lobby.intro": "Pick a game, fill the seats with bots or friends, and play. Share the table's link to invite people.",
    "lobby.create": "New table", "lobby.open": "Open tables", "lobby.none": "No open tables yet: create one.",
    "lobby.refresh": "Refresh",
    "create.game": "Game", "create.players": "Players", "create.options": "Options",
    "create.seats": "Seats", "create.name": "Your name", "create.submit": "Create table",
    "create.seed": "Seed (optional)", "create.human": "Person", "create.bot": "Bot",
    "create.you": "you", "create.standin": "stand-in",
    "create.tagP": "published rule", "create.tagD": "our default: no public source settles it",
    "create.default": "default", "create.noOptions": "This game has no options.",
    "create.showOptions": "Options", "create.rules": "Rules of {game}", "create.yes": "yes", "create.no": "no", "create.guest": "Guest",
    "bot.random": "Random", "bot.easy": "Easy", "bot.heuristic": "Heuristic", "bot.medium": "Medium", "bot.hard": "Hard",
    "table.status.waiting": "waiting for players", "table.status.playing": "playing", "table.status.over": "finished",
    "table.join": "Sit here", "table.spectate": "Watch", "table.open": "Open", "table.free": "free seat",
    "table.players": "{n} players", "table.step": "move {n}", "table.round": "Round {n}",
    "table.share": "Copy link", "table.copied": "Link copied", "table.start": "Start with bots in free seats",
    "table.waiting": "Waiting for people to take the free seats. Share this link:",
    "table.yourTurn": "Your turn", "table.turnOf": "{who} to play", "table.turnOfMany": "Waiting for {who}",
    "table.spectating": "You are watching", "table.you": "you", "table.hand": "Your hand",
    "table.trick": "Trick", "table.emptyTrick": "No card played yet", "table.log": "Game log",
    "table.scores": "Scores", "table.decide": "Your decision", "table.noDecision": "Nothing to decide now.",
    "table.cards": "{n} cards", "table.cards.one": "1 card", "table.leader": "leads", "table.thinking": "thinking…",
    "table.away": "away: a bot plays", "table.offline": "offline", "table.bot": "bot",
    "table.over": "Game over", "table.winner": "Winner", "table.winners": "Winners", "table.score": "Score",
    "table.replay": "Watch the replay", "table.back": "Back to the lobby", "table.connecting": "Connecting…",
    "table.reconnecting": "Connection lost: reconnecting…", "table.filter": "Filter choices",
    "table.choose": "Choose for {card}", "table.cancel": "Cancel", "table.phase": "Phase",
    "table.seatName": "Your name", "table.public": "On the table", "table.joinAs": "Take a seat",
    "table.notFound": "No such table.", "table.rules": "Rules", "table.more": "{n} more",
    "table.chooseOther": "Other choices",
    "table.whileAway": "While you were away, a stand-in bot played for you:", "table.gotIt": "OK",
    "table.leaving": "{name} left the table: a stand-in bot plays for them in",
    "verify.button": "Verify this deal", "verify.holds": "This deal holds.", "verify.fails": "This deal does NOT hold.",
    "verify.commitment": "The published secret matches the commitment shown at the start (checked in this browser)",
    "verify.seenHere": "… and the commitment this browser saw at the table",
    "verify.seed": "The seed is the one the secret and {n} player contribution(s) make (checked in this browser)",
    "verify.replay": "All {n} moves replay from that seed (checked by the server)",
    "verify.none": "This game's deal was not committed to (a chosen seed or an older game)",
    "verify.error": "The check could not be made", "verify.how": "Check it on your own computer: tricktable verify RECORD (the scheme is in docs/protocol.md).",
    "table.practice": "practice / set-up deal", "table.notNow": "You cannot play this card now.", "table.firstDecide": "Not a card now: {step}", "table.suggest": "Suggest a move",
    "table.standin": "stand-in", "table.awayMore.one": "1 earlier move is marked “stand-in” in the game log; the latest:", "table.awayMore": "{n} earlier moves are marked “stand-in” in the game log; the latest:", "table.lastTrick": "Last trick", "table.total": "Total",
    "table.leadNext": "{who} leads the next trick", "table.chooseSeat": "choose {who}",
    "table.confirm": "Confirm", "table.mine": "mine",
    "panel.reference": "Cards & powers", "panel.rules": "Rules", "panel.close": "Close",
    "create.tagShortP": "published", "create.tagShortD": "our reading", "create.advanced": "Advanced",
    "create.standinLevel": "Stand-in bot if this player leaves", "create.heroes": "Choose the 7 heroes",
    "create.heroCount": "{n} of 7 chosen", "create.explicit": "choose 7 heroes",
    "create.setup": "Set up a deal (practice table)", "create.none": "none",
    "replay.jump": "Jump to", "replay.won": "Won by {who}", "replay.hidden": "(hidden)",
    "replay.title": "Replays", "replay.none": "No finished games yet.", "replay.step": "Move {k} of {n}",
    "replay.first": "Start", "replay.prev": "Back", "replay.next": "Forward", "replay.last": "End",
    "replay.play": "Play", "replay.pause": "Pause", "replay.seat": "Seen by", "replay.everyone": "all hands",
    "replay.moves": "Moves", "replay.hands": "Hands",
    "rules.title": "Rules", "rules.pick": "Choose a game",
    "error.generic": "Something went wrong", "error.network": "The server cannot be reached.",
    "clock.title": "Clocks", "clock.realtime": "Real time: {move} a move + {reserve} in reserve",
    "clock.turn": "Turn-based: {move} a move", "clock.reserve": "reserve", "clock.waiting": "not to play",
    "clock.out": "time up", "clock.days": "{n} d", "clock.hours": "{n} h", "clock.minutes": "{n} min",
    "create.clock": "Time control", "create.clock.none": "No clock", "create.clock.blitz": "Blitz: 10 s a move + 2 min",
    "create.clock.normal": "Normal: 30 s a move + 5 min", "create.clock.relaxed": "Relaxed: 90 s a move + 15 min",
    "create.clock.day": "Turn-based: a day a move", "create.clock.three-days": "Turn-based: 3 days a move",
    "undo.button": "Take back my move",
    "chat.title": "Chat", "chat.placeholder": "Say something to the table", "chat.send": "Send",
    "chat.spectator": "Spectator", "chat.spectatorN": "Spectator {n}", "chat.mute": "Mute", "chat.unmute": "Unmute",
    "create.badNumber": "“{item}” is not a whole number from {low} to {high}: write numbers with commas, e.g. 13, 15, 24",
    "learn.button": "Learn to play", "learn.guide": "Guide", "learn.since": "Since your move:",
    "learn.suggest": "Suggested: {move}", "learn.play": "Play the suggestion", "learn.anyway": "Play mine anyway",
    "learn.retry": "Choose again",
    "learn.wrong": "The guide would not play that here: it suggests {move}. Read the rule above, then choose again, or keep yours.",
    "learn.done": "Tutorial complete: you have played the guided part of a real game. Play on, or start a table in the lobby.",
    "learn.about": "A short guided game against bots: each rule is told the moment it first matters.",
    "chat.muted": "{n} messages from muted players hidden", "chat.muted.one": "1 message from a muted player hidden", "chat.none": "No messages yet.",
    "chat.muteNote": "Muting hides their messages in this browser only.",
    "sound.on": "Sound: on", "sound.off": "Sound: off",
    "notify.ask": "Tell me when it is my turn", "notify.title": "Your turn: {game}", "notify.body": "It is your move at {game}.",
    "nav.games": "My games", "nav.leaderboard": "Leaderboard", "nav.login": "Log in",
    "account.title": "Account", "account.name": "User name", "account.passwordLabel": "Password",
    "account.passwordRule": "At least 8 characters.", "account.login": "Log in", "account.signup": "Sign up",
    "account.logout": "Log out", "account.signedIn": "Signed in as {name}.", "account.ratings": "Your ratings",
    "account.noRatings": "No rated games yet: create a rated table in the lobby.",
    "account.guestNote": "You are playing as a guest: your seats stay with this browser. With an account they follow you to any device, and rated tables and the leaderboard are open to you.",
    "account.welcome": "Welcome, {name}", "account.wrong": "Wrong name or password.",
    "account.taken": "That name is taken: choose another, or log in.",
    "account.password": "The password needs at least 8 characters (and at most 1024 bytes).",
    "account.badName": "That name cannot be used: 1–32 visible characters, and not a bot's or a seat's label.",
    "account.reservedName": "That name is kept for bots, seats, players without a name and spectators (such as “Random”, “Player 2”, “Spectator 1”): choose another.",
    "account.wait": "Too many wrong passwords for this name: wait a few minutes.",
    "account.needed": "Rated tables are for accounts: log in or sign up.",
    "games.title": "My games", "games.your_turn": "Your turn", "games.waiting": "Waiting for players",
    "games.playing": "In progress", "games.finished": "Finished",
    "games.none.your_turn": "No game is waiting for your move.", "games.none.waiting": "None.",
    "games.none.playing": "None.", "games.none.finished": "No finished games yet.",
    "games.guestNote": "As a guest you see the games of this browser only.", "games.against": "With {names}",
    "games.won": "You won", "games.play": "Play your move",
    "board.title": "Leaderboard", "board.who": "Player", "board.rating": "Rating", "board.games": "Games",
    "board.game": "Game", "board.bot": "Bot", "board.none": "No rated games of this game yet.",
    "board.about": "Ratings by OpenSkill (Plackett–Luce): every rated game moves everyone at its table by their place, ties included. A new player starts at 1000; the rating is a cautious estimate that rises as games make it surer. Bot levels are rated from their games against people and from bot tournaments.",
    "board.join": "Sign up to be on the leaderboard", "table.rated": "rated",
    "create.rated": "Rated game", "create.ratedNote": "Only players with an account can sit; the result moves everyone's rating. Not with a chosen seed or deal.",
    "create.ratedLogin": "Log in to create rated games.", "table.ratingChange": "Rating", "table.ratingPending": "Updating ratings…",
    "game.seat": "Seat {n}",
  },
  ja: {
    "nav.lobby": "ロビー", "nav.replays": "リプレイ", "nav.rules": "ルール",
    "lobby.title": "トリックテイキングで遊ぶ",
    "lobby.intro": "ゲームを選び、席をボットか友達で埋めて遊びましょう。テーブルのリンクを送れば招待できます。",
    "lobby.create": "新しいテーブル", "lobby.open": "開いているテーブル", "lobby.none": "まだテーブルがありません。作ってください。",
    "lobby.refresh": "更新",
    "create.game": "ゲーム", "create.players": "人数", "create.options": "オプション",
    "create.seats": "席", "create.name": "あなたの名前", "create.submit": "テーブルを作る",
    "create.seed": "シード（任意）", "create.human": "人", "create.bot": "ボット",
    "create.you": "あなた", "create.standin": "代打ち",
    "create.tagP": "公式ルール", "create.tagD": "公開資料で決まらないための既定値",
    "create.default": "既定", "create.noOptions": "このゲームにオプションはありません。",
    "create.showOptions": "オプション", "create.rules": "{game}のルール", "create.yes": "はい", "create.no": "いいえ", "create.guest": "ゲスト",
    "bot.random": "ランダム", "bot.easy": "かんたん", "bot.heuristic": "ヒューリスティック", "bot.medium": "ふつう", "bot.hard": "むずかしい",
    "table.status.waiting": "参加者待ち", "table.status.playing": "対戦中", "table.status.over": "終了",
    "table.join": "この席に座る", "table.spectate": "観戦", "table.open": "開く", "table.free": "空席",
    "table.players": "{n}人", "table.step": "{n}手目", "table.round": "第{n}ラウンド",
    "table.share": "リンクをコピー", "table.copied": "リンクをコピーしました", "table.start": "空席をボットにして開始",
    "table.waiting": "空席に人が座るのを待っています。このリンクを送ってください：",
    "table.yourTurn": "あなたの番です", "table.turnOf": "{who}の番", "table.turnOfMany": "{who}を待っています",
    "table.spectating": "観戦中", "table.you": "あなた", "table.hand": "手札",
    "table.trick": "トリック", "table.emptyTrick": "まだカードが出ていません", "table.log": "ゲームの記録",
    "table.scores": "得点", "table.decide": "あなたの選択", "table.noDecision": "今は選ぶことがありません。",
    "table.cards": "{n}枚", "table.cards.one": "1枚", "table.leader": "リード", "table.thinking": "思考中…",
    "table.away": "離席中：ボットが代打ち", "table.offline": "オフライン", "table.bot": "ボット",
    "table.over": "ゲーム終了", "table.winner": "勝者", "table.winners": "勝者", "table.score": "得点",
    "table.replay": "リプレイを見る", "table.back": "ロビーへ戻る", "table.connecting": "接続中…",
    "table.reconnecting": "接続が切れました。再接続中…", "table.filter": "選択肢を絞り込む",
    "table.choose": "{card}の使い方を選ぶ", "table.cancel": "やめる", "table.phase": "フェイズ",
    "table.seatName": "あなたの名前", "table.public": "場の情報", "table.joinAs": "席に着く",
    "table.notFound": "そのテーブルはありません。", "table.rules": "ルール", "table.more": "ほか{n}件",
    "table.chooseOther": "その他の選択",
    "table.whileAway": "離席中に代打ちのボットが打った手：", "table.gotIt": "OK",
    "table.leaving": "{name}さんが席を離れました。代打ちのボットが打つまで残り",
    "verify.button": "この配札を検証", "verify.holds": "この配札は正しく検証されました。", "verify.fails": "この配札は検証に失敗しました。",
    "verify.commitment": "公開された秘密値が開始時に示されたコミットメントと一致（このブラウザで確認）",
    "verify.seenHere": "…このブラウザが卓で見たコミットメントとも一致",
    "verify.seed": "シードは秘密値と{n}件のプレイヤーの寄与から作られたもの（このブラウザで確認）",
    "verify.replay": "{n}手すべてがそのシードから再現される（サーバーで確認）",
    "verify.none": "このゲームの配札はコミットされていません（シード指定か古いゲーム）",
    "verify.error": "検証できませんでした", "verify.how": "ご自分のコンピューターでも確認できます：tricktable verify 記録ファイル（方式は docs/protocol.md）。",
    "table.practice": "練習 / 配札指定", "table.notNow": "このカードは今は出せません。", "table.firstDecide": "今はカードを出す場面ではありません：{step}", "table.suggest": "手を提案",
    "table.standin": "代打ち", "table.awayMore.one": "それ以前の1手はゲームの記録に「代打ち」と記されています。最近の手：", "table.awayMore": "それ以前の{n}手はゲームの記録に「代打ち」と記されています。最近の手：", "table.lastTrick": "直前のトリック", "table.total": "合計",
    "table.leadNext": "{who}が次のトリックをリード", "table.chooseSeat": "{who}を選ぶ",
    "table.confirm": "決定", "table.mine": "自分",
    "panel.reference": "カードと効果", "panel.rules": "ルール", "panel.close": "閉じる",
    "create.tagShortP": "公式", "create.tagShortD": "独自の解釈", "create.advanced": "詳細設定",
    "create.standinLevel": "離席したときの代打ちボット", "create.heroes": "7人のヒーローを選ぶ",
    "create.heroCount": "7人中{n}人を選択", "create.explicit": "7人を選ぶ",
    "create.setup": "配札を指定する（練習用テーブル）", "create.none": "なし",
    "replay.jump": "移動", "replay.won": "勝者：{who}", "replay.hidden": "（非公開）",
    "replay.title": "リプレイ", "replay.none": "終わったゲームはまだありません。", "replay.step": "{n}手中{k}手目",
    "replay.first": "最初", "replay.prev": "戻る", "replay.next": "進む", "replay.last": "最後",
    "replay.play": "再生", "replay.pause": "停止", "replay.seat": "視点", "replay.everyone": "全員の手札",
    "replay.moves": "手順", "replay.hands": "手札",
    "rules.title": "ルール", "rules.pick": "ゲームを選ぶ",
    "error.generic": "エラーが起きました", "error.network": "サーバーに接続できません。",
    "clock.title": "持ち時間", "clock.realtime": "リアルタイム：1手{move}＋予備{reserve}",
    "clock.turn": "ターン制：1手{move}", "clock.reserve": "予備", "clock.waiting": "手番待ち",
    "clock.out": "時間切れ", "clock.days": "{n}日", "clock.hours": "{n}時間", "clock.minutes": "{n}分",
    "create.clock": "持ち時間", "create.clock.none": "時間制限なし", "create.clock.blitz": "早指し：1手10秒＋予備2分",
    "create.clock.normal": "標準：1手30秒＋予備5分", "create.clock.relaxed": "ゆっくり：1手90秒＋予備15分",
    "create.clock.day": "ターン制：1手1日", "create.clock.three-days": "ターン制：1手3日",
    "undo.button": "一手戻す",
    "chat.title": "チャット", "chat.placeholder": "テーブルのみんなに話しかける", "chat.send": "送信",
    "chat.spectator": "観戦者", "chat.spectatorN": "観戦者{n}", "chat.mute": "ミュート", "chat.unmute": "ミュート解除",
    "create.badNumber": "「{item}」は{low}〜{high}の整数ではありません。数字をコンマで区切って書いてください（例：13, 15, 24）",
    "learn.button": "遊び方を学ぶ", "learn.guide": "ガイド", "learn.since": "あなたの手の後：",
    "learn.suggest": "おすすめ：{move}", "learn.play": "おすすめを出す", "learn.anyway": "自分の選択で出す",
    "learn.retry": "選び直す",
    "learn.wrong": "ガイドならここではそれを出しません。おすすめは{move}です。上のルールを読んで選び直すか、そのまま出してください。",
    "learn.done": "チュートリアル完了：本物のゲームのガイド部分を遊び終えました。続けて遊ぶか、ロビーで新しいテーブルを作りましょう。",
    "learn.about": "ボットとの短いガイド付きゲーム。ルールは必要になったときに1つずつ説明します。",
    "chat.muted": "ミュート中の相手のメッセージ{n}件を隠しています", "chat.muted.one": "ミュート中の相手のメッセージ1件を隠しています", "chat.none": "まだメッセージはありません。",
    "chat.muteNote": "ミュートはこのブラウザでだけ相手のメッセージを隠します。",
    "sound.on": "音：オン", "sound.off": "音：オフ",
    "notify.ask": "手番になったら通知する", "notify.title": "あなたの番です：{game}", "notify.body": "{game}であなたの手番です。",
    "nav.games": "マイゲーム", "nav.leaderboard": "ランキング", "nav.login": "ログイン",
    "account.title": "アカウント", "account.name": "ユーザー名", "account.passwordLabel": "パスワード",
    "account.passwordRule": "8文字以上。", "account.login": "ログイン", "account.signup": "登録する",
    "account.logout": "ログアウト", "account.signedIn": "{name}としてログインしています。", "account.ratings": "あなたのレーティング",
    "account.noRatings": "まだレーティング対象の対局がありません。ロビーでレーティング対象のテーブルを作りましょう。",
    "account.guestNote": "ゲストとして遊んでいます。座った席はこのブラウザーだけのものです。アカウントがあれば、どの端末からでも続きを遊べて、レーティング対象のテーブルとランキングにも参加できます。",
    "account.welcome": "ようこそ、{name}さん", "account.wrong": "ユーザー名かパスワードが違います。",
    "account.taken": "その名前はすでに使われています。別の名前にするか、ログインしてください。",
    "account.password": "パスワードは8文字以上（1024バイト以内）にしてください。",
    "account.badName": "その名前は使えません。見える文字で1〜32文字、ボットや席の呼び名は使えません。",
    "account.reservedName": "その名前はボット・席・名前のないプレイヤー・観戦者の呼び名（「ランダム」「プレイヤー2」「観戦者1」など）のため使えません。別の名前を選んでください。",
    "account.wait": "この名前でパスワードの誤りが多すぎます。数分待ってください。",
    "account.needed": "レーティング対象のテーブルにはアカウントが必要です。ログインか登録をしてください。",
    "games.title": "マイゲーム", "games.your_turn": "あなたの番", "games.waiting": "参加者待ち",
    "games.playing": "対戦中", "games.finished": "終了",
    "games.none.your_turn": "あなたの手番を待っているゲームはありません。", "games.none.waiting": "ありません。",
    "games.none.playing": "ありません。", "games.none.finished": "終わったゲームはまだありません。",
    "games.guestNote": "ゲストの場合、このブラウザーで遊んだゲームだけが表示されます。", "games.against": "対戦相手：{names}",
    "games.won": "勝ち", "games.play": "手番を打つ",
    "board.title": "ランキング", "board.who": "プレイヤー", "board.rating": "レーティング", "board.games": "対局数",
    "board.game": "ゲーム", "board.bot": "ボット", "board.none": "このゲームのレーティング対象の対局はまだありません。",
    "board.about": "レーティングはOpenSkill（Plackett–Luce）で計算します。レーティング対象の対局が終わるたびに、同じテーブルの全員が順位（同順位も含む）に応じて動きます。新しいプレイヤーは1000から始まり、対局を重ねて確かになるほど上がる控えめな推定値です。ボットのレベルは、人との対局とボット同士の大会の結果からレーティングされます。",
    "board.join": "登録するとランキングに載ります", "table.rated": "レーティング対象",
    "create.rated": "レーティング対象にする", "create.ratedNote": "アカウントを持つプレイヤーだけが座れ、結果で全員のレーティングが動きます。シードや配札を指定したテーブルは対象外です。",
    "create.ratedLogin": "ログインするとレーティング対象のテーブルを作れます。", "table.ratingChange": "レーティング", "table.ratingPending": "レーティングを更新中…",
    "game.seat": "{n}番席",
  },
};

const KEY = "tricktable.lang";

/** The current language: "en" or "ja" (saved in localStorage, first guess from the browser). */
export function lang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "ja") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

export function setLang(value) {
  localStorage.setItem(KEY, value);
  document.documentElement.lang = value;
}

/** The UI text for `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  const table = TEXT[lang()] || TEXT.en;
  // English says "1 card", not "1 cards": a key may have its singular beside it (`key.one`)
  const own = key in table ? table : TEXT.en;
  const text = (vars.n === 1 ? own[`${key}.one`] : undefined) ?? own[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** Pick the current language's text from an `{en, ja}` pair (or return a plain string as it is). */
export function pick(pair) {
  if (pair == null || typeof pair === "string") return pair ?? "";
  return pair[lang()] ?? pair.en ?? "";
}

/** A game's (or a table's) title in the current language: its `titles` when the server sends them. */
export function titleOf(item) {
  if (!item) return "";
  return pick(item.titles) || item.title || item.game || item.name || "";
}

/** Fill every `[data-i18n]` element under `root` with its text. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

/** A bot level's name for people ("heuristic" -> "Heuristic" / "ヒューリスティック"). */
export function botName(level) {
  const key = `bot.${level}`;
  const text = t(key);
  return text === key ? level : text;
}
