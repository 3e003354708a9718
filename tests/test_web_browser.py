"""The page in a real headless Chromium (Debian's ``chromium``, driven by
Playwright for Python; no browser is downloaded): it plays each game by
clicking, shows an illegal click's reason, undoes, switches overlays and
analyses, and its screenshots are saved under the test's temporary folder
(and, with ``STONEFIELD_SCREENSHOTS=DIR``, in DIR too)."""

from __future__ import annotations

import os
import random
import shutil
import socket
import threading
from pathlib import Path

import pytest
import stonefield

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
sync_api = pytest.importorskip("playwright.sync_api", reason="needs Playwright for Python")
uvicorn = pytest.importorskip("uvicorn", reason="needs the web extra")
if CHROMIUM is None:
    pytest.skip("needs Debian's chromium (apt-get install chromium)", allow_module_level=True)

from stonefield.web.app import create_app  # noqa: E402

expect = sync_api.expect
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def address():
    """The app served by uvicorn on a free local port, on a thread."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    config = uvicorn.Config(create_app(), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            pytest.fail("the server did not start")
        threading.Event().wait(0.02)
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser, address):
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(address)
    expect(page.locator("#board svg")).to_be_visible()
    yield page
    context.close()
    assert errors == [], errors


def shoot(page, tmp_path, name):
    """Saves a screenshot of the whole page under the test's folder, and in
    ``$STONEFIELD_SCREENSHOTS`` when it is set."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=path, full_page=True)
    assert path.stat().st_size > 10_000
    kept = os.environ.get("STONEFIELD_SCREENSHOTS")
    if kept:
        Path(kept).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(kept) / path.name)
    return path


def new_game(page, game, **options):
    """Starts a game through the New game dialog, both seats human."""
    page.click("#new-game")
    page.select_option("#new-game-name", game)
    for name, value in options.items():
        field = page.locator(f"#option-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    page.click("#new-start")
    expect(page.locator("#new-dialog")).not_to_be_visible()
    expect(page.locator("#moves li")).to_have_count(1)
    page.select_option("#player-1", "human")
    page.select_option("#player-0", "human")


def played(page):
    return page.locator("#moves li").count() - 1


def click_move(page, move):
    """Plays a move by clicking its point or its button, and waits for it."""
    before = played(page)
    if move[0].isalpha() and move[-1].isdigit():
        page.locator(f'#board .target[data-point="{move}"]').click()
    else:
        page.locator(f'#specials button[data-move="{move}"]').click()
    expect(page.locator("#moves li")).to_have_count(before + 2)


def position(page, address):
    """What the API says about the game the page shows."""
    game_id = page.evaluate("location.hash").split("=", 1)[1]
    return page.request.get(f"{address}api/games/{game_id}").json()


SHORT = {
    "sunder": {"size": 3, "pie": False},
    "anda": {"size": 3},
    "anadil": {"size": 5},
    "lingarda": {"size": 3, "pie": False},
    "esgrad": {"size": 3},
}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_short_game_played_by_clicking_is_the_same_game_on_state(page, address, tmp_path, name):
    new_game(page, name, **SHORT[name])
    state = stonefield.game(name, **SHORT[name]).start()
    draw = random.Random(name)
    while not state.is_over and state.ply < 40:
        points = [m for m in state.legal_moves() if m not in state.game.specials]
        move = draw.choice(points or list(state.legal_moves()))
        click_move(page, move)
        state.play(move)
    shown = position(page, address)
    assert shown["record"] == state.record()
    assert shown["board"] == state.board_string()
    moves = page.locator("#moves button.move").all_inner_texts()[1:]
    assert [text.split()[-1] for text in moves] == state.moves
    if state.is_over:
        winner = "no winner" if state.winner is None else f"{state.winner.value} wins"
        expect(page.locator("#status")).to_contain_text(winner, ignore_case=True)
    if shown["score"] is not None:
        expect(page.locator("#score-card")).to_be_visible()
    shoot(page, tmp_path, f"{name}-played")


def test_an_illegal_click_shows_the_reason_and_undo_takes_the_move_back(page, address):
    new_game(page, "sunder", size=5, pie=False)
    click_move(page, "c3")
    page.locator('#board .target[data-point="c3"]').click()
    state = stonefield.Sunder(size=5, pie=False).start()
    state.play("c3")
    with pytest.raises(stonefield.IllegalMoveError) as caught:
        state.play("c3")
    expect(page.locator("#problem")).to_have_text(f"c3: {caught.value.reason}")
    assert position(page, address)["moves"] == ["c3"]
    page.click("#undo")
    expect(page.locator("#moves li")).to_have_count(1)
    assert position(page, address)["moves"] == []


def test_clicking_a_move_shows_its_position(page, address):
    new_game(page, "sunder", size=3, pie=False)
    for move in ["a1", "b2", "c3"]:
        click_move(page, move)
    page.locator('#moves button[data-ply="1"]').click()
    expect(page.locator("#viewing")).to_be_visible()
    expect(page.locator("#board .stone")).to_have_count(1)
    page.click("#back-to-game")
    expect(page.locator("#board .stone")).to_have_count(3)


def test_overlays_switch_and_analyse_draws_visit_shares(page, address, tmp_path):
    new_game(page, "lingarda", size=5, pie=False)
    for move in ["c3", "b2", "d2"]:
        click_move(page, move)
    for overlay in stonefield.overlays.available("lingarda"):
        page.locator(f'label[for="overlay-{overlay}"]').click()
        expect(page.locator(f'#board g.overlay[data-overlay="{overlay}"]').first).to_be_attached()
        expect(page.locator("#overlay-caption")).not_to_be_empty()
    page.locator('label[for="overlay-analyse"]').click()
    page.fill("#analyse-iterations", "300")
    page.locator("#analyse-iterations").dispatch_event("change")
    expect(page.locator('#board g.overlay[data-overlay="analyse"]').first).to_be_attached()
    expect(page.locator("#overlay-caption")).to_contain_text("analysis of")
    shoot(page, tmp_path, "lingarda-analyse")
    page.locator('label[for="overlay-none"]').click()
    expect(page.locator("#board g.overlay")).to_have_count(0)


def test_a_bot_answers_a_move(page, address):
    new_game(page, "esgrad", size=3)
    page.select_option("#player-1", "random")
    # Not click_move: it waits for one entry more, which the bot's reply can
    # pass before the wait first looks.
    page.locator('#board .target[data-point="b2"]').click()
    expect(page.locator("#moves li")).to_have_count(3)
    expect(page.locator("#status")).to_contain_text("Black")


def test_puct_answers_a_move_within_its_seconds(page, address, tmp_path):
    new_game(page, "sunder", size=4, pie=False)
    page.select_option("#player-1", "puct")
    expect(page.locator("#player-1 option:checked")).to_have_text("PUCT")
    page.get_by_label("White's strength in").select_option("seconds")
    strength = page.get_by_label("White's strength", exact=True)
    strength.fill("0.5")
    strength.dispatch_event("change")
    click_move(page, "b2")
    expect(page.locator("#moves li")).to_have_count(3)
    expect(page.locator("#status")).to_contain_text("Black")
    shoot(page, tmp_path, "puct")


def test_a_pasted_record_loads_and_a_broken_one_says_why(page, address):
    page.click("#open-load")
    page.fill("#load-text", "sunder size=3 ; b2 b2")
    page.click("#load-start")
    with pytest.raises(stonefield.RecordError) as caught:
        stonefield.load("sunder size=3 ; b2 b2")
    expect(page.locator("#load-problem")).to_have_text(str(caught.value))
    page.fill("#load-text", "sunder size=2 pie=false ; a2 a1 c2 c3 b2")
    page.click("#load-start")
    expect(page.locator("#status")).to_contain_text("Black wins")
    href = page.locator("#download").get_attribute("href")
    assert page.request.get(address + href.lstrip("/")).text() == (
        "sunder size=2 komi=0 pie=false ; a2 a1 c2 c3 b2\n"
    )


@pytest.mark.parametrize(
    ("name", "options", "moves"),
    [
        ("sunder", {"size": 7}, ["d4", "swap", "c3", "e5"]),
        ("anda", {"size": 19}, ["d4", "q16", "k10"]),
        ("anadil", {"size": 15}, ["h8", "g7", "i9"]),
        ("esgrad", {"size": 25}, ["m13", "l12"]),
    ],
)
@pytest.mark.parametrize("where", ["laptop", "phone"])
def test_screenshots_at_laptop_and_phone_sizes(page, tmp_path, name, options, moves, where):
    page.set_viewport_size(LAPTOP if where == "laptop" else PHONE)
    new_game(page, name, **options)
    for move in moves:
        click_move(page, move)
    if where == "phone":
        # Nothing but the board may be wider than the screen.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
    shoot(page, tmp_path, f"{name}-{options['size']}-{where}")
