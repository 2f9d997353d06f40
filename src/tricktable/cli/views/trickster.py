"""The terminal view of Trickster: a pure function of one seat's observation.

Cards are coloured by suit; tableaus are grouped by suit with counts (``red 3  yellow 1``), since scoring is
by suit (the player alone with the most of a suit scores none of it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.cli.views import winner_line
from tricktable.engine import Game
from tricktable.engine.glossary import word
from tricktable.engine.words import seat_names
from tricktable.games.trickster.cards import SUITS, SUITS_JA
from tricktable.games.trickster.glossary import TERMS
from tricktable.games.trickster.text import card_name, hero_name, pattern_name

SUIT_STYLES = {"red": "bold red", "orange": "bold dark_orange", "yellow": "bold yellow", "green": "bold green",
               "blue": "bold blue", "purple": "bold magenta", "black": "bold grey50", "white": "bold white"}
SUIT_ORDER = list(SUIT_STYLES)
LETTERS = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "purple": "P", "black": "K",
           "white": "W"}


WORDS: dict[str, dict[str, str]] = {
    "en": {"round": "Round", "pattern": "pattern", "lead": "the Leader's card", "token": "token: the Leader is "
           "also the Trickster", "heroes": "heroes", "player": "player", "role": "role", "hand": "hand",
           "tableau": "tableau", "trouble": "trouble", "known": "known", "you": "you", "pot": "Pot",
           "empty": "(empty)", "moved": "(moved)", "trash": "Trash", "deck": "Deck", "in_deck": "You know in the deck",
           "depth": "card {n} from the top", "draft": "Draft ({who} picks)", "chose": "You chose",
           "your_hand": "Your hand", "rounds": "Rounds", "L": "Leader", "T": "Trickster", "F": "Follower",
           "turn": " (to play)",
           "revealed": "revealed", "top": "top", "same suit": "a {suit} card (same suit)",
           "same hero": "a {hero} (same hero)", "no match": "a card sharing no suit and no hero with the Pot "
           "(no match)", "followers": "Followers must play {what}"},
    "ja": {"round": "ラウンド", "pattern": "パターン", "lead": "リーダーのカード",
           "token": "トリックスタートークン: リーダーがトリックスターも兼ねる", "heroes": "ヒーロー",
           "player": "プレイヤー", "role": "役割", "hand": "手札", "tableau": "場札", "trouble": "トラブル",
           "known": "分かっている手札", "you": "あなた", "pot": "ポット", "empty": "（空）", "moved": "（移動）",
           "trash": "ゴミ箱", "deck": "山札", "in_deck": "あなたが知っている山札のカード",
           "depth": "上から{n}枚目", "draft": "ドラフト（{who}が選ぶ）", "chose": "選んだカード",
           "your_hand": "あなたの手札", "rounds": "ラウンドごと", "L": "リーダー", "T": "トリックスター",
           "turn": "（手番）",
           "F": "フォロワー", "revealed": "公開", "top": "山札の上", "same suit": "{suit}のカード（同じスート）",
           "same hero": "{hero}（同じヒーロー）", "no match": "ポットのどのカードともスートもヒーローも一致しないカード"
           "（どっちも一致しない）", "followers": "フォロワーが出すのは{what}"},
}

# the glossary's words, so the terminal says each term as the log and the web board do
for _lang, _words in WORDS.items():
    _words.update({key: word(TERMS, term, _lang) for key, term in (
        ("tableau", "tableau"), ("pot", "pot"), ("trash", "trash"), ("trouble", "trouble"), ("pattern", "pattern"),
        ("L", "leader"), ("T", "trickster"), ("F", "follower"))})


def card_text(card: str, *, short: bool = False, lang: str = "en") -> Text:
    """A card coloured by its suit, named in ``lang``; ``short`` gives ``R-Bri`` (tableau counts only)."""
    suit, _, hero = card.partition(" ")
    label = f"{LETTERS.get(suit, '?')}-{hero[:3]}" if short else card_name(card, lang)
    return Text(label, style=SUIT_STYLES.get(suit, ""))


def cards_line(cards: list[str], *, short: bool = False, lang: str = "en") -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append(", ")
        line.append_text(card_text(card, short=short, lang=lang))
    return line or Text("-", style="dim")


def tableau_line(cards: list[str], lang: str = "en") -> Text:
    """A tableau by suit, in the suits' words and colours: ``red 3  yellow 1`` / ``赤3  黄1``."""
    counts: dict[str, int] = {}
    for card in cards:
        suit = card.partition(" ")[0]
        counts[suit] = counts.get(suit, 0) + 1
    line = Text()
    for suit in SUIT_ORDER:
        if counts.get(suit):
            word = SUITS_JA[SUITS.index(suit)] if lang == "ja" else f"{suit} "
            line.append(f"{word}{counts[suit]}  ", style=SUIT_STYLES[suit])
    return line or Text("-", style="dim")


def _role(seat: int, table: dict[str, Any], leader: int | None, lang: str) -> str:
    w = WORDS[lang]
    roles = []
    if leader == seat:
        roles.append(w["L"])
    if table.get("trickster") == seat:
        roles.append(w["T"])
    if seat in table.get("followers", []) and table.get("trickster") != seat:
        roles.append(w["F"])
    return ", ".join(roles)


def _pattern_rule(table: dict[str, Any], lang: str) -> str:
    """The pattern in words: what a Follower's card must be."""
    suit, _, hero = str(table.get("lead") or "").partition(" ")
    w = WORDS[lang]
    if lang == "ja":
        suit = SUITS_JA[SUITS.index(suit)] if suit in SUITS else suit
        hero = hero_name(hero, lang)
    return w[table["pattern"]].format(suit=suit, hero=hero)


def render(observation: dict[str, Any], game: Game[Any], lang: str = "en",
           names: Sequence[str] = ()) -> RenderableType:
    w = WORDS[lang]
    names = list(names) or seat_names(None, observation.get("players", 0), lang)
    table: dict[str, Any] = observation.get("table", {})
    me = observation.get("seat")
    leader = observation.get("leader")
    actors = observation.get("actors", [])
    parts: list[RenderableType] = []

    head = Text(f"{w['round']} {observation.get('round')}/{table.get('rounds', 3)}")
    prompt = game.prompt(observation, lang)
    if prompt:
        head.append(f"  ·  {prompt}", style="bold")
    if table.get("pattern") and observation.get("phase") != "play":
        pattern = str(table["pattern"])
        head.append(f"  ·  {w['pattern']}: {pattern_name(pattern, lang)}")
    if table.get("token"):
        head.append(f"  ·  {w['token']}", style="dim")
    parts.append(head)
    if table.get("heroes"):
        heroes = [hero_name(h, lang) for h in table["heroes"]]
        parts.append(Text(f"{w['heroes']}: " + ", ".join(heroes), style="dim"))

    seats = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("player", "role", "hand", "tableau", "trouble", "known"):
        seats.add_column(w[column])
    scores = observation.get("scores", [])
    known_hands = table.get("known", {}).get("hands", {})
    for seat, size in enumerate(observation.get("hand_sizes", [])):
        name = names[seat] + (w["turn"] if seat in actors else "")
        tableau = table.get("tableaus", [[]] * (seat + 1))[seat]
        notes = Text()
        if str(seat) in known_hands:
            notes.append_text(cards_line(known_hands[str(seat)], lang=lang))
        trouble = f"{scores[seat]:g}" if seat < len(scores) else ""
        seats.add_row(name, _role(seat, table, leader, lang), str(size), tableau_line(tableau, lang), trouble, notes)
    parts.append(seats)

    pot = Text(f"{w['pot']}: ")
    trick = observation.get("trick", [])
    for i, entry in enumerate(trick):
        if i:
            pot.append("  ")
        pot.append(f"{names[entry['seat']]}: ")
        pot.append_text(card_text(entry["card"], lang=lang))
        if entry.get("moved"):
            pot.append(" " + w["moved"], style="dim")
    if not trick:
        pot.append(w["empty"], style="dim")
    parts.append(pot)
    trash = Text(f"{w['trash']}: ")
    trash.append_text(cards_line(table.get("trash", []), lang=lang))
    trash.append(f"   {w['deck']}: {table.get('deck_size', 0)}")
    parts.append(trash)

    effect = table.get("effect")
    if effect:
        line = Text(prompt or "", style="bold")
        if effect.get("target") is not None:
            line.append(f" · {names[effect['target']]}")
        if effect.get("card"):
            line.append(" · ")
            line.append_text(card_text(effect["card"], lang=lang))
        for key in ("revealed", "top"):
            if effect.get(key):
                line.append(f" · {w[key]}: ")
                line.append_text(cards_line(effect[key], lang=lang))
        parts.append(line)
    deck_known = table.get("known", {}).get("deck", [])
    if deck_known:
        line = Text(f"{w['in_deck']}: ")
        for item in deck_known:
            line.append(w["depth"].format(n=item["depth"] + 1) + " ")
            line.append_text(card_text(item["card"], lang=lang))
            line.append("  ")
        parts.append(line)
    if table.get("draft"):
        pool = [hero_name(h, lang) for h in table["draft"]["pool"]]
        parts.append(Text(w["draft"].format(who=names[table["draft"]["drafter"]]) + ": " + ", ".join(pool)))
    if table.get("chosen"):
        line = Text(f"{w['chose']}: ")
        line.append_text(card_text(table["chosen"], lang=lang))
        parts.append(line)
    if table.get("pattern") and table.get("followers"):
        parts.append(Text(w["followers"].format(what=_pattern_rule(table, lang)), style="italic"))
    if me is not None:
        playable = {a[5:] for a in observation.get("legal", []) if a.startswith("play ")}
        hand = Text(f"{w['your_hand']}: ")
        for i, card in enumerate(observation.get("hand", [])):
            if i:
                hand.append(", ")
            text = card_text(card, lang=lang)
            if card in playable and len(playable) < len(observation.get("hand", [])):
                text.stylize("underline")
            hand.append_text(text)
        if not observation.get("hand"):
            hand.append("-", style="dim")
        parts.append(hand)
    rounds = table.get("round_scores", [])
    if rounds:
        parts.append(Text(f"{w['rounds']}: " + "  ".join(
            f"{i + 1}: " + ", ".join(f"{names[p]} {x}" for p, x in enumerate(r)) for i, r in enumerate(rounds)),
            style="dim"))
    if observation.get("is_over"):
        parts.append(Text(winner_line(observation, lang, names), style="bold green"))
    return Panel(Group(*parts), title=game.title_in(lang))
