"""A progress bar for long work: Rich's, with the time left, on standard error.

Shown only when standard error is a terminal and the command prints no JSON; elsewhere the
work runs silent, so a script or a pipe reads exactly what it did before."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress(what: str, total: int, quiet: bool = False) -> Iterator[Callable[..., None]]:
    """A ``step()`` to call once per item of ``total`` (``step(k)``: ``k`` items), drawing a
    bar titled ``what``."""
    if quiet or not sys.stderr.isatty() or total <= 0:
        yield lambda k=1: None
        return
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from .render import console

    with Progress(TextColumn(escape(what)), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda k=1: bar.advance(task, k)
