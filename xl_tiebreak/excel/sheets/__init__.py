"""The sheets the standings button writes: Standings, Compare, Prizes result, Bracket."""
