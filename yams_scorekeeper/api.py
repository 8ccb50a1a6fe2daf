"""The library API: one documented function per command, the product the CLI is a face of.

(Filled in below; this step holds the import check.)
"""

from __future__ import annotations

from datetime import datetime

from .errors import StoreError, YamsError
from .game import Game, reopen_note


def check_summary(doc: dict, summary: dict) -> dict:
    """Raise a YamsError unless ``doc`` replays, through the rules, to a finished game whose
    players, totals, parts, ranks, family and configuration key are those ``summary`` states
    (what an imported record book claims is checked, not trusted). Returns the summary to
    keep: the replayed one, with the date of ``summary`` (which must be an ISO date)."""
    game_id = str(doc.get("id") if isinstance(doc, dict) else "?")
    try:
        game = Game.from_doc(doc)
    except (YamsError, KeyError, TypeError, ValueError) as err:
        reason = err.en if isinstance(err, YamsError) else f"malformed ({err!r})"
        raise StoreError(f"game '{game_id}' does not replay: {reason}; nothing was imported",
                         f"la partie « {game_id} » ne se rejoue pas : {reason} ; rien n'a été "
                         "importé") from None
    mine = game.summary()
    keys = ("name", "total", "parts", "rank")
    want = [{k: p.get(k) for k in keys} for p in summary.get("players", [])]
    got = [{k: p[k] for k in keys} for p in mine["players"]]
    if (not game.finished or want != got or summary.get("family") != mine["family"]
            or bool(summary.get("stopped_early")) != mine["stopped_early"]):
        raise StoreError(f"game '{game_id}': its summary does not match its replayed sheets; "
                         "nothing was imported",
                         f"partie « {game_id} » : son résumé ne correspond pas à ses feuilles "
                         "rejouées ; rien n'a été importé")
    if summary.get("config_key") != mine["config_key"] or summary.get("id") != mine["id"]:
        raise StoreError(f"game '{game_id}': its summary says configuration "
                         f"{summary.get('config_key')!r} but its events replay under "
                         f"{mine['config_key']!r}; nothing was imported",
                         f"partie « {game_id} » : son résumé annonce la configuration "
                         f"{summary.get('config_key')!r} mais ses événements se rejouent en "
                         f"{mine['config_key']!r} ; rien n'a été importé")
    try:
        datetime.fromisoformat(summary["date"])
    except (KeyError, TypeError, ValueError):
        raise StoreError(f"game '{game_id}': its date {summary.get('date')!r} is not an ISO date; "
                         "nothing was imported",
                         f"partie « {game_id} » : sa date {summary.get('date')!r} n'est pas une "
                         "date ISO ; rien n'a été importé") from None
    note = reopen_note(doc.get("reopened"))
    return {**mine, "date": summary["date"], **({"reopened": note} if note else {})}
