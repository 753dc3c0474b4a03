"""Standings for people and programs: text, CSV, JSON, HTML and TRF."""
