"""The ``yams`` command line (Typer). The app is ``yams_scorekeeper.cli.app:app``.

This package file imports nothing, so that a command module can import its siblings cheaply.
How to add a command: see the docstring of :mod:`yams_scorekeeper.cli.app`.
"""
