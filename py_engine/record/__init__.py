"""Matches kept and shown again: replay files (replay.py) and the replay viewer (viewer.py: a
replay frame by frame, reviewed, its deals played again)."""
