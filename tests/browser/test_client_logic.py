"""The client's small pure functions, run in the browser itself (no Node.js): which actions become
clickable cards, how seat numbers become names, how cards read."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

BIND = """async (actions) => {
  const { bindActions } = await import('/static/js/board.js');
  const { byCard, others } = bindActions(actions.map((a) => ({ action: a, label: a })));
  return { cards: Object.fromEntries([...byCard].map(([c, l]) => [c, l.map((i) => i.action)])),
           others: others.map((i) => i.action) };
}"""


def test_card_actions_bind_to_their_card_and_the_rest_become_buttons(blank: Any) -> None:
    actions = ["play B15", "play B15*", "play B15*-", "play B1", "give R5", "redeal scroll", "ready 2/1",
               "colour K", "lead 2", "pick K4", "take G18", "challenge", "option A",
               "play red Brigand", "keep white Revolutionary", "choose seat 1", "draft Guard", "give R5 R9"]
    result = blank.evaluate(BIND, actions)
    assert result["cards"] == {
        "B15": ["play B15", "play B15*", "play B15*-"], "B1": ["play B1"], "R5": ["give R5"], "K4": ["pick K4"],
        "G18": ["take G18"], "red Brigand": ["play red Brigand"], "white Revolutionary": ["keep white Revolutionary"],
    }
    assert result["others"] == ["redeal scroll", "ready 2/1", "colour K", "lead 2", "challenge", "option A",
                                "choose seat 1", "draft Guard", "give R5 R9"]


def test_seat_numbers_in_text_become_names_and_twins_get_numbers(blank: Any) -> None:
    lines = blank.evaluate("""async () => {
      const { withNames } = await import('/static/js/board.js');
      const summary = { seats: [{ seat: 0, name: 'Ann' }, { seat: 1, name: 'Bot' }, { seat: 2, name: 'Bot' }] };
      return [withNames('seat 0 plays', summary), withNames('Seat 2 leads', summary),
              withNames('席1が出しました', summary), withNames('seat 9 is nobody', summary)];
    }""")
    assert lines == ["Ann plays", "Bot #3 leads", "Bot #2が出しました", "seat 9 is nobody"]


def test_cards_read_as_colour_and_value_or_suit_and_hero(blank: Any) -> None:
    cards = blank.evaluate("""async () => {
      const { parseCard, cardTitle, cardEl } = await import('/static/js/cards.js');
      const { gameModule } = await import('/static/js/games/index.js');
      const special = (text, game) => cardEl(text, { look: gameModule(game) }).classList.contains('is-special');
      return [parseCard('B15'), parseCard('K1'), parseCard('red Brigand'), parseCard('scroll'),
              cardTitle('B15', gameModule('megalomania')), cardTitle('G13', gameModule('masquerade')),
              cardTitle('B15', gameModule('masquerade')), special('R11', 'masquerade'), special('R11', 'megalomania'),
              special('R12', 'masquerade')];
    }""")
    assert cards[0] == {"text": "B15", "colour": "blue", "value": 15}
    assert cards[1] == {"text": "K1", "colour": "black", "value": 1}
    assert cards[2] == {"text": "red Brigand", "colour": "red", "hero": "Brigand"}
    assert cards[3] == {"text": "scroll"}
    # each game's drawing module declares how its cards read: Megalomania's rank names, Masquerade's specials
    assert cards[4:] == ["Blue 15 Emperor", "Green 13", "Blue 15", True, False, False]


def test_markdown_renders_tables_lists_and_rule_tags_without_raw_html(blank: Any) -> None:
    text = "# Title\n\n- a **bold** [P] item\n- <script>x</script> `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |"
    html = blank.evaluate("""async (text) => {
      const { markdown } = await import('/static/js/markdown.js');
      return markdown(text).innerHTML;
    }""", text)
    assert "<h2" in html and "<strong>bold</strong>" in html and "<table>" in html and "<td>2</td>" in html
    assert 'class="tag tag-P"' in html
    assert "<script>" not in html and "&lt;script&gt;" in html


PATCH = """async () => {
  const { h, patch } = await import('/static/js/dom.js');
  const host = document.createElement('div');
  document.body.appendChild(host);
  const pressed = [];
  const draw = (label, items) => patch(host, h('div', { class: 'row' },
    h('input', { type: 'text', class: 'box', value: '' }),
    h('button', { type: 'button', class: 'go', onclick: () => pressed.push(label) }, label),
    h('ol', {}, items.map((i) => h('li', {}, i)))));
  draw('first', ['a']);
  const button = host.querySelector('.go');
  const box = host.querySelector('.box');
  box.focus();
  draw('second', ['a', 'b']);
  const kept = host.querySelector('.go') === button && host.querySelector('.box') === box;
  const focused = document.activeElement === box;
  host.querySelector('.go').click();
  draw('third', ['b']);
  host.querySelector('.go').click();
  patch(host, h('p', {}, 'gone'));
  const out = { kept, focused, pressed,
                items: host.querySelectorAll('li').length, text: host.textContent };
  host.remove();
  return out;
}"""


def test_a_patch_keeps_the_elements_on_the_page_and_gives_them_the_new_handlers(blank: Any) -> None:
    # the table redraws the whole page on every message: the button under a finger and the box being typed
    # in stay the same elements, and each acts on the drawing it now stands for
    result = blank.evaluate(PATCH)
    assert result["kept"] and result["focused"]
    assert result["pressed"] == ["second", "third"]
    assert result["items"] == 0 and result["text"] == "gone"
