"""FIDE regulations about ratings applied to one event: rating changes (B.02)."""
