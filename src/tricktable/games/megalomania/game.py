"""The Megalomania Game: options checked, the action table and per-game lookups built once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tricktable.engine import Action, BadOptions, Event, Game, Rng, State
from tricktable.engine.cards import CardCodec
from tricktable.engine.game import BOT_LEVELS
from tricktable.games.megalomania import actions as A
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.options import MegalomaniaOptions


class Megalomania(Game[MegalomaniaOptions]):
    """Megalomania for 2-4 players (4 may play as two pairs)."""

    # the game's facts (engine.Game): declared, never guessed by playing
    higher_score_wins: ClassVar[bool] = True
    rollout_horizon: ClassVar[int] = 1  # rounds (deals) a search rollout plays before it scores
    bot_levels: ClassVar[dict[str, str]] = BOT_LEVELS
    card_codec: ClassVar[CardCodec] = CardCodec(C.CARD_TEXT, game="Megalomania",
                                                hint="colour B/Y/R/K + 1,2,4,6,7,9,12,15, e.g. B15", upper=True)

    name: ClassVar[str] = "megalomania"
    title: ClassVar[str] = "Megalomania"
    title_ja: ClassVar[str] = "メガロマニア"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_type: ClassVar[type[Any]] = MegalomaniaOptions
    memo_fields: ClassVar[tuple[str, ...]] = ("legal_cache", "_ready_events")

    table: A.Table

    def check_options(self) -> None:
        o = self.options
        n = self.players
        if o.pairs and n != 4:
            raise BadOptions("pair mode needs 4 players")
        if o.rotate_after == "card" and n != 3:
            raise BadOptions("rotate_after=card works only with 3 players (hands would empty unevenly)")
        for s in o.scrolls:
            if s not in C.SCROLL_BY_NAME:
                raise BadOptions(f"unknown scroll {s!r} (scrolls: {', '.join(C.SCROLL_BY_NAME)})")
        if len(o.mission_points) != 25:
            raise BadOptions("mission_points needs 25 numbers, one per mission")
        pool = list(o.missions) if o.missions else [m.number for m in C.MISSIONS
                                                     if n == 4 or not m.four_players]
        for m in (*pool, *o.mission_order):
            if not 1 <= m <= 25:
                raise BadOptions(f"there is no mission {m} (1-25)")
            if m in (20, 21) and n != 4:
                raise BadOptions(f"mission {m} needs 4 players")
        if len(set(o.mission_order)) != len(o.mission_order):
            raise BadOptions("mission_order repeats a mission")
        self.mission_pool: tuple[int, ...] = tuple(pool)
        if len(set(pool) | set(o.mission_order)) < o.rounds:
            raise BadOptions(f"{o.rounds} rounds need at least {o.rounds} missions")
        for letter in o.dominant:
            if letter.upper() not in C.COLOURS:
                raise BadOptions(f"dominant colours are letters B/Y/R/K, not {letter!r}")
        if not -1 <= o.dealer < n:
            raise BadOptions(f"dealer must be a seat 0-{n - 1} or -1")
        self.deals: list[list[list[int]]] = []
        for r, seats in enumerate(o.deal):
            if len(seats) != n:
                raise BadOptions(f"deal for round {r + 1} needs one hand per seat ({n})")
            hands = [[C.card_from_text(t) for t in hand.split()] for hand in seats]
            flat = [c for h in hands for c in h]
            if len(set(flat)) != len(flat):
                raise BadOptions(f"deal for round {r + 1} names a card twice")
            if len({len(h) for h in hands}) != 1 or not hands[0]:
                raise BadOptions(f"deal for round {r + 1}: every seat needs the same number of cards")
            self.deals.append(hands)
        self.free_ranks = (1 << C.ORACLE) | (1 << C.ASSASSIN) if o.free_powers else 0
        self.only = [frozenset({p}) for p in range(n)]
        self.seats = [(p,) for p in range(n)]  # interned one-seat actor tuples
        self.after = [((p + 1) % n,) for p in range(n)]  # the next seat clockwise, as an actor tuple
        self.legal_cache: dict[int, list[A.Move]] = {}
        # the seats still to choose at a simultaneous step, by the mask of those done
        self.waiting = [tuple(p for p in range(n) if not done >> p & 1) for done in range(1 << n)]
        self.only_two = [[frozenset({p, q}) for q in range(n)] for p in range(n)]

    def build_actions(self) -> list[Action]:
        self.table = A.build(self.players, self.options.resources)
        # the "play" event of every seat and play action, interned (events are immutable values)
        self.play_events = [
            {m.index: Event("play", {"seat": p, "card": C.CARD_TEXT[m.card], "power": m.power, "cube": m.delta})
             for m in self.table.actions if m.kind == A.PLAY} for p in range(self.players)]
        self.drawn_events = [[Event("scroll drawn", {"seat": p, "scroll": sc.name}, self.only[p]) for sc in C.SCROLLS]
                             for p in range(self.players)]
        # the powered plays of any set of Assassins (an off-colour Assassin), without and with cubes
        assassins = [1 << (8 * c + C.ASSASSIN) for c in range(4)]
        subsets = [sum(b for i, b in enumerate(assassins) if k >> i & 1) for k in range(16)]
        self.assassin_plays = [{m: [a for c in C.cards_of(m) for a in self.table.powered[c][cube]] for m in subsets}
                               for cube in (0, 1)]
        self.begin_events = [Event("play begins", {"leader": p}) for p in range(self.players)]
        self._ready_events: dict[tuple[int, int, int], Event] = {}
        self.trick_events = [[Event("trick", {"winner": w, "leader": nxt}) for nxt in range(self.players)]
                             for w in range(self.players)]
        return list(self.table.actions)

    def new_state(self, seed: int) -> State:
        from tricktable.games.megalomania.rules import MegalomaniaState

        return MegalomaniaState(self, seed)

    def legal_list(self, cards: int, powers: int, cube: int, assassins: int, scrolls: int) -> list[A.Move]:
        """The play actions of ``cards`` when the ``powers`` ranks may be activated and ``cube`` (0 or 2)
        says whether a cube may be spent, plus the powered plays of off-colour ``assassins``, plus
        ``use free-power`` (``scrolls & 1``) and ``use immunity`` (``scrolls & 2``).

        Memoised (``MegalomaniaState._legal_play``): whole lists for one-colour ``cards`` (following), and
        per half of the deck otherwise (leading), so a leader's list is two joined parts.
        """
        cache = self.legal_cache
        if len(cache) > 400_000:
            cache.clear()
        flags = powers << 32 | cube << 40
        out: list[A.Move] = []
        for half in (0xFFFF, 0xFFFF0000):  # Blue+Yellow, Red+Black: hands' halves repeat, whole hands rarely
            part_cards = cards & half
            if part_cards:
                part = cache.get(part_cards | flags)
                if part is None:
                    part = []
                    plays = self.table.plays
                    for c in C.cards_of(part_cards):
                        part.extend(plays[c][(powers >> (c & 7) & 1) | cube])
                    cache[part_cards | flags] = part
                out += part
        if assassins:
            out += self.assassin_plays[cube >> 1][assassins]
        if scrolls & 1:
            out.append(self.table.use[C.FREE_POWER])
        if scrolls & 2:
            out.append(self.table.use[C.IMMUNITY])
        if not cards or (cards.bit_length() - 1) >> 3 == ((cards & -cards).bit_length() - 1) >> 3:
            cache[cards | flags | scrolls << 42 | assassins << 48] = out
        return out

    def ready_event(self, seat: int, crystals: int, cubes: int) -> Event:
        """The private "ready" event of ``seat`` (interned: events are immutable values)."""
        key = (seat, crystals, cubes)
        event = self._ready_events.get(key)
        if event is None:
            event = Event("ready", {"seat": seat, "crystals": crystals, "cubes": cubes}, self.only[seat])
            self._ready_events[key] = event
        return event

    def fixed_deal(self, round_index: int) -> list[list[int]] | None:
        """The deal fixed by option ``deal`` for this round, if any."""
        return self.deals[round_index] if round_index < len(self.deals) else None

    def dominant_colours(self, rng: Rng) -> tuple[int, ...]:
        """The dominant colour of every round [D: dominant_order; fixed first ones: dominant]."""
        o = self.options
        fixed = [C.COLOURS.index(x.upper()) for x in o.dominant]
        out = fixed[:o.rounds]
        if not out:
            out.append(rng.below(4))  # a random start [D]
        current = out[-1]
        while len(out) < o.rounds:
            # rules: the dominant colour changes every round [P]; random draws among the other three [D]
            current = (current + 1 if o.dominant_order == "cycle" else current + 1 + rng.below(3)) % 4
            out.append(current)
        return tuple(out)

    def is_secret(self, action: Action) -> bool:
        """A scroll used at the preparation: revealed with everyone's resources, not when it is used."""
        return isinstance(action, A.Move) and action.kind in (A.USE, A.REDEAL_CARD, A.REDEAL_SCROLL)

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        from tricktable.games.megalomania.text import describe_action

        return describe_action(self, action, lang, names)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        from tricktable.games.megalomania.text import describe_event

        return describe_event(self, event, lang, names)

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        from tricktable.games.megalomania.text import why_not_text

        return why_not_text(self, reason, lang, names)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        from tricktable.games.megalomania.text import reference

        return reference(self, lang)

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        from tricktable.games.megalomania.text import prompt

        return prompt(view, lang)
