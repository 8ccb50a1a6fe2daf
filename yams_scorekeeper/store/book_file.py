"""The exported book file, one game at a time: ``yams export`` writes it and ``yams import``
reads it without holding the whole book (a book of 50,000 games is ~1 GB of JSON).

The file is one JSON object, ``{"format", "version", "games": [...], "records"}``, written
with one game a line::

    {"format": "yams-scorekeeper-book", "version": 1, "games": [
    {"doc": ..., "summary": ..., "transcript": ...},
    {"doc": ..., "summary": ..., "transcript": ...}
    ],
    "records": {...}}

It is plain JSON: :func:`read_book` reads any layout of it (spaces, newlines, key order),
as long as ``format`` and ``version`` come before ``games`` (as every export writes them).
Asked for ``blocks``, it gives the games list as :class:`Block` s, whole lines of about
``CHUNK`` characters, for other processes to decode (:class:`BlockGames`): in the layout
above they are games separated by commas. Where a block turns out not to be (another layout,
a game that is not JSON, the end of the list), the reader is told so (:meth:`Block.resume`)
and reads the rest of the book game by game from there, so that what is read, and any error
and its line, are exactly those of the game-by-game reading.
These are reads and writes of a file the user names (``yams export``/``import``, or
:func:`yams_scorekeeper.api.export_book` and ``import_book``), not of the store.

Crash invariant: a book is written all or nothing (a temporary file beside the target,
renamed over it once whole: :func:`~yams_scorekeeper.store.files.write_user_file`), so a cut
export leaves the old file or none; reading writes nothing.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, TextIO

from ..base.errors import EntryError, StoreError
from ..i18n import Message

CHUNK = 1 << 20          # characters read at a time
#: the longest text a block may span (a longer line: the book is read game by game from it)
BLOCK_MOST = 8 * CHUNK


def game_line(game: Any) -> str:
    """The line of ``game`` (or of a key, a value) in a book: its JSON text, as
    :func:`write_book` writes it."""
    return json.dumps(game, ensure_ascii=False)


def write_book(target: str | os.PathLike[str] | TextIO, header: dict[str, Any],
               games: Iterable[dict[str, Any] | str], tail: Callable[[], dict[str, Any]],
               force: bool = False) -> int:
    """Write ``header`` with its ``games`` one a line (a game given as a str is its
    :func:`game_line` already), then the keys of ``tail()``, to ``target``: a path, written
    all or nothing (a read-only file only with ``force``), or an open text stream; returns
    the number of games."""
    if not isinstance(target, (str, os.PathLike)):
        return _write_to(target, header, games, tail)
    from .files import write_user_file

    count: int = write_user_file(os.fspath(target),
                                 lambda out: _write_to(out, header, games, tail), force=force)
    return count


def _write_to(out: TextIO, header: dict[str, Any], games: Iterable[dict[str, Any] | str],
              tail: Callable[[], dict[str, Any]]) -> int:
    dump = game_line
    out.write(dump(header)[:-1] + ', "games": [')
    count = 0
    for game in games:
        out.write(("\n" if count == 0 else ",\n") + (game if isinstance(game, str) else dump(game)))
        count += 1
    out.write("\n]")
    for key, value in tail().items():
        out.write(f",\n{dump(key)}: {dump(value)}")
    out.write("}\n")
    out.flush()
    return count


class _Reader:
    """A JSON text read a chunk at a time, decoded value by value."""

    def __init__(self, handle: TextIO, name: str):
        self.handle, self.name = handle, name
        self.buf, self.pos, self.lines, self.eof = "", 0, 1, False
        #: the error the file's reading stopped at (raised again at each later read)
        self.failed: Exception | None = None
        #: a block was found not to be games separated by commas (:meth:`rewind`)
        self.rewound = False
        from .files import bounded_decoder

        self.decoder = bounded_decoder()

    def _more(self) -> bool:
        if self.eof:
            return False
        from .files import MAX_FILE_BYTES

        if len(self.buf) - self.pos > MAX_FILE_BYTES:   # one value larger than any game
            raise self.error(why="a value larger than the largest file read")
        if self.pos > CHUNK:                       # drop what was read, keep the line count
            self.lines += self.buf.count("\n", 0, self.pos)
            self.buf, self.pos = self.buf[self.pos:], 0
        if self.failed is not None:
            raise self.failed
        try:
            data = self.handle.read(CHUNK)
        except UnicodeDecodeError:
            self.failed = EntryError(Message("store.name_is_not_utf_8_text", name=self.name))
            raise self.failed from None
        except Exception as exc:
            self.failed = exc
            raise
        if not data:
            self.eof = True
            return False
        self.buf += data
        return True

    def block(self) -> tuple[str, int] | None:
        """The text from here to the last newline read (``CHUNK`` characters or more, unless
        the file ends) and the line it starts on; ``None`` when there is none: the end of the
        file, a line longer than ``BLOCK_MOST``, or a read that failed (its error is raised
        again when the reading, game by game, comes to it)."""
        while True:
            if len(self.buf) - self.pos < CHUNK and not self.eof:
                try:
                    self._more()
                except Exception:
                    return None
                continue
            cut = self.buf.rfind("\n", self.pos) + 1
            if cut == 0:
                if self.eof or len(self.buf) - self.pos > BLOCK_MOST:
                    return None
                try:
                    self._more()
                except Exception:
                    return None
                continue
            text, line = self.buf[self.pos:cut], self.lines + self.buf.count("\n", 0, self.pos)
            self.pos = cut
            return text, line

    def rewind(self, text: str, line: int) -> None:
        """Read ``text`` (from line ``line``) again before the rest, game by game."""
        self.buf, self.pos, self.lines = text + self.buf[self.pos:], 0, line
        self.rewound = True

    def error(self, at: int | None = None, why: str | None = None) -> StoreError:
        line = self.lines + self.buf.count("\n", 0, self.pos if at is None else at)
        why = f", {why}" if why else ""
        return StoreError(Message("store.not_a_yams_scorekeeper_book_is_not_json", name=self.name,
                                  line=line, why=why))

    def peek(self) -> str:
        """The next character that is not white space ('' at the end)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buf) or not self._more():
                return self.buf[self.pos:self.pos + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise self.error()
        self.pos += 1

    def value(self, text: bool = False) -> Any:
        """The next JSON value; with ``text``, ``(value, its JSON text)``."""
        self.peek()
        while True:
            from .files import MAX_FILE_BYTES, BadJSON, depth_problem

            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                if self._more():                   # maybe cut by the chunk: read on
                    continue
                raise self.error(exc.pos) from None
            except BadJSON as exc:
                raise self.error(why=exc.en) from None
            except RecursionError:
                raise self.error(why="nested too deeply") from None
            problem = depth_problem(value)
            if problem:
                raise self.error(why=problem)
            if end - self.pos > MAX_FILE_BYTES:
                raise self.error(why="a value larger than the largest file read")
            if end == len(self.buf) and not self.eof and self._more():
                continue                           # a number may go on in the next chunk
            start, self.pos = self.pos, end
            return BookGame(value, self.buf[start:end]) if text else value


class Block:
    """Whole lines of a book's games list as read (``text``, from line ``line`` of the file):
    most often games separated by commas (:class:`BlockGames` says where they stop being)."""

    __slots__ = ("text", "line", "_reader")

    def __init__(self, text: str, line: int, reader: _Reader):
        self.text, self.line, self._reader = text, line, reader

    def resume(self, offset: int, later: Iterable[Block]) -> None:
        """Have the book read game by game from ``offset`` of this block's text on: the
        blocks read after this one (``later``, each of them, in order) are read again."""
        self._reader.rewind(self.text[offset:] + "".join(block.text for block in later),
                            self.line + self.text.count("\n", 0, offset))


class _BlocksDone:
    """What :func:`read_book` gives after its last block: every block given must be looked at
    (and maybe resumed) before the next item is asked for."""

    def __repr__(self) -> str:
        return "BLOCKS_DONE"


BLOCKS_DONE = _BlocksDone()
_SPACE = re.compile(r"[ \t\n\r]*")


class BlockGames:
    """The games at the start of a block's ``text`` that are whole JSON values each followed
    by a comma, as ``(value, start, end)``, decoded one at a time as they are iterated
    (decoded once, with every check the game-by-game reading makes, and the nesting of its
    events and config checked: :func:`~yams_scorekeeper.store.shapes.unchecked_game_problem`);
    once they are all given, ``stop`` is the offset where that stops (``None``: at the end
    of the text). A worker checks each game before it decodes the next: decoding a block's
    ~55 games first made its checks 17 % slower (they no longer fitted the CPU's cache).

    A game alone on its line, followed by its comma (as ``yams export`` writes them), is
    first read by :func:`~yams_scorekeeper.store.files.fast_json`; where that fails or finds a
    float it is read again by the standard library's decoder, which is the rule."""

    def __init__(self, text: str):
        self.text = text
        self.stop: int | None = None

    def __iter__(self) -> Iterator[tuple[Any, int, int]]:
        from .files import MAX_FILE_BYTES, fast_decoder, fast_json
        from .shapes import unchecked_game_problem

        decode = fast_decoder().raw_decode
        orjson = fast_json()
        readers = (_line_reader(orjson.loads), decode) if orjson is not None else (decode,)
        exact = readers[-1]
        space = _SPACE.match
        text = self.text
        pos, size = 0, len(text)
        while True:
            pos = space(text, pos).end()  # type: ignore[union-attr]  # \s* always matches
            if pos == size:
                return
            for read in readers:
                try:
                    value, end = read(text, pos)
                except (ValueError, RecursionError):    # not JSON, or a check failed
                    if read is exact:
                        self.stop = pos                 # read it there, game by game
                        return
                    continue
                after = space(text, end).end()  # type: ignore[union-attr]  # as above
                if (after == size or text[after] != "," or end - pos > MAX_FILE_BYTES
                        or unchecked_game_problem(value, floats=read is exact)):
                    if read is exact:
                        self.stop = pos
                        return
                    continue
                break
            yield value, pos, end
            pos = after + 1


def _line_reader(loads: Callable[[str], Any]) -> Callable[[str, int], tuple[Any, int]]:
    """``raw_decode`` for a value alone on its line and followed by a comma, by ``loads``
    (a ValueError for any other layout)."""
    def read(text: str, pos: int) -> tuple[Any, int]:
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        while end > pos and text[end - 1] in " \t\r":
            end -= 1
        if end == pos or text[end - 1] != ",":
            raise ValueError("not one value followed by its comma")
        end -= 1
        while end > pos and text[end - 1] in " \t\r":
            end -= 1
        return loads(text[pos:end]), end

    return read


class BookGame(NamedTuple):
    """One game of a book as read: the decoded ``value`` and its JSON ``text`` (a game
    checked on another process travels as its text: cheaper than pickling the value)."""

    value: Any
    text: str


def read_book(handle: TextIO, name: str, on_header: Callable[[dict[str, Any], bool], None],
              texts: bool = False, blocks: bool = False) -> Iterator[Any]:
    """The games of the book in ``handle``, one at a time (each a :class:`BookGame` with
    ``texts``); with ``blocks``, first :class:`Block` s of them, then ``BLOCKS_DONE``, then
    the games after the last block, or after the place a block was resumed at.

    ``on_header(keys read so far, True)`` is called when the ``games`` list starts, or
    ``on_header(every key, False)`` at the end of a file without one; it raises when the file
    is no book. The keys after ``games`` are read and checked as JSON, then left."""
    reader = _Reader(handle, name)
    reader.expect("{")
    header: dict[str, Any] = {}
    seen_games = False
    if reader.peek() == "}":
        reader.pos += 1
    else:
        while True:
            key = reader.value()
            if not isinstance(key, str):
                raise reader.error()
            reader.expect(":")
            if key == "games" and not seen_games and reader.peek() == "[":
                on_header(header, True)
                seen_games = True
                reader.pos += 1
                if reader.peek() == "]":
                    reader.pos += 1
                else:
                    if blocks:
                        while not reader.rewound:
                            cut = reader.block()
                            if cut is None:
                                break
                            yield Block(*cut, reader)
                        yield BLOCKS_DONE
                    while True:
                        yield reader.value(texts)
                        char = reader.peek()
                        reader.pos += 1
                        if char == "]":
                            break
                        if char != ",":
                            raise reader.error(reader.pos - 1)
            else:
                header[key] = reader.value()
            char = reader.peek()
            reader.pos += 1
            if char == "}":
                break
            if char != ",":
                raise reader.error(reader.pos - 1)
    if reader.peek() != "":
        raise reader.error()
    if not seen_games:
        on_header(header, False)
