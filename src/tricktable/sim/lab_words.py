"""The lab report's words, one template table per language (English, Japanese), and the measure names.

Measures are keyed by their English names in ``results.json`` (``"win rate: dealer's left"``,
``"mission 7: lift"``); ``measure_name`` puts one into a language with the game's own words for its
elements and seat positions (``games/<game>/lab.py``).
"""

from __future__ import annotations

from tricktable.sim.declared import declarations

LANGUAGES = ("en", "ja")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game}: variant study",
        "intro": "{players} players, bots {bots}; {variants} variants x {games} games on {deals} deals from seed "
                 "{seed}. Reference: variant 0.",
        "same_deals": "Each component of a deal (the cards, a mission deck, the heroes, the bots' draws) draws from "
                      "its own stream of the seed, so a variant that changes one deck leaves the others alone.",
        "other_lang": "日本語",
        "variants": "variants", "differences": "differences from the reference", "scores_seats": "scores and seats",
        "variant": "variant", "reference": "reference", "meaning": "what the measures mean",
        "options_varied": "options varied", "games": "games", "mean_score": "mean score",
        "actions": "actions per game", "shared": "shared wins", "margin": "margin of victory",
        "measure": "measure", "difference": "difference [95% interval]", "p": "p",
        "to_confirm": "deals to confirm a difference this size", "examples": "example games",
        "nothing_flagged": "nothing flagged after the correction", "all_others": "all {n} other differences",
        "correction": "This study makes {tests} tests (differences from the reference, seat fairness, each "
                      "element's lift, skill margins). At a plain 95% level chance alone would flag about "
                      "{chance:.1f} of them even if nothing differed; {plain} pass that plain level. Flags (*) use "
                      "Holm's correction over all {tests}: the chance of even one false flag in the study is at "
                      "most 5%. {flagged} flagged.",
        "games_deals": "{games} games, {deals} deals", "versus": "vs",
        "same_moves": "games played move for move as the reference",
        "identical": "{share:.0%} of its games were played move for move as in the reference",
        "rescored": "re-scored only: the bots did not react",
        "reacted": "the bots reacted to the change",
        "dealt_same": "dealt the same hands as the reference in {share:.0%} of deals",
        "seat_positions": "seat positions", "position": "position", "win_rate": "win rate",
        "fairness": "seat fairness: chi-square {chi2:.2f} on {freedom} degrees of freedom, p = {p}: {verdict}",
        "unequal": "the seats do not win equally often (flagged)",
        "equal": "no seat stands out after the correction",
        "each": "each {kind}", "what_it_is": "what it is", "decides": "decides", "achieved": "scored or used at all",
        "swing": "swing (sd)", "points_to_seat": "mean points to a seat", "lift": "win-rate lift of holder",
        "tiebreaks": "tie-breaks: what settled the winner", "settled_by": "settled by", "share": "share",
        "bots": "bots", "bot": "bot", "seat_games": "seat-games", "score_better": "mean score ({better} is better)",
        "higher": "higher", "lower": "lower", "skill": "skill: the first bot minus each other one, paired by deal",
        "comparison": "comparison", "score_difference": "score difference", "win_difference": "win-rate difference",
        "sweep": "sweeps: each measure along the varied option (95% intervals)",
        "plot_score_x": "final score of a seat", "plot_share": "share of seat-games",
        "plot_scores": "score distribution by variant", "plot_win_y": "win rate, % (95% interval)",
        "plot_positions": "win rate by seat position (dashed: an equal share)",
        "plot_lift_x": "win-rate lift of its holder, points of % (red: flagged)",
        "plot_lift": "each {kind}: how much holding it helps", "plot_swing_x": "sd of the points it gives a seat",
        "plot_swing": "each {kind}: score swing", "plot_diff_x": "difference, points of %",
        "plot_diffs": "rates: each variant minus the reference, paired by deal (95% intervals; red: flagged)",
        "replay_how": "Example games are saved next to this page in examples/; replay one with "
                      "<code>tricktable replay examples/game-N.json</code>.",
    },
    "ja": {
        "title": "{game}: バリアント比較",
        "intro": "{players}人、ボット {bots}。{variants}個のバリアント x {games}ゲームを、シード{seed}からの同じ"
                 "{deals}ディールで比較。基準はバリアント0。",
        "same_deals": "ディールの各要素（配られるカード、ミッションの山、ヒーロー、ボットの乱数）はシードの別々の"
                      "ストリームから引かれるので、ある山を変えるバリアントでも他の要素は変わらない。",
        "other_lang": "English",
        "variants": "バリアント", "differences": "基準との差", "scores_seats": "得点と席",
        "variant": "バリアント", "reference": "基準", "meaning": "指標の意味",
        "options_varied": "変えたオプション", "games": "ゲーム数", "mean_score": "平均得点",
        "actions": "1ゲームの手数", "shared": "同点勝ち", "margin": "勝ちの点差",
        "measure": "指標", "difference": "差 [95%区間]", "p": "p値",
        "to_confirm": "この大きさの差を確かめるのに要るディール数", "examples": "ゲームの例",
        "nothing_flagged": "補正後に印の付いた差はない", "all_others": "その他の差（{n}件）",
        "correction": "この比較では{tests}個の検定を行う（基準との差、席の公平さ、各要素のリフト、腕前の差）。"
                      "補正なしの95%水準では、何も違わなくても偶然だけで約{chance:.1f}個に印が付く。その水準を"
                      "超えたのは{plain}個。印（*）はこの{tests}個すべてにHolmの補正をかけたもの: 誤った印が"
                      "1つでも付く確率は5%以下。印の付いたもの: {flagged}個。",
        "games_deals": "{games}ゲーム、{deals}ディール", "versus": "対",
        "same_moves": "基準とまったく同じ手順のゲーム",
        "identical": "基準とまったく同じ手順で進んだゲーム: {share:.0%}",
        "rescored": "再採点のみ: ボットは変更に反応しなかった",
        "reacted": "ボットは変更に反応した",
        "dealt_same": "基準と同じ手札が配られたディール: {share:.0%}",
        "seat_positions": "席の位置", "position": "位置", "win_rate": "勝率",
        "fairness": "席の公平さ: カイ二乗 {chi2:.2f}（自由度{freedom}）、p = {p}: {verdict}",
        "unequal": "席によって勝率が違う（印付き）",
        "equal": "補正後、目立つ席はない",
        "each": "各{kind}", "what_it_is": "内容", "decides": "勝敗を決めた", "achieved": "得点・使用された割合",
        "swing": "振れ幅（標準偏差）", "points_to_seat": "1席あたりの平均点", "lift": "持ち主の勝率リフト",
        "tiebreaks": "タイブレーク: 勝者を決めたもの", "settled_by": "決め手", "share": "割合",
        "bots": "ボット", "bot": "ボット", "seat_games": "席ゲーム数", "score_better": "平均得点（{better}ほど良い）",
        "higher": "高い", "lower": "低い", "skill": "腕前: 最初のボットと他の各ボットの差（ディールごとの対）",
        "comparison": "比較", "score_difference": "得点差", "win_difference": "勝率差",
        "sweep": "スイープ: 変えたオプションに沿った各指標（95%区間）",
        "plot_score_x": "席の最終得点", "plot_share": "席ゲームの割合",
        "plot_scores": "バリアントごとの得点分布", "plot_win_y": "勝率 %（95%区間）",
        "plot_positions": "席の位置ごとの勝率（破線: 均等な割合）",
        "plot_lift_x": "持ち主の勝率リフト（%ポイント、赤: 印付き）",
        "plot_lift": "各{kind}: 持つとどれだけ有利か", "plot_swing_x": "1席に与える点の標準偏差",
        "plot_swing": "各{kind}: 得点の振れ幅", "plot_diff_x": "差（%ポイント）",
        "plot_diffs": "率: 各バリアントと基準の差（ディールごとの対、95%区間、赤: 印付き）",
        "replay_how": "ゲームの例はこのページの隣の examples/ に保存されている。"
                      "<code>tricktable replay examples/game-N.json</code> で再生できる。",
    },
}

DEFINITIONS = {
    "en": """<dl>
<dt>paired by deal</dt><dd>every variant plays the same deals (seeds) with the same bots; a difference is
taken deal by deal, so the luck of the cards cancels. Intervals are 95% over deals: Student's t (exact
quantile) for scores; Wilson's score interval for rates and Newcombe's for a difference of two rates, so
they stay within 0-100%.</dd>
<dt>position</dt><dd>where a seat sits, counted to the left from the first dealer (Megalomania), the first
leader (Trickster) or the first player (Masquerade).</dd>
<dt>holder</dt><dd>the seat that used an element most in a game: scored most on the mission, fired the hero's
effect most often, played or ended holding the special card. A lift is therefore a link with winning, not
proof that the element causes it.</dd>
<dt>win-rate lift</dt><dd>the holders' win share minus the other seats', per game, averaged.</dd>
<dt>decides</dt><dd>with points of its own (a mission, a bonus card): the winners change when its points are
taken away. Without (a hero, a play effect): the sole winner used it more than the runner-up.</dd>
<dt>scored or used at all</dt><dd>the share of the games it was in where it gave anyone points (or, without
points of its own, where anyone used it).</dd>
<dt>margin of victory</dt><dd>the winner's lead over the runner-up at the end; <b>lead changes</b>: how often
the leading seats changed from one round's end to the next; <b>comebacks</b>: the share of games won by a
seat that was not leading at half time.</dd>
<dt>swing</dt><dd>the standard deviation of the points it gave a seat: how much it spreads the table.</dd>
<dt>tie-breaks</dt><dd>the level of the game's order of finish at which the winner was set apart from every
other seat; "shared" when tied after all of them.</dd>
<dt>flagged (*)</dt><dd>the 95% interval excludes zero and the test passes Holm's correction over every test
of the study (the chance of even one false flag is at most 5%).</dd>
<dt>deals to confirm</dt><dd>from this run as a pilot: the deals a difference of the size seen needs to be
flagged 80% of the time at this study's corrected level.</dd>
</dl>""",
    "ja": """<dl>
<dt>ディールごとの対</dt><dd>どのバリアントも同じディール（シード）を同じボットでプレイする。差はディールごとに
取るので、カード運が打ち消し合う。区間はディールをまたいだ95%区間: 得点はスチューデントのt（正確な分位点）、
率はWilsonのスコア区間、2つの率の差はNewcombeの区間なので、0〜100%の外に出ない。</dd>
<dt>位置</dt><dd>席の位置。最初のディーラー（Megalomania）、最初のリーダー（Trickster）、最初のプレイヤー
（Masquerade）から左回りに数える。</dd>
<dt>持ち主</dt><dd>そのゲームでその要素を一番使った席（ミッションで一番得点した、ヒーローの効果を一番多く
使った、特殊カードを出した・最後に持っていた）。リフトは勝ちとの関連であって、原因の証明ではない。</dd>
<dt>勝率リフト</dt><dd>持ち主の勝ち分から他の席の勝ち分を引いたもの（ゲームごと、平均）。</dd>
<dt>勝敗を決めた</dt><dd>自分の点を持つ要素（ミッション、ボーナスカード）: その点を除くと勝者が変わる。
持たない要素（ヒーロー、プレイ効果）: 単独の勝者が2位より多く使った。</dd>
<dt>得点・使用された割合</dt><dd>その要素が出たゲームのうち、誰かに点を与えた（点を持たない要素なら、誰かが
使った）ゲームの割合。</dd>
<dt>勝ちの点差</dt><dd>終了時の勝者と2位の差。<b>首位の入れ替わり</b>: ラウンドの終わりごとに首位の席が変わった
回数。<b>逆転勝ち</b>: 折り返し時点で首位でなかった席が勝ったゲームの割合。</dd>
<dt>振れ幅</dt><dd>その要素が1席に与えた点の標準偏差。卓の点差をどれだけ広げるか。</dd>
<dt>タイブレーク</dt><dd>ゲームの順位付けのどの段階で勝者が他のすべての席から分かれたか。全段階で並んだら
「同点」。</dd>
<dt>印（*）</dt><dd>95%区間が0を含まず、この比較の全検定に対するHolmの補正も通ったもの（誤った印が1つでも付く
確率は5%以下）。</dd>
<dt>確かめるのに要るディール数</dt><dd>この実行を予備実験として、見えた大きさの差が補正後の水準で80%の確率で
印が付くのに必要なディール数。</dd>
</dl>""",
}

# the measures' fixed names in Japanese; element and position names come from the game
MEASURES_JA = {
    "mean score": "平均得点", "score spread (sd across seats)": "席間の得点のばらつき（標準偏差）",
    "actions per game": "1ゲームの手数", "rounds per game": "1ゲームのラウンド数", "margin of victory": "勝ちの点差",
    "lead changes": "首位の入れ替わり", "comebacks": "逆転勝ち", "shared wins": "同点勝ち",
    "win rate": "勝率", "mean points": "平均点", "lift": "リフト", "achieved": "得点・使用された割合",
    "score": "得点", "minus others": "と他の差",
}


def position_ja(game: str, players: int) -> dict[str, str]:
    """Each seat position's English name -> its Japanese name, for ``game`` at ``players``."""
    from tricktable.sim.balance import position_names

    lab = declarations(game)
    if lab is None:
        return {}
    (first, name), (first_ja, name_ja) = lab.ORIGIN["en"], lab.ORIGIN["ja"]
    return dict(zip(position_names(0, players, first, name), position_names(0, players, first_ja, name_ja, "ja"),
                    strict=True))


def measure_name(game: str, players: int, measure: str, lang: str) -> str:
    """A measure's name in ``lang`` (``"mission 7: lift"`` -> ``"ミッション7: リフト"``)."""
    if lang != "ja":
        return measure
    lab = declarations(game)
    positions = position_ja(game, players)
    if measure in MEASURES_JA:
        return MEASURES_JA[measure]
    head, sep, tail = measure.partition(": ")
    if head == "win rate":
        return f"勝率: {positions.get(tail, tail)}"
    if head == "skill":
        kind = "win rate" if tail.startswith("win rate ") else "score"
        bot = tail.removeprefix(kind + " ").removesuffix(" minus others")
        return f"腕前: {bot}と他の{MEASURES_JA[kind]}差"
    if sep and tail in MEASURES_JA:
        return f"{lab.label(head, 'ja') if lab else head}: {MEASURES_JA[tail]}"
    return measure
