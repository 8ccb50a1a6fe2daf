"""``python -m yams_scorekeeper``: the same as the ``yams`` command."""

from yams_scorekeeper.cli.app import main

if __name__ == "__main__":
    main()
