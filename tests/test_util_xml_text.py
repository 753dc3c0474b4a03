"""xl_tiebreak.util.xml_text gives what xml.sax.saxutils gives (escape, quoteattr, unescape)
for every text made of the characters and entities that matter, up to four pieces long."""

from __future__ import annotations

import itertools
from xml.sax import saxutils

from xl_tiebreak.util.xml_text import escape, quoteattr, unescape

PIECES = ["a", "&", "<", ">", '"', "'", "\n", "\r", "\t", "&lt;", "&gt;", "&amp;", "&quot;",
          "&apos;", "lt;", "é"]


def texts() -> list[str]:
    return ["".join(t) for n in range(5) for t in itertools.product(PIECES, repeat=min(n, 3))]


def test_as_saxutils() -> None:
    entities = {"&quot;": '"', "&apos;": "'"}
    checked = 0
    for text in texts():
        assert escape(text) == saxutils.escape(text), text
        assert quoteattr(text) == saxutils.quoteattr(text), text
        assert unescape(text) == saxutils.unescape(text), text
        assert unescape(text, entities) == saxutils.unescape(text, entities), text
        checked += 1
    assert checked > 4000


def test_the_command_line_does_not_import_saxutils() -> None:
    """Writing standings imports none of xml.sax.saxutils' urllib and http.client (40 ms)."""
    import subprocess
    import sys

    code = ("import sys, xl_tiebreak.cli.main, xl_tiebreak.excel.headless, "
            "xl_tiebreak.excel.functions.catalogue, xl_tiebreak.excel.templates.builder; "
            "print('xml.sax.saxutils' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
