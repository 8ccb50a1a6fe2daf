"""The engine: a game's settings and log replayed through the rules, transcripts, what
players type, random play, rows in words. No I/O."""
