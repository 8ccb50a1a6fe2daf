"""The record book, player statistics and history, from finished-game summaries."""

from __future__ import annotations

import copy
import datetime as dt
import itertools

import pytest

from yams_scorekeeper.book.records import (
    empty_book,
    head_to_head,
    history,
    matches,
    player_stats,
    recompute,
    summary_problem,
    update_records,
)

FORCE = "double/force-asc"


def game(gid, date, *players, key=FORCE, family="double", stopped=False):
    """A summary; each player is (name, total, parts); ranks follow the totals."""
    totals = sorted({total for _, total, _ in players}, reverse=True)
    return {"id": gid, "family": family, "config_key": key,
            "config_label": {FORCE: "Double Yams forcé (montant)"}.get(key, key),
            "date": date, "stopped_early": stopped,
            "players": [{"name": name, "total": total, "parts": parts,
                         "rank": 1 + sum(1 for t in totals if t > total)}
                        for name, total, parts in players]}


G1 = game("g1", "2024-05-01T21:00", ("Alice", 760, {"chiffres": 120, "suites": 300}),
          ("Bob", 655, {"chiffres": 130, "suites": 250}))
G2 = game("g2", "2024-05-08T21:00", ("Alice", 700, {"chiffres": 110, "suites": 420}),
          ("Bob", 780, {"chiffres": 130, "suites": 200}))
G3 = game("g3", "2024-05-15T21:00", ("Chloé", 300, {"chiffres": 60}), key="classic/libre",
          family="classic")


def test_a_first_game_sets_every_record_and_reports_them_with_no_previous():
    book, broken = update_records(empty_book(), G1)
    records = book["configs"][FORCE]["records"]
    assert records["total"] == {"value": 760, "player": "Alice", "date": G1["date"], "game": "g1",
                                "tied": []}
    assert records["chiffres"]["player"] == "Bob" and records["suites"]["value"] == 300
    assert [(b["part"], b["player"], b["value"], b["previous"]) for b in broken] == [
        ("total", "Alice", 760, None), ("chiffres", "Bob", 130, None),
        ("suites", "Alice", 300, None)]
    assert broken[0]["config_label"] == "Double Yams forcé (montant)"
    assert book["counted"] == ["g1"]


def test_a_strictly_better_score_breaks_a_record_and_names_the_previous_holder():
    book, _ = update_records(empty_book(), G1)
    book2, broken = update_records(book, G2)
    assert [(b["part"], b["player"], b["value"]) for b in broken] == [
        ("total", "Bob", 780), ("suites", "Alice", 420)]
    assert broken[0]["previous"] == {"value": 760, "player": "Alice", "date": G1["date"],
                                     "game": "g1"}
    # chiffres: Bob's 130 equals his own record; he is listed as tied, the record stays with g1
    chiffres = book2["configs"][FORCE]["records"]["chiffres"]
    assert (chiffres["game"], chiffres["tied"]) == ("g1", [{"player": "Bob", "date": G2["date"],
                                                            "game": "g2"}])
    assert book["configs"][FORCE]["records"]["total"]["value"] == 760  # the input is not changed


def test_a_tie_within_one_game_goes_to_the_first_player_and_lists_the_other():
    g = game("t", "2024-06-01", ("Alice", 500, {}), ("Bob", 500, {}))
    book, broken = update_records(empty_book(), g)
    assert broken[0]["player"] == "Alice" and broken[0]["tied_with"] == ["Bob"]
    assert book["configs"][FORCE]["records"]["total"]["tied"] == [
        {"player": "Bob", "date": "2024-06-01", "game": "t"}]
    assert [p["rank"] for p in g["players"]] == [1, 1]


def test_records_are_kept_per_configuration():
    book = recompute([G1, G2, G3])
    assert set(book["configs"]) == {FORCE, "classic/libre"}
    assert book["configs"]["classic/libre"]["records"]["total"]["player"] == "Chloé"
    assert book["configs"]["classic/libre"]["family"] == "classic"


def test_a_game_stopped_early_sets_no_record_but_is_counted():
    stopped = game("s", "2024-07-01", ("Alice", 9000, {"chiffres": 999}), ("Bob", 1, {}),
                   stopped=True)
    book, broken = update_records(recompute([G1]), stopped)
    assert broken == [] and book["counted"] == ["g1", "s"]
    assert book["configs"][FORCE]["records"]["total"]["value"] == 760


def test_counting_a_game_twice_changes_nothing():
    book, _ = update_records(empty_book(), G1)
    again, broken = update_records(book, G1)
    assert again is book and broken == []


def test_recompute_is_the_fold_in_date_order_whatever_the_input_order():
    expected, _ = update_records(update_records(empty_book(), G1)[0], G2)
    for order in itertools.permutations([G1, G2]):
        assert recompute(order)["configs"] == expected["configs"]


def test_negative_parts_and_floats_are_compared_as_numbers():
    a = game("a", "2024-01-01", ("Alice", 10, {"difference": -40}))
    b = game("b", "2024-01-02", ("Bob", 5, {"difference": -12.5}))
    book = recompute([a, b])
    assert book["configs"][FORCE]["records"]["difference"]["value"] == -12.5


def test_player_stats():
    solo = game("solo", "2024-05-20", ("alice", 900, {}))
    stopped = game("st", "2024-05-21", ("Alice", 100, {}), ("Bob", 50, {}), stopped=True)
    stats = player_stats([G2, G1, G3, solo, stopped], " ALICE ")
    assert stats["games"] == 4 and stats["complete"] == 3
    assert stats["wins"] == 1          # g1; a solo game is no win (G6), a stopped one neither (G7)
    assert stats["average"] == pytest.approx((760 + 700 + 900) / 3)
    assert stats["best"] == {"total": 900, "date": "2024-05-20", "game": "solo",
                             "config_label": "Double Yams forcé (montant)"}
    assert stats["worst"]["total"] == 700
    assert [(h["date"], h["total"], h["rank"], h["player"]) for h in stats["history"]] == [
        (G1["date"], 760, 1, "Alice"), (G2["date"], 700, 2, "Alice"),
        ("2024-05-20", 900, 1, "alice"), ("2024-05-21", 100, 1, "Alice")]
    assert stats["by_config"][FORCE]["games"] == 4


def test_player_stats_per_family_against_hand_computed_values():
    solo = game("solo", "2024-05-20", ("alice", 900, {}))
    c1 = game("c1", "2024-06-01", ("Alice", 300, {}), ("Bob", 200, {}), key="classic/libre",
              family="classic")
    c2 = game("c2", "2024-06-03", ("Alice", 250, {}), ("Bob", 280, {}), key="classic/libre",
              family="classic")
    gaby = game("gb", "2024-07-01", ("Alice", 500, {}), ("Bob", 400, {}), key="gaby",
                family="gaby", stopped=True)
    stats = player_stats([G1, G2, solo, c1, c2, gaby, G3], "alice")
    # overall: 6 games, 5 complete; wins g1, c1 and the stopped Gaby game (G7: Gaby only);
    # 5 games of two players or more; totals of three families are never averaged together
    assert (stats["games"], stats["complete"], stats["wins"]) == (6, 5, 3)
    assert stats["win_rate"] == pytest.approx(3 / 5)
    assert (stats["average"], stats["median"], stats["stdev"], stats["best"]) == (
        None, None, None, None)
    double = stats["by_family"]["double"]
    # 760, 700, 900: mean 786.67, median 760, deviations -26.67, -86.67, 113.33:
    # variance (711.11 + 7511.11 + 12844.44) / 3 = 7022.22, standard deviation 83.80
    assert (double["games"], double["wins"], double["win_rate"]) == (3, 1, 0.5)
    assert double["average"] == pytest.approx(786.6667, abs=1e-3)
    assert double["median"] == 760 and double["stdev"] == pytest.approx(83.799, abs=1e-3)
    assert (double["best"]["total"], double["worst"]["total"]) == (900, 700)
    classic = stats["by_family"]["classic"]
    assert (classic["games"], classic["wins"], classic["average"], classic["median"],
            classic["stdev"]) == (2, 1, 275, 275, 25)
    assert stats["by_config"]["classic/libre"]["family"] == "classic"
    gb = stats["by_family"]["gaby"]
    assert (gb["games"], gb["complete"], gb["wins"], gb["win_rate"], gb["average"]) == (
        1, 0, 1, 1.0, None)
    assert [(t["family"], t["month"], t["games"], t["average"]) for t in stats["trend"]] == [
        ("classic", "2024-06", 2, 275), ("double", "2024-05", 3, pytest.approx(786.6667, abs=1e-3))]


def test_head_to_head_counts_the_better_rank_and_no_stopped_game_outside_gaby():
    rows = [("g1", "2024-05-01", "double", 0, 760, 1, 655, 2),
            ("g2", "2024-05-08", "double", 0, 700, 2, 780, 1),
            ("g3", "2024-05-09", "double", 0, 700, 1, 700, 1),
            ("g4", "2024-05-10", "duel", 1, 90, 1, 50, 2),      # stopped Duel: nobody's
            ("g5", "2024-05-11", "gaby", 1, 900, 1, 850, 2)]    # stopped Gaby: Alice's
    data = head_to_head(rows, "Alice", "Bob")
    assert (data["games"], data["wins"], data["draws"]) == (5, {"Alice": 2, "Bob": 1}, 1)
    double = data["by_family"]["double"]
    assert double["average"] == {"Alice": pytest.approx(2160 / 3), "Bob": pytest.approx(2135 / 3)}
    assert data["by_family"]["duel"]["average"] == {"Alice": None, "Bob": None}


def test_player_stats_by_configuration_and_unknown_player():
    stats = player_stats([G1, G2, G3], "Chloé")
    assert list(stats["by_config"]) == ["classic/libre"] and stats["average"] == 300
    nobody = player_stats([G1], "Zoé")
    assert (nobody["games"], nobody["average"], nobody["best"], nobody["history"]) == (
        0, None, None, [])


def test_history_rows_say_how_a_game_was_corrected():
    """``amendments`` (past turns corrected) and ``reopened`` (``{"at", "times"}``) from the
    summary; a summary without them, or with anything else there, reads as never corrected."""
    reopened = {"at": "2024-05-02T10:00:00+00:00", "times": 2}
    rows = history([{**G1, "amendments": 3, "reopened": reopened}, G2,
                    {**G3, "amendments": "3", "reopened": {"at": 5, "times": 1}}])
    assert [(r["amendments"], r["reopened"]) for r in rows] == [(3, reopened), (0, None),
                                                                (0, None)]


def test_history_filters():
    games = [G3, G2, G1]
    assert [h["game"] for h in history(games)] == ["g1", "g2", "g3"]
    assert [h["game"] for h in history(games, player="bob")] == ["g1", "g2"]
    assert [h["game"] for h in history(games, family="classic")] == ["g3"]
    assert [h["game"] for h in history(games, since="2024-05-08")] == ["g2", "g3"]
    assert [h["game"] for h in history(games, until="2024-05-08")] == ["g1", "g2"]  # whole day
    assert [h["game"] for h in history(games, since=dt.date(2024, 5, 2),
                                       until=dt.date(2024, 5, 14))] == ["g2"]
    row = history(games, player="Bob")[1]
    assert (row["total"], row["rank"], row["config_label"], row["family"]) == (
        780, 1, "Double Yams forcé (montant)", "double")
    assert matches(G1, player="alice", family="double", until="2024-05-01")


@pytest.mark.parametrize("change,problem", [
    (lambda s: s.pop("id"), "'id'"),
    (lambda s: s.update(players=[]), "players"),
    (lambda s: s["players"][0].update(total="760"), "numeric"),
    (lambda s: s["players"][0].update(parts=[1]), "parts"),
])
def test_summary_problems(change, problem):
    assert summary_problem(G1) is None
    bad = copy.deepcopy(G1)
    change(bad)
    assert problem in summary_problem(bad)


def test_force_croissant_and_decroissant_share_one_set_of_records_d11():
    up = game("u1", "2024-05-01", ("Alice", 700, {}), key="double/force/croissant")
    up["config_label"] = "Double Yams forcé (croissant)"
    down = game("d1", "2024-05-02", ("Bob", 710, {}), key="double/force/decroissant")
    down["config_label"] = "Double Yams forcé (décroissant)"
    new = game("n1", "2024-05-03", ("Chloé", 705, {}), key="double/force")
    new["config_label"] = "Double Yams forcé (croissant)"
    book = recompute([up, down, new])
    assert list(book["configs"]) == ["double/force"]
    shared = book["configs"]["double/force"]
    assert shared["label"] == "Double Yams forcé"
    total = shared["records"]["total"]
    assert (total["value"], total["player"]) == (710, "Bob")
    _, broken = update_records(recompute([up]), down)
    assert broken[0]["previous"]["player"] == "Alice"          # décroissant beat croissant


def test_old_force_games_with_house_settings_share_their_records_d11():
    """D11 holds with house settings too: the croissant and décroissant keys of old games,
    with their ``/house-rules`` tail, count in the one set of today's key."""
    up = game("u1", "2024-05-01", ("Alice", 700, {}), key="double/force/croissant/house-rules")
    down = game("d1", "2024-05-02", ("Bob", 710, {}),
                key="double/force/decroissant/house-rules")
    new = game("n1", "2024-05-03", ("Chloé", 705, {}), key="double/force/house-rules")
    for summary, direction in ((up, "croissant"), (down, "décroissant"), (new, "croissant")):
        summary["config_label"] = f"Double Yams forcé ({direction})"
    book = recompute([up, down, new])
    assert list(book["configs"]) == ["double/force/house-rules"]
    assert book["configs"]["double/force/house-rules"]["label"] == "Double Yams forcé"
    total = book["configs"]["double/force/house-rules"]["records"]["total"]
    assert (total["value"], total["player"]) == (710, "Bob")


def test_a_setting_at_its_default_is_no_house_rule_d11():
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.rules import get_rules

    defaults = get_rules("double").defaults
    key, value = next((k, v) for k, v in defaults.items() if isinstance(v, int))
    plain = make_config("double", ["A"], variant="force", direction="decroissant")
    same = make_config("double", ["A"], variant="force", settings={key: value})
    changed = make_config("double", ["A"], variant="force", settings={key: value + 1})
    assert plain.config_key == same.config_key == "double/force"
    assert changed.config_key == "double/force/house-rules"


def test_recompute_of_summaries_already_in_order_counts_them_as_they_come():
    """The store gives the summaries index's rows by date then id, one at a time: counted as
    they come (no list of the whole book), the book is the one of the same games unordered."""
    import random

    games = [game(f"g{n}", f"2024-05-{1 + n % 9:02d}T2{n % 4}:00",
                  ("Alice", 100 + n % 7, {"suites": n % 5}), ("Bob", 103 - n % 3, {"suites": 2}))
             for n in range(40)]
    shuffled = games[:]
    random.Random(4).shuffle(shuffled)
    ordered = sorted(games, key=lambda s: (s["date"], s["id"]))
    assert recompute(iter(ordered), ordered=True) == recompute(shuffled)
    assert recompute(iter(shuffled), ordered=True) != recompute(shuffled)   # ties: order counts
