"""The play of a hand and of a match: the referee (game.py) and its state (state.py), who may do
what (legality.py), the wall, settlement, what one seat may see (observe.py), positions and their
checks, the actions' notation, the winning check under a rule set (winning.py), and the match.
Imports the tiles and the rule sets, never the bots, the teaching tools or the bridge."""
