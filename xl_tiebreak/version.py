"""The version of xl-tiebreak (printed by ``xl-tiebreak --version`` and in the footers of the
sheets and pages it writes). It equals ``project.version`` in ``pyproject.toml``
(tests/test_report_outputs.py checks it)."""

from __future__ import annotations

__version__ = "0.1.0"
