"""What a player reads at the table never breaks, cuts or codes (issue 37, findings 1-9): names wrap between
words only, the end's breakdown fits, no card code in a caption, number lists in the lobby, the turn words
of each game, the replay from the start, "1 message", the clock's last seconds, the action bar beside the
prompt, and a hand that waits during a challenge says why."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browser_play import CHOICES, create_table, play_to_end, set_option, take_turn, wait_until
from browser_server import SCREENSHOTS, Server
from test_player_ux import draw, legal, needs, seats, view

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CODE = re.compile(r"(?<![0-9A-Za-z])[RKBGY]\d{1,2}(?![0-9A-Za-z])")  # a card's code: "G15", "K1"

# Every word of every seat name: the lines its letters sit on (one, unless the word was broken), and
# whether a cut name has the full name as its title.
WORDS = """() => [...document.querySelectorAll('.seat-name')].map((el) => {
  const node = el.firstChild;
  const text = node.textContent;
  let at = 0;
  const words = text.split(' ').map((word) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    at += word.length + 1;
    return { word, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
  });
  return { text, title: el.title, words, cut: el.scrollWidth > el.clientWidth };
})"""


@pytest.mark.parametrize("players", [3, 4])
def test_seat_names_break_only_between_words_at_1366_px(server: Server, browser: Any, players: int) -> None:
    needs("megalomania")
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        create_table(page, server.url, "megalomania", players, name="Annabelle Longname", seed=5)
        page.wait_for_selector(CHOICES)
        names = page.evaluate(WORDS)
        assert len(names) == players and any(n["text"] == "Annabelle Longname" for n in names)
        for name in names:
            for word in name["words"]:
                assert word["lines"] == 1, f"{word['word']!r} of {name['text']!r} is broken across lines"
            if name["cut"]:
                assert name["title"] == name["text"], f"{name['text']!r} is cut with no full name on hover"
    finally:
        context.close()


def test_a_word_too_long_for_its_seat_is_cut_with_the_full_name_on_hover(blank: Any) -> None:
    needs("trickster")
    blank.set_viewport_size(PHONE)
    frame = {"table": seats(["Ann24385Bartholomew", "Bo", "Cy", "Di"]),
             "view": view("trickster", "play", {}, hand=["red Brigand"], players=4), "legal": []}
    draw(blank, frame)
    names = blank.evaluate(WORDS)
    long = next(n for n in names if n["text"].startswith("Ann"))
    assert long["words"][0]["lines"] == 1 and long["cut"] and long["title"] == "Ann24385Bartholomew"


# --- 2. the end's breakdown fits, with its totals ---------------------------------------------------------

def twelve_rounds(lang: str) -> dict[str, Any]:
    label = "第{k}ラウンド：ミッション{m}" if lang == "ja" else "round {k}: mission {m}"
    rounds = [label.format(k=k, m=k + 3) for k in range(1, 13)] + ["unused scroll kept"]
    rows = [{"seat": s, "total": sum(range(13)) + 13 * s,
             "parts": [{"label": lab, "points": k + s} for k, lab in enumerate(rounds)]} for s in range(4)]
    result = {"winners": [3], "order": [3, 2, 1, 0], "rows": rows}
    over = view("megalomania", "over", {}, hand=[], players=4, result=result)
    over.update(is_over=True, winners=[3], scores=[r["total"] for r in rows], actors=[])
    return {"table": seats(["Annabelle Longname", "Bob", "Cleo", "Dmitri"]), "view": over, "legal": []}


@pytest.mark.parametrize(("size", "lang"), [(LAPTOP, "en"), (PHONE, "ja"), (PHONE, "en")])
def test_megalomanias_twelve_round_breakdown_shows_every_number_and_total(blank: Any, size: dict[str, int],
                                                                          lang: str) -> None:
    needs("megalomania")
    blank.set_viewport_size(size)
    draw(blank, twelve_rounds(lang), lang=lang)
    board = blank.locator("[data-testid=scoreboard]")
    right = board.evaluate("el => el.getBoundingClientRect().right")
    cells = board.locator("td.part, [data-testid=total]")
    assert cells.count() == 4 * 13 + 4
    for cell in cells.all():  # every part and every total is inside the panel: nothing to scroll to
        assert cell.evaluate("el => el.getBoundingClientRect().right") <= right + 0.5, cell.inner_text()
    assert blank.evaluate("document.documentElement.scrollWidth") <= size["width"]
    totals = [c.inner_text() for c in board.locator("[data-testid=total]").all()]
    assert totals == [str(78 + 13 * s) for s in (3, 2, 1, 0)]


# --- 3. no card code where a player reads -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_masquerades_last_turn_caption_names_cards_in_words(blank: Any, lang: str) -> None:
    needs("masquerade")
    table = {"previous": {"cards": ["G15", "K1", "R3"], "picker": 1, "picked": "G15", "taker": 2}}
    frame = {"table": seats(["Ann", "Bob", "Cleo"]), "view": view("masquerade", "play", table, hand=["R5", "B7"]),
             "legal": legal(("play R5", "play red 5"), ("play B7", "play blue 7"))}
    draw(blank, frame, lang=lang)
    caption = blank.locator(".previous p").inner_text()
    assert ("Green 15" in caption) if lang == "en" else ("緑" in caption), caption
    words = blank.locator("[data-testid=board]").evaluate(
        "el => { const copy = el.cloneNode(true); copy.querySelectorAll('.card').forEach((c) => c.remove());"
        " return copy.innerText; }")
    assert not CODE.findall(words), CODE.findall(words)


# --- 4. the lobby reads number lists -----------------------------------------------------------------------

def test_the_lobby_sends_number_lists_and_says_what_is_wrong_with_a_bad_one(server: Server, page: Any) -> None:
    needs("megalomania")
    page.goto(f"{server.url}/")
    page.click("[data-testid=game-megalomania]")
    page.locator("details.options").evaluate("d => { d.open = true; }")
    control = page.locator("[data-testid=option-mission_order]")
    control.fill("13, x2")
    control.dispatch_event("change")
    said = page.locator("[data-testid=option-error-mission_order]")
    assert said.is_visible() and "x2" in said.inner_text() and "whole number" in said.inner_text()
    assert "(" not in said.inner_text().split("x2")[1][:4], "a Python tuple in the message"
    deck = [13, 15, 24, 25, 1, 2, 3, 4, 5, 6, 7, 9]  # 12 rounds need 12 missions
    create_table(page, server.url, "megalomania", 3, options={"mission_order": [13, 15, 24], "missions": deck}, seed=4)
    page.wait_for_selector("[data-testid=mission]")
    assert "Mission 13" in page.locator("[data-testid=mission]").inner_text()


def test_the_list_reader_takes_commas_spaces_and_japanese_commas(blank: Any) -> None:
    result = blank.evaluate("""async () => {
      const { listValues } = await import('/static/js/lobby.js');
      return [listValues('13, 15 24、25', true, [1, 25]), listValues('13, 26', true, [1, 25]),
              listValues('1.5', true, [1, 25]), listValues('insight, redeal', false)];
    }""")
    assert result[0] == {"values": [13, 15, 24, 25], "bad": None}
    assert result[1]["bad"] == "26" and result[2]["bad"] == "1.5"
    assert result[3] == {"values": ["insight", "redeal"], "bad": None}


# --- 6. each game's words for its units ----------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [("en", "Turn 3"), ("ja", "第3ターン")])
def test_masquerade_counts_turns_not_rounds(blank: Any, lang: str, words: str) -> None:
    needs("masquerade")
    masked = view("masquerade", "play", {}, hand=["R5"])
    masked["round"] = 3
    frame = {"table": seats(["Ann", "Bob", "Cleo"]), "view": masked, "legal": legal(("play R5", "play red 5"))}
    draw(blank, frame, lang=lang)
    assert blank.locator("[data-testid=round]").inner_text() == words
    texts = blank.evaluate("""async () => {
      const { roundText, roundIsTrick } = await import('/static/js/games/index.js');
      return [roundText('masquerade', 2), roundText('megalomania', 2),
              roundIsTrick('masquerade'), roundIsTrick('trickster')];
    }""")
    assert texts[0] == words.replace("3", "2") and texts[1] in ("Round 2", "第2ラウンド") and texts[2:] == [True, False]


def test_megalomania_shows_no_trick_number_while_cards_are_programmed(blank: Any) -> None:
    needs("megalomania")
    table = {"trick_number": 1, "tricks_in_round": 8, "dominant": "Y"}
    program = view("megalomania", "program", table, hand=["B3", "Y5"])
    draw(blank, {"table": seats(["Ann", "Bob", "Cleo"]), "view": program, "legal": legal(("program B3", "B3 first"))})
    assert "Trick" not in blank.locator("[data-testid=info]").inner_text()
    playing = {**program, "phase": "play"}
    draw(blank, {"table": seats(["Ann", "Bob", "Cleo"]), "view": playing, "legal": legal(("play B3", "play"))})
    assert "Trick" in blank.locator("[data-testid=info]").inner_text()


# --- 8. the replay opens at the start and names each player once ---------------------------------------------

def test_a_replay_opens_at_the_deal_and_names_each_mover_once(server: Server, page: Any) -> None:
    needs("masquerade")
    create_table(page, server.url, "masquerade", 3, seed=6)
    table = page.url.rsplit("/", 1)[1]
    play_to_end(page, random.Random(3), until=200)
    page.goto(f"{server.url}/replays/{table}")
    page.wait_for_selector("[data-testid=replay-step]")
    assert page.locator("[data-testid=replay-step]").inner_text().startswith("Move 0 of")
    assert "step=0" in page.url
    page.select_option(".replay-seat select", "0")
    page.wait_for_url("**seat=0**")
    page.wait_for_selector("[data-testid=moves] li")
    for line in page.locator("[data-testid=moves] li").all_inner_texts():
        text = line.split("\n", 1)[-1].strip()
        name = text.split(":")[0]
        assert not text.startswith(f"{name}: {name}"), text
    assert all("Turn" in o or "ターン" in o for o in page.locator("[data-testid=replay-jump] option").all_inner_texts())


# --- 9. small things -----------------------------------------------------------------------------------------

def test_one_is_singular_in_english_and_japanese_stays_japanese(blank: Any) -> None:
    said = blank.evaluate("""async () => {
      const { t, setLang } = await import('/static/js/i18n.js');
      const en = [t('chat.muted', { n: 1 }), t('chat.muted', { n: 2 }), t('table.cards', { n: 1 })];
      setLang('ja');
      const ja = [t('chat.muted', { n: 1 }), t('table.cards', { n: 1 })];
      setLang('en');
      return { en, ja };
    }""")
    assert said["en"] == ["1 message from a muted player hidden", "2 messages from muted players hidden", "1 card"]
    assert said["ja"] == ["ミュート中の相手のメッセージ1件を隠しています", "1枚"]


def test_a_clock_warns_in_its_last_ten_seconds(blank: Any) -> None:
    low = blank.evaluate("""async () => {
      const { reading } = await import('/static/js/clock.js');
      const at = (clock, left, seconds) => reading(clock, { deadline: 1000 + seconds, left }, 1000).low;
      const blitz = { kind: 'realtime', move: 10, reserve: 0 };
      const day = { kind: 'turn', move: 86400 };
      const reserve = { kind: 'realtime', move: 30, reserve: 120 };
      return [at(blitz, 0, 1), at(blitz, 0, 9), at(day, 0, 1), at(day, 0, 10), at(day, 0, 3600),
              at(reserve, 120, 121), at(reserve, 5, 5)];
    }""")
    assert low == [True, True, True, True, False, False, True]


def test_undo_and_suggest_sit_in_the_action_bar_beside_the_prompt(server: Server, browser: Any) -> None:
    needs("trickster")
    for size in (LAPTOP, PHONE):
        context = browser.new_context(viewport=size)
        try:
            page = context.new_page()
            create_table(page, server.url, "trickster", 3, options={"rounds": 1}, seed=3)
            page.wait_for_selector("[data-testid=prompt]")
            bar = page.locator("[data-testid=decisions] [data-testid=action-bar] [data-testid=suggest]")
            assert bar.count() == 1
            prompt = page.locator("[data-testid=prompt]").bounding_box()
            button = bar.bounding_box()
            # beside the prompt (same row on a laptop, right under it on a phone), never below the board
            assert button["y"] < prompt["y"] + prompt["height"] + 60
            board = page.locator("[data-testid=board]").bounding_box()
            assert button["y"] + button["height"] <= board["y"] + board["height"]
        finally:
            context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_during_a_challenge_the_hand_is_dimmed_and_a_tapped_card_says_why(blank: Any, lang: str) -> None:
    needs("masquerade")
    table = {"challenge": {"challenged": 1, "challenger": None}, "lead_colour": "R"}
    trick = [{"seat": 2, "card": "R8", "number": 8, "follows": True},
             {"seat": 1, "card": "K6", "number": 6, "follows": False}]
    frame = {"table": seats(["Ann", "Bob", "Cleo"]), "legal": legal(("challenge", "Challenge"), ("pass", "Pass")),
             "view": view("masquerade", "challenge", table, hand=["R5", "B7"], trick=trick)}
    draw(blank, frame, lang=lang)
    assert blank.locator("[data-testid=board].is-idle").count() == 0
    filtered = blank.locator("[data-testid=hand] .card").first.evaluate("el => getComputedStyle(el).filter")
    assert filtered != "none", "the hand is not dimmed while a challenge is decided"
    blank.locator("[data-testid=dim-card]").first.click()
    wait_until(blank, "() => !!document.querySelector('[data-testid=why-not]')")
    reason = blank.locator("[data-testid=why-not] .why-reason").inner_text()
    assert ("challenge" in reason and "Bob" in reason) if lang == "en" else ("チャレンジ" in reason), reason


def test_a_set_option_helper_still_fills_lists(server: Server, page: Any) -> None:
    # the lobby helper the other browser tests use sets a number list through the new reader
    needs("megalomania")
    page.goto(f"{server.url}/")
    page.click("[data-testid=game-megalomania]")
    page.locator("details.options").evaluate("d => { d.open = true; }")
    set_option(page, "missions", [3, 4, 5, 6, 7, 9, 10, 11, 12])
    said = page.locator("[data-testid=option-error-missions]")
    assert said.count() == 1 and said.is_hidden()  # the list was read: no error shown


# --- 5. one word for one thing (each game's glossary.py, read through the reference) --------------------------

def test_the_board_says_the_glossarys_japanese_words(blank: Any) -> None:
    needs("masquerade", "megalomania")
    taking = {"taking": {"picker": 1, "taker": 2}, "lead_colour": "R"}
    frame = {"table": seats(["Ann", "Bob", "Cleo"]), "legal": [],
             "view": view("masquerade", "take", taking, hand=["R5"])}
    draw(blank, frame, lang="ja")
    text = blank.locator("[data-testid=board]").inner_text()
    assert "仮面テイキング" in text and "カードの獲得" not in text and "リードカラー" in text
    table = {"crystals": [1, 0, 2], "cubes": [2, 3, 1], "dominant": "Y", "lead_colour": "B", "trick_number": 2}
    frame = {"table": seats(["Ann", "Bob", "Cleo"]), "legal": [],
             "view": view("megalomania", "play", table, hand=["B3"])}
    draw(blank, frame, lang="ja")
    text = blank.locator("[data-testid=board]").inner_text()
    assert "パワークリスタル" in text and re.search("(?<!パワー)クリスタル", text) is None, text
    assert "ドミナントカラー" in text


# --- the phone: the trick, the prompt with its action bar, and the hand on one 390x844 screen -------------------

ONE_SCREEN = """() => {
  const parts = ['[data-testid=trick]', '[data-testid=decisions]', '[data-testid=hand]']
    .map((s) => document.querySelector(s)).filter(Boolean).map((e) => e.getBoundingClientRect());
  if (parts.length < 3) return null;
  return Math.max(...parts.map((r) => r.bottom)) - Math.min(...parts.map((r) => r.top));
}"""


@pytest.mark.parametrize("game", ["megalomania", "trickster", "masquerade"])
def test_on_a_phone_trick_prompt_and_hand_share_one_screen_in_every_phase(server: Server, browser: Any,
                                                                           game: str) -> None:
    needs(game)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.evaluate("localStorage.setItem('tricktable.lang', 'ja')")
        create_table(page, server.url, game, 3, options={"rounds": 1} if game == "trickster" else {}, seed=5)
        rng = random.Random(2)
        seen: dict[str, float] = {}
        for _ in range(60):
            page.wait_for_selector(f"{CHOICES}, [data-testid=scoreboard]")
            if page.locator("[data-testid=scoreboard]").count():
                break
            chip = page.locator("[data-testid=phase]")
            phase = chip.inner_text() if chip.count() else ""
            span = page.evaluate(ONE_SCREEN)
            if span is not None and phase not in seen:
                seen[phase] = span
                assert span <= PHONE["height"], f"{phase}: trick, prompt and hand need {span:.0f} px"
                page.locator("[data-testid=trick]").evaluate("el => el.scrollIntoView({ block: 'start' })")
                page.screenshot(path=str(SCREENSHOTS / f"phone-one-screen-{game}-{len(seen)}.png"))
            take_turn(page, rng)
        assert len(seen) >= 2, seen
        # the sticky bar scrolls away on a phone: it never covers the trick
        assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).position") != "sticky"
    finally:
        context.close()
