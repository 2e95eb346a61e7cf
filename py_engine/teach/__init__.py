"""The teaching tools, built on the play and the bots: a hand measured (analysis.py), hints for a
seat in play (hints.py), the analyzer of analyze.html (analyzer.py, its query analyzer_query.py),
every discard ranked (discards.py), puzzles, lessons, the review of a hand, and the engine's words
for Python users (words.py). Nothing in play/ or bots/ imports these."""
