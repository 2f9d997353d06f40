"""Megalomania's components as data: cards, powers, missions and scrolls (rules: Components, Missions).

A card is an int ``colour * 8 + rank`` where rank 0..7 runs from the lowest printed value (Farmer, 1) to
the highest (Emperor, 15). Hands and won piles are 32-bit masks over those ints, so "the cards of a colour"
is one AND and "the lowest card of a colour" is the lowest set bit. Text form: colour letter + value,
``B15``, ``K1`` (rules: Components).

The tables below are plain data a designer can edit; each row keeps its [P]/[D] tag from the rules file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from tricktable.engine.cards import Card, CardCodec, Mask

COLOURS: Final = "BYRK"  # Blue, Yellow, Red, Black (rules: Components)
COLOUR_NAMES = ("Blue", "Yellow", "Red", "Black")
COLOUR_NAMES_JA = ("青", "黄", "赤", "黒")
VALUES: Final = (1, 2, 4, 6, 7, 9, 12, 15)  # printed value by rank
DECK: Final = 32
FULL: Final[Mask] = (1 << DECK) - 1
COLOUR_MASKS: Final[tuple[Mask, ...]] = tuple(0xFF << (8 * c) for c in range(4))
# cards of the same colour strictly below a card (for the Wizard's "lowest" inference)
BELOW: Final[tuple[Mask, ...]] = tuple(((1 << (c & 7)) - 1) << (c & ~7) for c in range(DECK))

# powers, by rank (the power of a card is its rank), each a ``Final`` of its own
FARMER: Final = 0
ASSASSIN: Final = 1
EXPLORER: Final = 2
DWARF: Final = 3
WIZARD: Final = 4
KNIGHT: Final = 5
ORACLE: Final = 6
EMPEROR: Final = 7


@dataclass(frozen=True, slots=True)
class Power:
    """One row of the powers table (rules: Components)."""

    value: int
    name: str
    name_ja: str
    effect: str
    once_per_trick: bool
    tag: str
    effect_ja: str = ""


POWERS: tuple[Power, ...] = (
    Power(1, "Farmer", "農夫", "choose the next leader (yourself included), whoever wins; nothing in the last trick",
          True, "P",
          effect_ja="次のトリックのリードプレイヤーを選ぶ（自分も可、誰が取ったかにかかわらず）。"
                    "最後のトリックでは何もしない"),
    Power(2, "Assassin", "暗殺者", "any colour: may be played even when the follow rule demands another card",
          False, "P",
          effect_ja="どの色でもプレイできる: 他のカードをプレイしなければならない場合でも出せる"),
    Power(4, "Explorer", "探検家", "take a random card from this round's completed tricks and swap a hand card "
          "for it; not in the round's first trick", False, "P",
          effect_ja="このラウンドの以前のトリックからランダムに1枚取り、手札と交換する。最初のトリックでは使用不可"),
    Power(6, "Dwarf", "ドワーフ", "revolution: the lowest dominant card wins; with none, the lowest lead-colour card",
          True, "P",
          effect_ja="値の逆転（革命）: ドミナントカラーの一番小さいカードが取る。"
                    "なければリードカラーの一番小さいカード"),
    Power(7, "Wizard", "魔法使い", "each later player must play their lowest lead-colour card, else lowest dominant, "
          "else the lowest card of a colour of their choice", True, "P",
          effect_ja="他プレイヤーはリードカラーの一番小さいカードを出す。"
                    "なければドミナントカラーの一番小さいカード、どちらもなければ好きな色の一番小さいカード"),
    Power(9, "Knight", "騎士", "dominant cards other players play after it cannot win by trump", True, "P",
          effect_ja="切り札の解除: この後に他プレイヤーが出すドミナントカラーは切り札として勝てない"),
    Power(12, "Oracle", "オラクル", "change colour: becomes another colour, never the dominant one", False, "P",
          effect_ja="色の変更: ドミナントカラー以外の色に変わる"),
    Power(15, "Emperor", "皇帝", "cancel: after it no other player may use a power or a cube this trick", True, "P",
          effect_ja="パワーの無効化: この後、他プレイヤーはこのトリックでパワーもキューブも使えない"),
)
ONCE_PER_TRICK: Final[int] = sum(1 << r for r, p in enumerate(POWERS) if p.once_per_trick)
ASSASSINS: Final[int] = sum(1 << (8 * c + ASSASSIN) for c in range(4))
EXPLORERS: Final[int] = sum(1 << (8 * c + EXPLORER) for c in range(4))

CARD_TEXT: Final[tuple[str, ...]] = tuple(f"{COLOURS[c >> 3]}{VALUES[c & 7]}" for c in range(DECK))
# the card-name codec (engine/cards.py): ``B15`` <-> 31
CODEC = CardCodec(CARD_TEXT, game="Megalomania", hint="colour B/Y/R/K + 1,2,4,6,7,9,12,15, e.g. B15", upper=True)
parse_card: Callable[[str], Card] = CODEC.parse
"""The card named ``text`` (``B15``, ``k1``): the inverse of ``card_name``."""
card_name: Callable[[Card], str] = CODEC.name
"""A card's text form: ``B15``, ``K1`` (rules: Components)."""
texts: Callable[[Mask], list[str]] = CODEC.names
"""The text forms of a mask's cards, lowest first (memoised: observations list the same masks over and over)."""


def colour_of(card: Card) -> int:
    return card >> 3


def value_of(card: Card) -> int:
    return VALUES[card & 7]


# --- missions (rules: Missions) ------------------------------------------------------------------

class Deal(IntEnum):
    """How a mission deals and what it adds before or during play (rules: Missions, "hand / deal")."""

    PLAIN = 0  # the mission's hand size, nothing else
    FACE_UP = 1  # 13: 3 cards of each hand face up
    PROGRAMMED = 2  # 15: each player fixes the order of their 6 cards
    COVERED = 3  # 18: 4 face down, each under 1 face up
    DRAW_PILE = 4  # 19: 4 in hand, 4 in a face-down pile
    SWAPPED = 5  # 20, 21: hands go to the partner opposite
    ROTATING = 6  # 22: hands pass right
    TWO_PILES = 7  # 24: two piles of 4, the neighbour picks one blind
    PASS_THREE = 8  # 25: 3 cards to a neighbour



@dataclass(frozen=True, slots=True)
class Mission:
    """One mission card. ``points`` is the default of option ``mission_points`` at this mission's index;
    ``points_tag`` says whether that number is published [P] or ours [D]. ``task`` and ``task_ja`` are
    templates whose ``{p}`` is the points in force: read them through ``describe``."""

    number: int
    hand: int
    deal: Deal
    task: str
    task_ja: str
    points: int
    points_tag: str
    four_players: bool = False

    def describe(self, points: int, lang: str = "en") -> str:
        """The task with its points as option ``mission_points`` sets them (``task``/``task_ja`` hold ``{p}``)."""
        return (self.task_ja if lang == "ja" else self.task).format(p=f"{points:+d}")


MISSIONS: tuple[Mission, ...] = (
    Mission(1, 8, Deal.PLAIN, "exactly 3 tricks: {p}", "ちょうど3トリック: {p}", 3, "P"),
    Mission(2, 8, Deal.PLAIN, "took cards of all four colours: {p}", "4色すべてのカードを取った: {p}", -2, "D"),
    Mission(3, 8, Deal.PLAIN, "{p} per Blue card", "青カード1枚につき{p}", 1, "P"),
    Mission(4, 8, Deal.PLAIN, "{p} per Yellow card", "黄カード1枚につき{p}", 1, "P"),
    Mission(5, 8, Deal.PLAIN, "4 or more tricks: {p}", "4トリック以上: {p}", 4, "D"),
    Mission(6, 8, Deal.PLAIN, "took no Dwarf and no Wizard: {p}", "ドワーフも魔法使いも取らなかった: {p}", 2, "D"),
    Mission(7, 8, Deal.PLAIN, "{p} per trick won whose printed values sum to 25 or less",
            "数値の合計が25以下のトリック1つにつき{p}", 2, "P"),
    Mission(8, 8, Deal.PLAIN, "won a trick holding all four colours: {p}", "4色すべてを含むトリックを取った: {p}",
            3, "D", four_players=True),
    Mission(9, 8, Deal.PLAIN, "{p} per Red card", "赤カード1枚につき{p}", -1, "P"),
    Mission(10, 8, Deal.PLAIN, "{p} per Black card", "黒カード1枚につき{p}", -1, "P"),
    Mission(11, 8, Deal.PLAIN, "cards sum to 80 or more (printed): {p}", "取ったカードの数値の合計が80以上: {p}",
            3, "D"),
    Mission(12, 7, Deal.PLAIN, "odd number of tricks: {p}", "奇数トリック: {p}", -2, "D"),
    Mission(13, 6, Deal.FACE_UP, "3 cards of each hand face up; exactly 1 trick: {p}",
            "手札3枚を公開; ちょうど1トリック: {p}", 2, "D"),
    Mission(14, 6, Deal.PLAIN, "exactly 2 tricks: {p}", "ちょうど2トリック: {p}", 2, "P"),
    Mission(15, 6, Deal.PROGRAMMED, "program the order of your 6 cards; most tricks: {p} (tie: nobody)",
            "6枚の出す順番を先に決める; 最多トリック: {p} (同数なし)", 3, "D"),
    Mission(16, 8, Deal.PLAIN, "4 or more tricks: {p}", "4トリック以上: {p}", -4, "D"),
    Mission(17, 7, Deal.PLAIN, "exactly 2 tricks: {p}", "ちょうど2トリック: {p}", -2, "D"),
    Mission(18, 8, Deal.COVERED, "4 face-down cards, each under a face-up one; {p} per trick",
            "4枚裏の上に4枚表; 1トリックにつき{p}", 1, "P"),
    Mission(19, 8, Deal.DRAW_PILE, "4 in hand, 4 in a face-down pile drawn after each play; {p} per Dwarf and Wizard",
            "手札4枚と裏の山4枚; ドワーフと魔法使い1枚につき{p}", 1, "P"),
    Mission(20, 8, Deal.SWAPPED, "hands go to the player opposite (partners); pair with more tricks: {p} each",
            "対面と手札交換(ペア); トリックが多いペア: 各{p}", 3, "D", four_players=True),
    Mission(21, 8, Deal.SWAPPED, "hands go to the player opposite (partners); pair with fewer tricks: {p} each",
            "対面と手札交換(ペア); トリックが少ないペア: 各{p}", -3, "D", four_players=True),
    Mission(22, 6, Deal.ROTATING, "hands pass right; most tricks: {p} (tie: nobody)",
            "手札を右に回す; 最多トリック: {p} (同数なし)", 3, "D"),
    Mission(23, 8, Deal.PLAIN, "per colour, most cards of it: {p} (tie: nobody)", "色ごとに最多枚数: {p} (同数なし)",
            2, "P"),
    Mission(24, 8, Deal.TWO_PILES, "split into two piles of 4, your neighbour picks one blind; no tricks: {p}",
            "4枚ずつ2山に分け隣が選ぶ; トリックなし: {p}", 3, "D"),
    Mission(25, 8, Deal.PASS_THREE, "pass 3 cards to your neighbour; {p} per trick",
            "3枚を隣に渡す; 1トリックにつき{p}", -1, "P"),
)
MISSION_POINTS: tuple[int, ...] = tuple(m.points for m in MISSIONS)


def mission(number: int) -> Mission:
    return MISSIONS[number - 1]


# --- scrolls (rules: Resources; the deck's contents are [D: scrolls]) ------------------------------

@dataclass(frozen=True, slots=True)
class Scroll:
    name: str
    title: str
    title_ja: str
    effect: str
    during_play: bool
    tag: str = "D"  # the scrolls exist [P]; this provisional deck and every effect are ours [D: scrolls]
    effect_ja: str = ""


SCROLLS: tuple[Scroll, ...] = (
    Scroll("extra-crystal", "Extra Crystal", "追加パワークリスタル", "+1 crystal this round", False,
           effect_ja="このラウンドのパワークリスタル+1"),
    Scroll("extra-cube", "Extra Cube", "追加キューブ", "+1 cube this round", False,
           effect_ja="このラウンドのキューブ+1"),
    Scroll("double-cube", "Double Cube", "ダブルキューブ", "+2 cubes this round", False,
           effect_ja="このラウンドのキューブ+2"),
    Scroll("free-power", "Free Power", "無料パワー", "during play: one power without a crystal", True,
           effect_ja="プレイ中: パワークリスタルなしでパワーを1回使う"),
    Scroll("immunity", "Immunity", "免疫", "during play: your power and cube ignore an earlier Emperor this trick",
           True, effect_ja="プレイ中: このトリックで先に出た皇帝を無視してパワーとキューブを使える"),
    Scroll("redeal", "Redeal", "配り直し", "swap one hand card with a random out-of-play card, or draw a new "
           "scroll if none is out of play", False,
           effect_ja="手札1枚を場外のカードとランダムに交換する（場外にカードがなければスクロールを1枚引く）"),
    Scroll("first-lead", "First Lead", "先手", "you lead this round's first trick", False,
           effect_ja="このラウンドの最初のトリックをリードする"),
    Scroll("insight", "Insight", "洞察", "see the next mission", False, effect_ja="次のミッションを見る"),
)
# the scrolls by their place in ``SCROLLS`` (Final each, as the powers above)
EXTRA_CRYSTAL: Final = 0
EXTRA_CUBE: Final = 1
DOUBLE_CUBE: Final = 2
FREE_POWER: Final = 3
IMMUNITY: Final = 4
REDEAL: Final = 5
FIRST_LEAD: Final = 6
INSIGHT: Final = 7
assert [s.name for s in SCROLLS] == ["extra-crystal", "extra-cube", "double-cube", "free-power", "immunity",
                                     "redeal", "first-lead", "insight"]
SCROLL_BY_NAME = {s.name: i for i, s in enumerate(SCROLLS)}
# the provisional deck (rules: Resources, "2 of each") [D: scrolls]
DEFAULT_SCROLL_DECK: tuple[str, ...] = tuple(s.name for s in SCROLLS for _ in range(2))
