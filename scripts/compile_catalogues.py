"""Compile the text catalogues ``yams_scorekeeper/locale/<lang>/LC_MESSAGES/yams.po`` into the
``.mo`` files the program reads: ``python scripts/compile_catalogues.py`` after editing a
``.po`` (or adding one: a new language is one ``.po`` file), then commit both.

Each ``.po`` is compiled into one ``.mo`` per domain, so that a command parses only the texts
it says (a one-shot ``yams enter`` does not load the record book's or ``--help``'s):

- ``yams-<area>.mo``: the entries keyed ``<area>.<name>`` (``game``, ``store``, ``table``...);
  ``yams-cli.<command>.mo`` those keyed ``cli.<command>.<name>`` (one command's texts);
- ``yams-help.mo``: the ``--help`` texts of the commands (msgid: the English help);
- ``yams.mo``: Click's and Typer's own strings ("Usage:", "[default: {}]"), read by Click
  through the standard ``gettext.gettext``, for which ``yams`` is the text domain.

``--check`` writes nothing and lists the ``.mo`` files that are missing or differ from their
``.po`` (exit status 1 if any); ``tests/test_texts.py`` runs it. Needs ``polib`` (test extras).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "yams_scorekeeper" / "locale"
DOMAIN = "yams"
#: the extracted comment (``#. help``) of a ``--help`` text's entry
HELP = "help"
#: the extracted comment (``#. click``) of one of Click's or Typer's own strings
CLICK = "click"


def domain_of(entry: polib.POEntry) -> str:
    """The domain an entry is compiled into (see the module doc)."""
    if entry.comment == HELP:
        return f"{DOMAIN}-help"
    if entry.comment == CLICK:
        return DOMAIN
    area, _, rest = entry.msgid.split("[")[0].partition(".")
    section, dot, _ = rest.partition(".")
    return f"{DOMAIN}-{area}.{section}" if area == "cli" and dot else f"{DOMAIN}-{area}"


def compiled(po_path: Path, folder: Path) -> Iterator[Path]:
    """Write the ``.mo`` files of ``po_path`` into ``folder``; yields their paths."""
    po = polib.pofile(str(po_path))
    parts: dict[str, polib.POFile] = {}
    for entry in po:
        if entry.obsolete:
            continue
        part = parts.get(domain_of(entry))
        if part is None:
            part = parts[domain_of(entry)] = polib.POFile()
            part.metadata = dict(po.metadata)
        part.append(entry)
    parts.setdefault(DOMAIN, polib.POFile()).metadata = dict(po.metadata)
    for domain, part in sorted(parts.items()):
        path = folder / f"{domain}.mo"
        part.save_as_mofile(str(path))
        yield path


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    for po_path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        folder = po_path.parent
        with tempfile.TemporaryDirectory() as tmp:
            fresh = {p.name: p.read_bytes() for p in compiled(po_path, Path(tmp))}
        old = {p.name: p.read_bytes() for p in folder.glob("*.mo")}
        for name in sorted(set(fresh) | set(old)):
            if fresh.get(name) == old.get(name):
                continue
            differ.append(folder / name)
            if check:
                continue
            if name in fresh:
                (folder / name).write_bytes(fresh[name])
            else:
                (folder / name).unlink()
    for path in differ:
        print(f"{'stale' if check else 'wrote'}  {path.relative_to(LOCALE.parent.parent)}")
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
