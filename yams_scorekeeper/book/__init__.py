"""The club's book: records, player pages, CSV and BG Stats rows, evenings, provenance, paper
sheets (carnet), ratings and skill; pure arithmetic over games and their summaries."""
