"""The tie-breaks: the registry, descriptors, rule sets, unplayed rounds (Art. 16) and the
engine."""
