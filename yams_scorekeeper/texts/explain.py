"""Texts of the score explanations (key ``explain.<name>``, English then French; see the package
doc). Row, figure and column names stay French in both languages, as on the paper sheet."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
}
