"""Knockout events: brackets, who advances, standings by the stage reached."""
