"""Texts of the book area: the record book written for other tools, the player's page, its
charts and the folders (key ``book.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- cli/book_cmds.py (--year)
    "year": ("--year takes a year alone, not {year!r} with --since or --until",
             "--year prend une année seule, pas {year!r} avec --since ou --until"),
    "seats": ("a game has 1 to 8 players, not {n}", "une partie a de 1 à 8 joueurs, pas {n}"),
    # -- cli/book_cmds.py: the player's page
    "streak": ("Longest winning streak: {n} {n:|game|games} ({start} to {end})",
               "Plus longue série de victoires : {n} {n:|partie|parties} (du {start} au {end})"),
    "rival": ("Rival: {name} ({n} {n:|game|games} together)",
              "Rival : {name} ({n} {n:|partie|parties} ensemble)"),
    "nemesis": (" · nemesis: {name} (ranked above {n} {n:|time|times} in {games})",
                " · bête noire : {name} (mieux classé {n} fois sur {games})"),
    "recent": ("{label}: the last {n} games {recent} on average ({change} against the games "
               "before)",
               "{label} : les {n} dernières parties {recent} en moyenne ({change} par rapport "
               "aux parties d'avant)"),
    "favourite": ("favourite row: {row}", "ligne préférée : {row}"),
    "weakest": ("weakest row: {row}", "ligne la plus faible : {row}"),
    # -- cli/book_cmds.py: the charts of the printable pages
    "spread_config": ("{label}: the grand totals, how many in each range",
                      "{label} : les totaux généraux, combien par tranche"),
    "row_chart": ("{name}'s average per row, {label}", "{name} : moyenne par ligne, {label}"),
    "page_title": ("{name}: the player's page", "{name} : la page du joueur"),
    "page_drawn": ("{name}'s page drawn in {path}", "Page de {name} dessinée dans {path}"),
    # -- cli/book_export.py
    "written_csv": ("{n} {n:|line|lines} written to {path}",
                    "{n} {n:|ligne écrite|lignes écrites} dans {path}"),
    "written_plays": ("{n} {n:|play|plays} written to {path}",
                      "{n} {n:|partie écrite|parties écrites} dans {path}"),
    # -- paths.py: the move of a store of version 0.1
    "store_moved": ("the record book moved from {old} to {new} (the platform's data folder)",
                    "le livre des records a été déplacé de {old} vers {new} (le dossier de "
                    "données du système)"),
    "store_not_moved": ("cannot move the record book from {old} to {new}: {strerror}",
                        "impossible de déplacer le livre des records de {old} vers {new} : "
                        "{strerror}"),
    # -- cli/where_cmd.py
    "where_store": ("store (record book, games): {path}",
                    "registre (livre des records, parties) : {path}"),
    "where_cache": ("solver tables (cache): {path}", "tables du solveur (cache) : {path}"),
    "where_config": ("house rules and settings: {path}", "règles maison et réglages : {path}"),
}
