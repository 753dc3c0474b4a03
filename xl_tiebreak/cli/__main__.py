"""``python -m xl_tiebreak.cli``: the same as the ``xl-tiebreak`` console script."""

from xl_tiebreak.cli.main import console

console()
