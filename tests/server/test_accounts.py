"""Accounts, sessions and guests: signing up, logging in and out, and every bad input refused (docs/protocol.md,
"Players"). A seat held by a player opens on another device; the seat token keeps working beside it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from devices import PASSWORD, Device, error_of, sign_up
from fastapi.testclient import TestClient

from conftest import FAST, new_table, serve, take
from tricktable.server import MemoryStore, Settings, SqlStore
from tricktable.server.accounts import GUEST_COOKIE, SESSION_COOKIE
from tricktable.server.limits import Limits


@pytest.fixture
def store() -> Iterator[MemoryStore]:
    yield MemoryStore()


@pytest.fixture
def app(store: MemoryStore) -> Iterator[TestClient]:
    with serve(store) as running:
        yield running


def test_signing_up_sets_an_http_only_same_site_session_cookie_and_logs_in(app: TestClient) -> None:
    laptop = Device(app)
    response = laptop.post("/api/account/signup", json={"name": "  Ann   Lee ", "password": PASSWORD})
    assert response.status_code == 201
    assert response.json()["account"]["name"] == "Ann Lee"  # trimmed as a seat name is
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # served over http here; over https it is Secure (below)
    assert "Path=/" in cookie and "Max-Age=" in cookie
    assert laptop.get("/api/account").json()["account"]["name"] == "Ann Lee"
    assert Device(app).get("/api/account").json() == {"account": None, "guest": False, "ratings": {}}


def test_over_https_the_session_cookie_is_secure(store: MemoryStore) -> None:
    with TestClient(__import__("tricktable.server", fromlist=["create_app"]).create_app(store=store, settings=FAST),
                    base_url="https://testserver") as running:
        response = running.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
        assert response.status_code == 201 and "Secure" in response.headers["set-cookie"]


def test_the_password_is_stored_as_an_argon2_hash_only(db_url: str) -> None:
    store = SqlStore(db_url)
    with serve(store) as running:
        sign_up(Device(running))
    with store.engine.connect() as connection:
        stored = connection.exec_driver_sql("SELECT password FROM tricktable_accounts").scalar_one()
    store.close()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_logging_in_on_another_device_and_logging_out_ends_that_session_only(app: TestClient) -> None:
    laptop, phone = Device(app), Device(app)
    sign_up(laptop)
    response = phone.post("/api/account/login", json={"name": "ANN", "password": PASSWORD})  # names ignore case
    assert response.status_code == 200 and response.json()["account"]["name"] == "Ann"
    old = phone.cookies.get(SESSION_COOKIE)
    out = phone.post("/api/account/logout", json={})
    assert out.status_code == 200 and out.json()["account"] is None
    assert f'{SESSION_COOKIE}=""' in out.headers["set-cookie"] or "Max-Age=0" in out.headers["set-cookie"]
    assert phone.get("/api/account").json()["account"] is None
    stolen = Device(app)  # the logged-out session's cookie is dead wherever it was copied
    stolen.cookies.set(SESSION_COOKIE, old or "")
    assert stolen.get("/api/account").json()["account"] is None
    assert laptop.get("/api/account").json()["account"]["name"] == "Ann"


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(app: TestClient) -> None:
    sign_up(Device(app))
    wrong = error_of(Device(app).post("/api/account/login", json={"name": "Ann", "password": "not the password"}),
                     401, "account/login")
    unknown = error_of(Device(app).post("/api/account/login", json={"name": "Bob", "password": PASSWORD}),
                       401, "account/login")
    assert wrong == unknown == "wrong name or password"


def test_too_many_wrong_passwords_make_that_network_wait_for_that_name(store: MemoryStore) -> None:
    settings = Settings(**{**FAST.__dict__, "limits": Limits(rate=0, login_failures=2)})
    with serve(store, settings) as running:
        sign_up(Device(running))
        for _ in range(3):
            error_of(Device(running).post("/api/account/login", json={"name": "Ann", "password": "guess 1234"}),
                     401, "account/login")
        message = error_of(Device(running).post("/api/account/login", json={"name": "ann", "password": PASSWORD}),
                           429, "limit/login")
        assert "try again in" in message
        # the owner from another network is not kept out (tests/server/test_logins.py); another name from
        # this network waits too: the network itself failed
        other = Device(running)
        error_of(other.post("/api/account/login", json={"name": "Bob", "password": PASSWORD}), 429, "limit/login")


def test_a_taken_name_is_refused_ignoring_case_and_compatibility_forms(app: TestClient) -> None:
    sign_up(Device(app), "Ann")
    for name in ("Ann", "ann", "ＡＮＮ", " ANN "):
        error_of(Device(app).post("/api/account/signup", json={"name": name, "password": PASSWORD}),
                 409, "account/name-taken")


@pytest.mark.parametrize("name", ["", "   ", "A" * 33, "Ann\u202e", "Ann\x00", "Ann\nLee", "zero\u200bwidth",
                                  "Bot (hard)", "Seat 2", "席2", "ボット", "\u3164"])
def test_names_follow_the_seat_name_rules(app: TestClient, name: str) -> None:
    code = "name/reserved" if name in ("Bot (hard)", "Seat 2", "席2", "ボット") else "name/invalid"
    error_of(Device(app).post("/api/account/signup", json={"name": name, "password": PASSWORD}), 422, code)


@pytest.mark.parametrize("password", ["", "short", "1234567"])
def test_a_short_password_is_refused(app: TestClient, password: str) -> None:
    message = error_of(Device(app).post("/api/account/signup", json={"name": "Ann", "password": password}),
                       422, "account/password")
    assert "at least 8" in message


def test_a_long_password_is_refused_before_it_is_hashed(app: TestClient) -> None:
    error_of(Device(app).post("/api/account/signup", json={"name": "Ann", "password": "x" * 1025}),
             422, "account/password")
    error_of(Device(app).post("/api/account/login", json={"name": "Ann", "password": "é" * 600}),
             422, "account/password")


@pytest.mark.parametrize("path", ["/api/account/signup", "/api/account/login", "/api/account/logout",
                                  "/api/account/guest"])
def test_state_changing_routes_take_json_only(app: TestClient, path: str) -> None:
    form = {"name": "Ann", "password": PASSWORD}
    error_of(Device(app).post(path, data=form), 400, "message/malformed")  # a cross-site form's shape
    error_of(Device(app).post(path, content=b'{"name": "Ann", "password": "x"}',
                              headers={"content-type": "text/plain"}), 400, "message/malformed")
    error_of(Device(app).post(path, content=b"{not json", headers={"content-type": "application/json"}),
             400, "message/malformed")
    error_of(Device(app).post(path), 400, "message/malformed")  # no body at all


@pytest.mark.parametrize("body", [{"name": "Ann"}, {"password": PASSWORD}, {"name": 3, "password": PASSWORD},
                                  {"name": "Ann", "password": ["x"]}, [1, 2], "Ann"])
def test_missing_and_mistyped_fields_are_malformed(app: TestClient, body: Any) -> None:
    error_of(Device(app).post("/api/account/signup", json=body), 400, "message/malformed")
    error_of(Device(app).post("/api/account/login", json=body), 400, "message/malformed")


def test_an_oversized_or_too_deep_body_is_refused(app: TestClient) -> None:
    error_of(Device(app).post("/api/account/signup", json={"name": "Ann", "password": "x" * 70_000}),
             413, "message/too-large")
    deep: Any = "x"
    for _ in range(40):
        deep = [deep]
    error_of(Device(app).post("/api/account/login", json={"name": "Ann", "password": deep}), 400, "message/too-deep")


def test_a_post_from_another_sites_page_is_refused(app: TestClient) -> None:
    for path, body in [("/api/account/signup", {"name": "Ann", "password": PASSWORD}),
                       ("/api/account/login", {"name": "Ann", "password": PASSWORD}),
                       ("/api/account/logout", {}), ("/api/account/guest", {})]:
        error_of(Device(app).post(path, json=body, headers={"origin": "https://evil.example"}), 403, "auth/origin")
    assert Device(app).post("/api/account/signup", json={"name": "Ann", "password": PASSWORD},
                            headers={"origin": "http://testserver"}).status_code == 201


def test_a_forged_or_oversized_session_cookie_is_no_account(app: TestClient) -> None:
    for value in ("nonsense", "x" * 5000, ""):
        device = Device(app)
        device.cookies.set(SESSION_COOKIE, value)
        assert device.get("/api/account").json()["account"] is None


# --- seats held by players -------------------------------------------------------------------------------

def test_an_account_seat_opens_on_another_device_without_its_token(app: TestClient) -> None:
    laptop, phone = Device(app), Device(app)
    sign_up(laptop, "Ann")
    table = new_table(app, players=2, seats=[{"kind": "human"}, {"kind": "bot"}], seed=3)
    taken = laptop.post(f"/api/tables/{table['id']}/seats/0", json={"name": "whatever"})
    assert taken.status_code == 200 and taken.json()["table"]["seats"][0]["name"] == "Ann"  # the account's name
    assert taken.json()["table"]["seats"][0]["account"] is True and "player" not in taken.json()["table"]["seats"][0]
    assert phone.post("/api/account/login", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    view = phone.get(f"/api/tables/{table['id']}/view").json()
    assert view["seat"] == 0 and [a["action"] for a in view["legal"]] == ["bid 0", "bid 1"]
    acted = phone.post(f"/api/tables/{table['id']}/actions", json={"action": "bid 1"})
    assert acted.status_code == 200 and acted.json()["seat"] == 0
    with phone.socket(table["id"]) as ws:
        assert ws.receive_json()["seat"] == 0
    assert Device(app).get(f"/api/tables/{table['id']}/view").json()["seat"] is None  # anyone else: a spectator
    error_of(Device(app).post(f"/api/tables/{table['id']}/actions", json={"action": "play C1"}), 403, "auth/token")


def test_the_lobby_tells_each_player_the_seat_they_hold_on_any_device(app: TestClient) -> None:
    laptop, phone, guest, stranger = Device(app), Device(app), Device(app), Device(app)
    sign_up(laptop, "Ann")
    assert guest.post("/api/account/guest", json={}).status_code == 200
    table = new_table(app, players=3, seats=[{"kind": "human"}] * 3, seed=3)
    assert laptop.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Ann"}).status_code == 200
    assert guest.post(f"/api/tables/{table['id']}/seats/2", json={"name": "Gus"}).status_code == 200
    assert phone.post("/api/account/login", json={"name": "Ann", "password": PASSWORD}).status_code == 200

    def your_seat(device: Device) -> Any:
        (found,) = [t for t in device.get("/api/tables").json() if t["id"] == table["id"]]
        return found["your_seat"]

    assert your_seat(phone) == 1 and your_seat(laptop) == 1  # the account's seat, on a device that never took it
    assert your_seat(guest) == 2 and your_seat(stranger) is None
    assert phone.post("/api/account/logout", json={}).status_code == 200
    assert your_seat(phone) is None


def test_the_seat_token_still_works_beside_the_player(app: TestClient) -> None:
    laptop = Device(app)
    sign_up(laptop)
    table = new_table(app, players=2, seats=[{"kind": "human"}, {"kind": "bot"}], seed=3)
    token = laptop.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
    program = app.post(f"/api/tables/{table['id']}/actions", json={"token": token, "action": "bid 0"})
    assert program.status_code == 200 and program.json()["seat"] == 0


def test_a_guest_holds_a_seat_by_cookie_and_only_one_seat_a_table(app: TestClient) -> None:
    guest = Device(app)
    response = guest.post("/api/account/guest", json={})
    assert response.status_code == 200 and GUEST_COOKIE in response.headers["set-cookie"]
    assert "HttpOnly" in response.headers["set-cookie"]
    again = guest.post("/api/account/guest", json={})
    assert "set-cookie" not in again.headers  # a guest keeps their identity
    table = new_table(app, players=3, seats=[{"kind": "human"}] * 3, seed=3)
    assert guest.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Gus"}).status_code == 200
    error_of(guest.post(f"/api/tables/{table['id']}/seats/2", json={"name": "Gus 2"}), 409, "seat/held")
    assert guest.get(f"/api/tables/{table['id']}/view").json()["seat"] == 1
    assert guest.get("/api/account").json() == {"account": None, "guest": True, "ratings": {}}
    # a guest who signs up keeps the seats they took as a guest
    sign_up(guest, "Gus")
    assert guest.get(f"/api/tables/{table['id']}/view").json()["seat"] == 1


def test_a_forged_guest_cookie_holds_no_one_elses_seat(app: TestClient) -> None:
    guest = Device(app)
    guest.post("/api/account/guest", json={})
    table = new_table(app, players=2, seats=[{"kind": "human"}] * 2, seed=3)
    guest.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Gus"})
    other = Device(app)
    other.cookies.set(GUEST_COOKIE, "guessed-secret")
    assert other.get(f"/api/tables/{table['id']}/view").json()["seat"] is None


def test_taking_a_seat_with_cookies_from_another_site_is_refused(app: TestClient) -> None:
    laptop = Device(app)
    sign_up(laptop)
    table = new_table(app, players=2, seats=[{"kind": "human"}] * 2, seed=3)
    error_of(laptop.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"},
                         headers={"origin": "https://evil.example"}), 403, "auth/origin")
    take(app, table["id"], 0)  # a program without cookies is not a browser: the token path as before


def test_accounts_and_seats_held_by_players_survive_a_restart(db_url: str) -> None:
    store = SqlStore(db_url)
    with serve(store) as running:
        laptop = Device(running)
        sign_up(laptop)
        table = new_table(running, players=2, seats=[{"kind": "human"}, {"kind": "bot"}], seed=3)
        laptop.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"})
        cookies = laptop.cookies
    with serve(store) as running:  # the same session cookie, the same seat
        laptop = Device(running)
        laptop.cookies = cookies
        assert laptop.get("/api/account").json()["account"]["name"] == "Ann"
        assert laptop.get(f"/api/tables/{table['id']}/view").json()["seat"] == 0
        phone = Device(running)
        assert phone.post("/api/account/login", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    store.close()
    memory = MemoryStore()
    for _ in range(2):  # a memory store keeps its accounts as long as it lives
        with serve(memory) as running:
            device = Device(running)
            if device.post("/api/account/login", json={"name": "Mia", "password": PASSWORD}).status_code != 200:
                sign_up(device, "Mia")
    with serve(memory) as running:
        assert Device(running).post("/api/account/login", json={"name": "Mia", "password": PASSWORD}).status_code == 200


def test_a_guest_cookie_the_client_made_up_is_nobody_and_a_new_value_is_no_new_spectator(app: TestClient) -> None:
    """Guest identities are the server's, signed: a spectator cannot shed a mute or a number by picking a cookie."""
    guest = Device(app)
    guest.post("/api/account/guest", json={})
    issued = guest.cookies.get(GUEST_COOKIE)
    assert issued and "." in issued
    assert guest.get("/api/account").json()["guest"] is True
    for made_up in ("any-string-i-like", issued.split(".")[0] + ".0" * 16, issued[:-1] + "x", "a" * 200):
        other = Device(app)
        other.cookies.set(GUEST_COOKIE, made_up)
        assert other.get("/api/account").json()["guest"] is False, made_up
        assert other.post("/api/account/guest", json={}).headers.get("set-cookie", "").startswith(GUEST_COOKIE)


def test_guest_identities_hold_across_a_restart_and_every_worker(db_url: str) -> None:
    store = SqlStore(db_url)
    with serve(store) as running:
        guest = Device(running)
        guest.post("/api/account/guest", json={})
        issued = guest.cookies.get(GUEST_COOKIE)
    store.close()
    again = SqlStore(db_url)
    with serve(again) as running:
        back = Device(running)
        back.cookies.set(GUEST_COOKIE, issued)
        assert back.get("/api/account").json()["guest"] is True  # the key is in the database, not the process
    again.close()
