"""The texts of the package that go through the catalogue, found in its source.

A text is marked by a call of :func:`~xl_tiebreak.i18n.language._`, ``_n``, ``N_`` or
``translate`` with literal strings (the context, where given, literal too). ``_(value)`` of a
variable translates a text marked elsewhere with ``N_`` and is not itself a marking; an f-string
or a concatenation inside a marker is reported, since no catalogue can hold it. ``python -m
xl_tiebreak.i18n.extract > xl_tiebreak.pot`` writes the template a translator copies to
``<language>.po`` beside the others (see README, "Translating"); the completeness test uses
:func:`marked_texts` to check that each catalogue translates every text.
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Iterator

__all__ = ["MarkedText", "marked_texts", "pot_text"]

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_MARKERS = {"_": 1, "N_": 1, "translate": 1, "_n": 2}
"""Marking function → how many leading arguments are texts (``_n`` has two)."""
_CONTEXT_AT = {"_": 1, "translate": 1, "_n": 3}
"""Marking function → the position of its context argument (``_n(one, many, count, context)``;
``N_`` has none)."""


class MarkedText:
    """One marked text: its context, English text and where it is (``package/module.py:line``)."""

    __slots__ = ("context", "msgid", "where")

    def __init__(self, context: str, msgid: str, where: str) -> None:
        self.context = context
        self.msgid = msgid
        self.where = where

    @property
    def key(self) -> tuple[str, str]:
        """The catalogue key (context, English text)."""
        return (self.context, self.msgid)


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _calls(tree: ast.AST) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else "")
            if name in _MARKERS:
                yield node


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr  # type: ignore[attr-defined]


def marked_texts(root: str = _PACKAGE) -> tuple[list[MarkedText], list[str]]:
    """Every marked text under ``root`` (the package), and the places of marking calls whose
    text is built (an f-string, a concatenation) or whose context is not a literal (each one a
    text no catalogue can translate)."""
    found: list[MarkedText] = []
    not_literal: list[str] = []
    base = os.path.dirname(root)
    for folder, _dirs, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            if rel.endswith("i18n/language.py") or rel.endswith("i18n/extract.py"):
                continue  # the definitions of the markers themselves
            for call in _calls(tree):
                where = f"{rel}:{call.lineno}"
                name = _call_name(call)
                count = _MARKERS[name]
                first = call.args[0] if call.args else None
                if name in ("_", "translate") and first is not None and not isinstance(
                        first, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                    continue  # a text marked with N_ where it is defined, translated here
                texts = [_literal(a) for a in call.args[:count]]
                context_node: ast.expr | None = None
                context_at = _CONTEXT_AT.get(name)
                if context_at is not None and len(call.args) > context_at:
                    context_node = call.args[context_at]
                for kw in call.keywords:
                    if kw.arg == "context":
                        context_node = kw.value
                context = "" if context_node is None else _literal(context_node)
                if len(texts) < count or any(t is None for t in texts) or context is None:
                    not_literal.append(where)
                    continue
                for text in texts:
                    assert text is not None
                    found.append(MarkedText(context, text, where))
    return found, not_literal


def _po_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    escaped = escaped.replace("\t", "\\t")
    return f'"{escaped}"'


def pot_text() -> str:
    """The catalogue template: every marked text once, with its places, translations empty."""
    found, _ = marked_texts()
    places: dict[tuple[str, str], list[str]] = {}
    for text in found:
        places.setdefault(text.key, []).append(text.where)
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for (context, msgid), where in places.items():
        lines.append("#: " + " ".join(where))
        if context:
            lines.append(f"msgctxt {_po_string(context)}")
        lines.append(f"msgid {_po_string(msgid)}")
        lines.append('msgstr ""')
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a translator's command
    sys.stdout.write(pot_text())
