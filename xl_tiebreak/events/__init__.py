"""Events of every kind read from any input (the loader), and checked as what they are."""
