"""``yams check`` (``yams verifier``): verify the whole store and repair what is derived.

The archive is the truth; the summaries index and the record book are derived from it and
are rebuilt where they differ; a cut finish, reopening or correction is completed. A damaged
archive or game file cannot be repaired here: the command names it and its backups.
"""

from __future__ import annotations

import typer

from .lang import current_lang
from .options import db_option, examples, json_option

#: the name of each part of the store a finding is about
PARTS = {"archive": "cli.check.archive", "index": "cli.check.index",
         "records": "cli.check.records", "games": "cli.check.games"}
#: the exit codes of ``yams check``
SOUND, REPAIRED, NOT_REPAIRED = 0, 1, 2
CHECK_EXIT = ("Exit: 0 the store is sound, 1 problems found and all repaired, 2 a problem that "
              "could not be repaired (a damaged archive or game file; also a bad option), "
              "4 store error, 5 store busy.")


def check(
    ctx: typer.Context,
    as_json: bool = json_option(),
    db: str | None = db_option(),
) -> None:
    """Verify the whole store: the archive, the summaries index, the record book and the games in progress.

    Every archive file is read and its checksum verified; each row of the summaries index is
    checked against its archive file; the record book is compared with a count of the
    archive; each game in progress is read. What is derived (the index, the book) is repaired,
    and a cut finish, reopening or correction is completed; a damaged archive or game file is
    named, with its backups, for you to restore."""  # noqa: E501 (the help text is a msgid of the help catalogue)
    from ..base.errors import YamsError
    from ..base.safetext import shown
    from ..engine.game import Game
    from ..i18n import Message, say
    from ..store import Finding
    from ..store.session import TableSession
    from .files import open_store
    from .render import print_json

    lang = current_lang(ctx)
    store = open_store(db, reading=True)
    findings = store.check()
    for game in store.games_in_progress([]):
        try:
            full = Game.from_doc(store.load_game(game["id"])).finished
            if full:                  # a full game not archived: a finish or correction cut
                TableSession.resume(store, game["id"])
                findings.append(Finding("games", Message(
                    "cli.check.game_was_full_but_in_progress_a_finish", game_id=game["id"]), True))
        except YamsError as err:
            findings.append(Finding("games", err.message, False))
    code = SOUND if not findings else (
        REPAIRED if all(f.repaired for f in findings) else NOT_REPAIRED)
    if as_json:
        print_json({"sound": not findings, "exit": code, "findings": [
            {"part": f.part, "problem": f.message.text(lang), "repaired": f.repaired}
            for f in findings]})
    else:
        for f in findings:
            typer.echo(shown(say("cli.check.line", lang, part=say(PARTS[f.part], lang),
                                 problem=f.message.text(lang),
                                 state=say("cli.check.repaired" if f.repaired
                                           else "cli.check.not_repaired", lang))))
        key = ("cli.check.sound", "cli.check.all_repaired", "cli.check.some_not")[code]
        typer.echo(say(key, lang, n=len(findings),
                       left=sum(not f.repaired for f in findings)))
    if code:
        raise typer.Exit(code)


def verifier(ctx: typer.Context, as_json: bool = json_option(),
             db: str | None = db_option()) -> None:
    """Verify the whole store (the French name of 'yams check')."""
    check(ctx, as_json, db)


_EPILOG = examples("yams check", "yams check --json", "yams verifier --db club",
                   note=CHECK_EXIT)

COMMANDS = ((check, {"epilog": _EPILOG}), (verifier, {"epilog": _EPILOG}))
