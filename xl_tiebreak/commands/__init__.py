"""The code of the command line's subcommands and options, one module each.

:mod:`xl_tiebreak.cli` parses the arguments and dispatches here: ``compute --compare``
(:mod:`.compare`), ``compute --prizes`` (:mod:`.prizes`), ``knockout`` (:mod:`.knockout`),
``export`` (:mod:`.export`), ``workbook`` (:mod:`.workbook`), ``check`` (:mod:`.check`).
Each module's ``run`` takes the parsed arguments and returns the exit status; user errors raise
:class:`~xl_tiebreak.model.InputError`, which the command line reports with exit status 2.
"""
