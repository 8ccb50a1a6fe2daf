"""Advice: the exact solver for one-column families, hints, reviews and the heuristic adviser.

numpy is imported here and only here: no other command pays for it.
"""
