"""The event model: participants, rounds and results of individual and team events."""
