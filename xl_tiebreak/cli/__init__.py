"""The ``xl-tiebreak`` command line: the parser and one module per subcommand."""
