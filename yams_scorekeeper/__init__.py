"""yams-scorekeeper: score keeping for the French dice game Yams, played with real dice."""

__version__ = "0.2.0"
