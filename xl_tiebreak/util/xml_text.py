"""Text written into XML: what :func:`xml.sax.saxutils.escape` and
:func:`~xml.sax.saxutils.quoteattr` give, without importing :mod:`xml.sax.saxutils`, which
brings in :mod:`urllib.request` and :mod:`http.client` (some 40 ms at every start of the
command line, for three replacements)."""

from __future__ import annotations

__all__ = ["escape", "quoteattr", "unescape"]


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities (text content of an element)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """An attribute value with its quotes: escaped, line breaks and tabs as character
    references, in double quotes (single ones when it holds a double quote and no single
    one; else double quotes as ``&quot;``)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in text:
        if "'" in text:
            return '"' + text.replace('"', "&quot;") + '"'
        return "'" + text + "'"
    return '"' + text + '"'


def unescape(text: str, entities: dict[str, str] | None = None) -> str:
    """``&lt;``, ``&gt;``, then each of ``entities``, then ``&amp;`` replaced (as
    :func:`xml.sax.saxutils.unescape`)."""
    text = text.replace("&lt;", "<").replace("&gt;", ">")
    for entity, value in (entities or {}).items():
        text = text.replace(entity, value)
    return text.replace("&amp;", "&")
