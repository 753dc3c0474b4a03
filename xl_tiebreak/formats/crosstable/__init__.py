"""Crosstables typed by people: Swiss rows, round-robin grids, team crosstables and board tables."""
