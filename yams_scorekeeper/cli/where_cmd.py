"""``yams where``: the folders the program keeps its files in
(:mod:`yams_scorekeeper.store.paths`)."""

from __future__ import annotations

import os

import typer

from ..i18n import say
from .lang import current_lang
from .options import db_option, examples, json_option
from .render import print_json, shown


def where(
    ctx: typer.Context,
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Print the three folders: the store (the record book and the games), the solver's
    tables (a cache), and the saved house rules and settings.

    Nothing is read or moved: a store of version 0.1 at the old place
    (~/.config/yams-scorekeeper) is moved by the first command that uses it."""
    from ..store import ENV_VAR, paths

    lang = current_lang(ctx)
    store = db or os.environ.get(ENV_VAR)
    folders = {"store": store or paths.data_dir(), "cache": paths.solver_cache(store),
               "config": store or paths.config_dir()}
    if as_json:
        print_json(folders)
        return
    for key, folder in zip(("book.where_store", "book.where_cache", "book.where_config"),
                           folders.values(), strict=True):
        typer.echo(shown(say(key, lang, path=folder)))


COMMANDS = ((where, {"epilog": examples("yams where", "yams where --json",
                                        "yams where --db ../club")}),)
