"""FIDE Tournament Report Files (TRF16, TRF26): reading and writing, individual and team."""
