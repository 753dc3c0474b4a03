"""Standings: an event checked, evaluated under a rule set, ranked, compared and verified."""
