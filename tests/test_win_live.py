"""Everyone's chances live (`yams hint --chances`, api.chances, play's --chances) and the chart of a
game's chances turn by turn (`yams review --chart`), on a Yatzy game played by the solver."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from helpers import ENV, js, ok, one_line_error, run

from yams_scorekeeper import api


def _play(db, solved, turns: int | None = None) -> str:
    """Ana and Bob play Yatzy by the solver's best cell, random dice from a fixed seed."""
    from yams_scorekeeper.advice.hints import sheet_hint
    from yams_scorekeeper.advice.spec import spec_for

    game = api.new(db, "yatzy", ["Ana", "Bob"]).game
    table = solved(spec_for(game.rules, game.rows))
    rng = random.Random(3)
    done = 0
    while not game.finished and (turns is None or done < turns):
        dice = [rng.randint(1, 6) for _ in range(5)]
        game = api.enter(db, "".join(map(str, dice)), 3).game
        cells = {r: m.score for (_, r), m in game.player.marks.items()}
        best = sheet_hint(table, cells, dice=dice, roll=3).cells[0]
        game = api.mark(db, {"column": game.columns[0].id, "row": best.row}).game
        done += 1
    return game.id


@pytest.fixture
def db(tmp_path, cache_with, monkeypatch):
    monkeypatch.setitem(ENV, "YAMS_CACHE", cache_with("yatzy"))
    monkeypatch.setenv("YAMS_CACHE", cache_with("yatzy"))
    return str(tmp_path / "store")


def test_chances_live_sum_to_one_and_say_when_exact(db, solved):
    _play(db, solved, turns=6)
    early = js(db, "hint", "--chances")
    assert early["method"] == "approximation" and not early["exact"]
    assert sum(p["probability"] for p in early["players"]) == pytest.approx(1.0, abs=1e-6)
    assert early == api.chances(db)
    text = ok(db, "hint", "--chances", lang="fr").stdout
    assert text.startswith("Chances de gagner (approximation) :")
    assert "Ana" in text and "█" in text and " %" in text
    _play_on(db, solved, 30 - 6 - 4)                 # 2 rows open each
    late = js(db, "hint", "--chances")
    assert late["exact"] and late["method"] == "exact"


def _play_on(db, solved, turns):
    from yams_scorekeeper.advice.hints import sheet_hint
    from yams_scorekeeper.advice.spec import spec_for

    game = api.load(db)
    table = solved(spec_for(game.rules, game.rows))
    rng = random.Random(5)
    for _ in range(turns):
        dice = [rng.randint(1, 6) for _ in range(5)]
        game = api.enter(db, "".join(map(str, dice)), 3).game
        cells = {r: m.score for (_, r), m in game.player.marks.items()}
        best = sheet_hint(table, cells, dice=dice, roll=3).cells[0]
        api.mark(db, {"column": game.columns[0].id, "row": best.row})


def test_no_chances_without_a_solved_table(tmp_path, monkeypatch):
    monkeypatch.setitem(ENV, "YAMS_CACHE", str(tmp_path / "empty-cache"))
    db = str(tmp_path / "store")
    api.new(db, "yatzy", ["Ana", "Bob"])
    one_line_error(run(db, "hint", "--chances"), "No chances for")


def test_review_chart_draws_each_players_chances_and_the_swings(db, solved, tmp_path):
    gid = _play(db, solved)
    chart = tmp_path / "chances.svg"
    said = ok(db, "review", gid, "--chart", str(chart)).stdout
    assert f"Chart of the chances written: {chart}" in said
    root = ET.fromstring(chart.read_text())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    lines = {p.get("data-player"): [float(v) for v in p.get("data-values").split()]
             for p in root.iter("{http://www.w3.org/2000/svg}path") if p.get("data-player")}
    assert set(lines) == {"Ana", "Bob"}
    assert lines["Ana"][0] == pytest.approx(0.5, abs=1e-6)
    assert len(lines["Ana"]) == 31                   # before the first turn, then 30 turns
    game = api.load(db, gid)
    winner = max(game.sheets, key=lambda s: game.totals(s).grand).name
    assert lines[winner][-1] == pytest.approx(1.0)
    swung = [line for line in said.splitlines() if line.startswith("Turn ")]
    marked = [int(t.get("data-turn")) for t in root.iter("{http://www.w3.org/2000/svg}line")
              if t.get("data-turn")]
    assert len(swung) == len(marked)
    assert all(f"Turn {k} " in s for k, s in zip(marked, swung, strict=True))


def test_chart_needs_a_finished_one_column_game(db, solved, tmp_path):
    _play(db, solved, turns=2)
    one_line_error(run(db, "review", "--chart", str(tmp_path / "c.svg")), "--chart draws")
    assert not (tmp_path / "c.svg").exists()


def test_several_columns_get_an_estimate_by_simulated_games():
    """Yam classique in two columns, two cells left each: the heuristic plays the rest."""
    from yams_scorekeeper.advice.heuristic import HeuristicAdviser
    from yams_scorekeeper.advice.sim_chances import simulated_chances, simulated_win_cells
    from yams_scorekeeper.cli.chances_view import chance_lines
    from yams_scorekeeper.cli.win_text import simulated_lines
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game

    game = Game(make_config("classic", ["Ana", "Bob"], columns=["libre", "descendante"]),
                id="0123abcd")
    rng = random.Random(4)
    cells = len(game.columns) * len(game.rows)
    while len(game.sheets[1].marks) < cells - 2:
        HeuristicAdviser(game).play_turn(rng)
    live = simulated_chances(game, samples=12)
    assert live.method == "simulation" and not live.exact and live.samples == 12
    assert sum(live.chances) == pytest.approx(1.0)
    assert all(c * 12 == pytest.approx(round(c * 24) / 2) for c in live.chances)  # half wins
    assert simulated_chances(game, samples=12) == live          # a position's own seed
    data = live.to_json()
    assert data["samples"] == 12 and "interval" in data["players"][0]
    lines = chance_lines(live, "en")
    assert "estimated from 12 games played on by the heuristic adviser" in lines[0]
    assert "±" in lines[1]
    game.enter(game.rules.parse_dice(["66643"]), 1)
    judged = simulated_win_cells(game, samples=8)
    first = HeuristicAdviser(game).cell_choices()[0]
    assert judged[0].cell == first            # the heuristic's choice first, then by chance
    assert [c.chance for c in judged[1:]] == sorted((c.chance for c in judged[1:]), reverse=True)
    assert all(0 <= c.chance <= 1 and c.chance * 8 == round(c.chance * 16) / 2 for c in judged)
    text = simulated_lines(game, "fr")
    assert text[0].startswith("Pour gagner (estimé sur 24 parties")
    assert text[1].startswith("  1. ") and "de gagner" in text[1]
    while not game.finished:
        HeuristicAdviser(game).play_turn(rng)
    done = simulated_chances(game, samples=4)
    winner = [i for i, s in enumerate(game.sheets) if s in game.winners()]
    assert [round(c, 6) for c in done.chances] == [
        (1 / len(winner) if i in winner else 0.0) for i in range(2)]


def test_play_shows_the_chances_after_each_turn(db, solved):
    from typer.testing import CliRunner

    from yams_scorekeeper.cli.app import app

    _play(db, solved, turns=26)                      # two rows open each
    game = api.load(db)
    row = next(r for r in game.rows if (game.columns[0].id, r) not in game.player.marks)
    lines = ["", "66431/3", f"{game.columns[0].id}.{row}", "q"]
    env = {**ENV, "YAMS_DB": ""}
    result = CliRunner().invoke(app, ["play", "--db", db, "--chances"],
                                input="".join(x + "\n" for x in lines), env=env)
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    after = out[out.index("'s total: "):]
    assert after.splitlines()[1] == "Chances to win (exact):"
    bars = after.splitlines()[2:4]
    assert [b.split()[0] for b in bars] == ["Ana", "Bob"] and all("%" in b for b in bars)
    plain = CliRunner().invoke(app, ["play", "--db", db], input="\nq\n", env=env).stdout
    assert "Chances to win" not in plain
