"""The engine: a game's settings and log replayed through the rules, transcripts, what
players type, the record book's arithmetic, evenings and paper sheets. No I/O."""
