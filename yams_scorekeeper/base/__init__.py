"""The base layer: the one error family, escaping of data, dice, columns, totals, the clock
and quick value objects. Imports nothing but the catalogue (i18n)."""
