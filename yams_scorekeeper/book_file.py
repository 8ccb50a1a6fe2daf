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
These are reads and writes of a file the user names (``yams export``/``import``, or
:func:`yams_scorekeeper.api.export_book` and ``import_book``), not of the store.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Iterable, Iterator, NamedTuple, TextIO

from .errors import EntryError, StoreError
from .texts import Message

CHUNK = 1 << 20          # characters read at a time


def write_book(target: str | os.PathLike | TextIO, header: dict, games: Iterable[dict],
               tail: Callable[[], dict]) -> int:
    """Write ``header`` with its ``games`` one a line, then the keys of ``tail()``, to
    ``target``: a path, written all or nothing, or an open text stream; returns the number
    of games."""
    if not isinstance(target, (str, os.PathLike)):
        return _write_to(target, header, games, tail)
    from .storage import write_user_file

    return write_user_file(os.fspath(target), lambda out: _write_to(out, header, games, tail))


def _write_to(out: TextIO, header: dict, games: Iterable[dict], tail: Callable[[], dict]) -> int:
    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    out.write(dump(header)[:-1] + ', "games": [')
    count = 0
    for game in games:
        out.write(("\n" if count == 0 else ",\n") + dump(game))
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
        from .storage import bounded_decoder

        self.decoder = bounded_decoder()

    def _more(self) -> bool:
        if self.eof:
            return False
        from .storage import MAX_FILE_BYTES

        if len(self.buf) - self.pos > MAX_FILE_BYTES:   # one value larger than any game
            raise self.error(why="a value larger than the largest file read")
        if self.pos > CHUNK:                       # drop what was read, keep the line count
            self.lines += self.buf.count("\n", 0, self.pos)
            self.buf, self.pos = self.buf[self.pos:], 0
        try:
            data = self.handle.read(CHUNK)
        except UnicodeDecodeError:
            raise EntryError(Message("store.utf_text", name=self.name)) from None
        if not data:
            self.eof = True
            return False
        self.buf += data
        return True

    def error(self, at: int | None = None, why: str | None = None) -> StoreError:
        line = self.lines + self.buf.count("\n", 0, self.pos if at is None else at)
        why = f", {why}" if why else ""
        return StoreError(Message("store.yams_scorekeeper_book_json", name=self.name, line=line,
                                  why=why))

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
            from .storage import MAX_FILE_BYTES, BadJSON, depth_problem

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


class BookGame(NamedTuple):
    """One game of a book as read: the decoded ``value`` and its JSON ``text`` (a game
    checked on another process travels as its text: cheaper than pickling the value)."""

    value: Any
    text: str


def read_book(handle: TextIO, name: str, on_header: Callable[[dict, bool], None],
              texts: bool = False) -> Iterator[Any]:
    """The games of the book in ``handle``, one at a time (each a :class:`BookGame` with
    ``texts``).

    ``on_header(keys read so far, True)`` is called when the ``games`` list starts, or
    ``on_header(every key, False)`` at the end of a file without one; it raises when the file
    is no book. The keys after ``games`` are read and checked as JSON, then left."""
    reader = _Reader(handle, name)
    reader.expect("{")
    header: dict = {}
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
