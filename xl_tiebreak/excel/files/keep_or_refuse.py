"""Keep or refuse, never strip: what a rewrite by openpyxl would lose of a workbook.

openpyxl writes back only what it understands; everything else is silently left out. So the
headless command writes the new workbook to a temporary file first and compares it with the
original (:func:`lost_features`): every package relationship (printer settings, embedded
objects, add-in task panes, thumbnails, …), every XML element and attribute of the workbook,
its sheets and shared strings (rich text, custom views, ignored errors, "read-only
recommended", …) and every extension (``<ext uri=…>``) of the original must be found again in
what openpyxl wrote. The known-good list is therefore what openpyxl actually wrote, plus the
short list :data:`REGENERATED` of things that are bookkeeping which Excel rebuilds itself
(calculation chain, revision ids, row spans, the writing application's statistics); anything
else missing is lost, named for people by :data:`NAMES` or, failing that, by its XML name.
"""

from __future__ import annotations

import posixpath
import re
import xml.parsers.expat
import zipfile
from collections.abc import Iterable
from pathlib import Path

from defusedxml.ElementTree import iterparse

from xl_tiebreak.i18n import N_, _
from xl_tiebreak.util.safety import printable

__all__ = ["NAMES", "REGENERATED", "comment_boxes", "empty_drawing", "lost_features",
           "sheet_parts"]

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_X14AC = "{http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac}"
_XR = "http://schemas.microsoft.com/office/spreadsheetml/2014/revision"

REGENERATED = frozenset({
    # relationships whose parts Excel rebuilds: the calculation chain
    "rel:calcChain",
    # XML that records how a file was written, not what it holds
    f"{_MAIN}fileVersion",
    f"{_MAIN}c@{{{_XR}}}uid",
    f"{_MAIN}row@spans",
    f"{_MAIN}row@{_X14AC}dyDescent",
    f"{_MAIN}sheetFormatPr@{_X14AC}dyDescent",
    # the highest outline level of the columns/rows: openpyxl writes it again from the
    # outline levels it keeps (0 when nothing is grouped, which it leaves out)
    f"{_MAIN}sheetFormatPr@outlineLevelCol",
    f"{_MAIN}sheetFormatPr@outlineLevelRow",
    f"{_MAIN}dimension",
    f"{_MAIN}dimension@ref",
    f"{_MC}AlternateContent",
    f"{_MC}Choice",
    f"{_MC}Choice@Requires",
    f"{_MC}Fallback",
    "{http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac}absPath",
    "{http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac}absPath@url",
    f"{{{_XR}}}revisionPtr",
    "{http://schemas.microsoft.com/office/mac/excel/2008/main}ArchID",
    "{http://schemas.microsoft.com/office/mac/excel/2008/main}ArchID@Flags",
    f"{_MAIN}workbook@{_MC}Ignorable",
    f"{_MAIN}worksheet@{_MC}Ignorable",
    f"{_MAIN}workbookPr@showInkAnnotation",
    f"{_MAIN}workbookPr@autoCompressPictures",
    f"{_MAIN}workbookPr@defaultImageDpi",
    # the version of Office's default theme the file was made with: Excel writes it into
    # almost every workbook; the theme itself (its part) is kept by openpyxl
    f"{_MAIN}workbookPr@defaultThemeVersion",
    # how a cell's value was stored, not the value: a shared-string index or an inline text,
    # the cached result of a formula and its type (the cells' values are what openpyxl keeps;
    # formula results are recomputed, which the warning about formulas says)
    f"{_MAIN}v",
    f"{_MAIN}c@t",
    *(f"{_MAIN}fileVersion@{a}" for a in ("appName", "lastEdited", "lowestEdited", "rupBuild",
                                          "codeName")),
    # parts openpyxl writes afresh from what it read (their contents are compared as features
    # of the sheets, or are the writing application's statistics)
    "rel:worksheet",  # each sheet is compared by its name (xl-tiebreak's own may go)
    "rel:sharedStrings",
    "rel:styles",
    "rel:theme",
    "rel:extended-properties",
    "rel:core-properties",
})
"""What may be missing from the rewritten file without anything of the user's being lost."""

_REVISION_PREFIXES = (f"{{{_XR}", "{http://schemas.microsoft.com/office/spreadsheetml/2015/revision2}",
                      "{http://schemas.microsoft.com/office/spreadsheetml/2016/revision3}")

NAMES: dict[str, str] = {
    # package relationships (by the last part of their type)
    "rel:printerSettings": N_("printer settings"),
    "rel:oleObject": N_("embedded objects"),
    "rel:package": N_("embedded objects"),
    "rel:image": N_("images"),
    "rel:drawing": N_("shapes/drawings"),
    "rel:chart": N_("charts"),
    "rel:chartsheet": N_("chart sheets"),
    "rel:webextensiontaskpanes": N_("Office add-in task panes (web extensions)"),
    "rel:webextension": N_("Office add-ins (web extensions)"),
    "rel:thumbnail": N_("the thumbnail picture"),
    "rel:ui/extensibility": N_("a custom ribbon (customUI)"),
    "rel:ui/2006/extensibility": N_("a custom ribbon (customUI)"),
    "rel:digital-signature/origin": N_("digital signatures"),
    "rel:custom-properties": N_("custom document properties"),
    "rel:customXml": N_("custom XML data"),
    "rel:connections": N_("data connections"),
    "rel:queryTable": N_("query tables"),
    "rel:externalLink": N_("links to other workbooks"),
    "rel:pivotTable": N_("pivot tables"),
    "rel:pivotCacheDefinition": N_("pivot tables"),
    "rel:slicer": N_("slicers"),
    "rel:slicerCache": N_("slicers"),
    "rel:timeline": N_("timelines"),
    "rel:timelineCache": N_("timelines"),
    "rel:threadedComment": N_("threaded comments"),
    "rel:person": N_("threaded comments"),
    "rel:ctrlProp": N_("form controls (buttons, check boxes)"),
    "rel:control": N_("ActiveX controls"),
    "rel:sheetMetadata": N_("dynamic array formulas (cell metadata)"),
    "rel:rdRichValue": N_("pictures in cells"),
    "rel:powerPivotData": N_("a data model (Power Pivot)"),
    "rel:customProperty": N_("custom sheet properties"),
    "rel:vbaProject": N_("the macros (VBA project)"),
    "rel:volatileDependencies": N_("real-time data (RTD) links"),
    "rel:namedSheetView": N_("sheet views (Excel 365)"),
    "rel:vbaProjectSignature": N_("the digital signature of the macros (VBA project)"),
    "rel:vbaProjectSignatureAgile": N_("the digital signature of the macros (VBA project)"),
    "rel:vbaProjectSignatureV3": N_("the digital signature of the macros (VBA project)"),
    "rel:FeaturePropertyBag": N_("check boxes in cells (feature property bags)"),
    "rel:vmlDrawing": N_("form controls, buttons or drawings in VML"),
    # XML elements and attributes
    f"{_MAIN}r": N_("rich text in cells"),
    f"{_MAIN}rPr": N_("rich text in cells"),
    f"{_MAIN}rPh": N_("phonetic guides (furigana)"),
    f"{_MAIN}phoneticPr": N_("phonetic guides (furigana)"),
    f"{_MAIN}customWorkbookViews": N_("custom views"),
    f"{_MAIN}customWorkbookView": N_("custom views"),
    f"{_MAIN}customSheetViews": N_("custom views"),
    f"{_MAIN}customSheetView": N_("custom views"),
    f"{_MAIN}ignoredErrors": N_("ignored-error settings"),
    f"{_MAIN}ignoredError": N_("ignored-error settings"),
    f"{_MAIN}fileSharing": N_("read-only recommended / file-sharing settings"),
    f"{_MAIN}fileSharing@readOnlyRecommended": N_("read-only recommended / file-sharing settings"),
    f"{_MAIN}oleObjects": N_("embedded objects"),
    f"{_MAIN}controls": N_("ActiveX controls"),
    f"{_MAIN}scenarios": N_("what-if scenarios"),
    f"{_MAIN}cellWatches": N_("cell watches"),
    f"{_MAIN}smartTags": N_("smart tags"),
    f"{_MAIN}webPublishItems": N_("web publishing settings"),
    f"{_MAIN}webPublishing": N_("web publishing settings"),
    f"{_MAIN}dataConsolidate": N_("data consolidation settings"),
    f"{_MAIN}customProperties": N_("custom sheet properties"),
    f"{_MAIN}protectedRanges": N_("protected ranges"),
    f"{_MAIN}fileRecoveryPr": N_("file recovery settings"),
    f"{_MAIN}functionGroups": N_("function groups"),
    f"{_MAIN}oleSize": N_("the embedding size (OLE)"),
    f"{_MAIN}smartTagPr": N_("smart tags"),
    f"{_MAIN}smartTagTypes": N_("smart tags"),
    f"{_MAIN}c@cm": N_("dynamic array formulas (cell metadata)"),
    f"{_MAIN}c@vm": N_("pictures in cells"),
    f"{_MAIN}drawing": N_("shapes/drawings"),
    f"{_MAIN}legacyDrawing": N_("form controls, buttons or drawings in VML"),
    f"{_MAIN}legacyDrawingHF": N_("pictures in page headers and footers"),
    f"{_MAIN}headerFooter": N_("page headers and footers"),
    f"{_MAIN}protectedRange": N_("protected ranges"),
    f"{_MAIN}picture": N_("a sheet background picture"),
    f"{_MAIN}pageSetup@{_REL}id": N_("printer settings"),
    f"{_MAIN}extLst": N_("Excel extensions (extLst)"),
    f"{_MAIN}ext": N_("Excel extensions (extLst)"),
    f"{_MAIN}sheetProtection@algorithmName": N_("a sheet protection password"),
    f"{_MAIN}workbookProtection@workbookAlgorithmName": N_("a workbook protection password"),
}
"""What each known relationship, element and attribute is, for people."""

EXTENSIONS = {
    "{78C0D931-6437-407D-A8EE-F0AAD7539E65}": N_("conditional formats such as data bars and icon "
                                              "sets (Excel 2010 extensions)"),
    "{B025F937-C7B1-47D3-B67F-A62EFF666E3E}": N_("conditional formats such as data bars and icon "
                                              "sets (Excel 2010 extensions)"),
    "{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}": N_("drop-down lists that refer to other sheets "
                                              "(data validation extensions)"),
    "{05C60535-1F16-4FD2-B633-F4F36F0B64E0}": N_("sparklines"),
    "{A8765BA9-456A-4DAB-B4F3-ACF838C121DE}": N_("slicers"),
    "{3A4CF648-6AED-40F4-86FF-DC5316D8AED3}": N_("slicers"),
    "{7E03D99C-DC04-49D9-9315-930204A7B6E9}": N_("timelines"),
    "{FC87AEE6-9EDD-4A0A-B7FB-166176984837}": N_("protected ranges"),
    "{01252117-D84E-4E92-8308-4BE1C098FCBB}": N_("ignored-error settings"),
    "{F7C9EE02-42E1-4005-9D12-6889AFFD525C}": N_("add-in (web extension) data"),
}
"""Extension URIs (``<ext uri=…>``) and what they are."""
_HARMLESS_EXTENSIONS = frozenset({
    "{140A7094-0E35-4892-8432-C4D2E57EDEB5}",  # x15:workbookPr chartTrackingRefBase
    "{B58B0392-4F1F-4190-BB64-5DF3571DCE5F}",  # xcalcf:calcFeatures (what Excel calculated with)
    "{79F54976-1DA5-4618-B147-4CDE4B953A38}",  # x14:workbookPr defaultImageDpi
    "{7523E5D3-25F3-A5E0-1632-64F254C22452}",  # mx:ArchID (Excel for Mac's file flags)
    "{EB79DEF2-80B8-43E5-95BD-54CBDDF9020C}",  # x14:slicerStyles (styles.xml default list)
    "{9260A510-F301-46A8-8635-F512D64BE5F5}",  # x15:timelineStyles (styles.xml default list)
    "{7626C862-2A13-11E5-B345-FEFF819CDC9F}",  # loext:extCalcPr (LibreOffice's formula syntax)
})
"""Extensions Excel writes into every file, holding nothing the user made."""

_STRING_TABLE = frozenset({f"{_MAIN}sst", f"{_MAIN}sst@count", f"{_MAIN}sst@uniqueCount",
                           f"{_MAIN}si", f"{_MAIN}t"})
"""The structure of the shared-strings table itself (openpyxl may store texts inline)."""

_TEXTS = N_("the cell texts")

_RUN_TAGS = frozenset(f"{_MAIN}{local}" for local in (
    "b", "i", "u", "strike", "color", "family", "rFont", "sz", "vertAlign", "scheme", "charset",
    "outline", "shadow", "condense", "extend"))
"""The font settings of a run of rich text (in shared strings or inline in a sheet)."""

_FALSE = frozenset({"0", "false"})
_TRUE = frozenset({"1", "true"})
_DEFAULTS: dict[str, frozenset[str]] = {
    f"{_MAIN}c@s": frozenset({"0"}),  # style 0, the default style
    **{f"{_MAIN}{tag}@{attribute}": _FALSE for tag, attribute in (
        ("col", "hidden"), ("col", "collapsed"), ("col", "outlineLevel"), ("row", "hidden"),
        ("row", "collapsed"), ("row", "outlineLevel"), ("row", "customFormat"),
        ("workbookPr", "backupFile"), ("workbookPr", "date1904"), ("f", "aca"),
        ("headerFooter", "differentFirst"), ("headerFooter", "differentOddEven"),
        ("definedName", "function"), ("definedName", "vbProcedure"), ("definedName", "xlm"),
        ("definedName", "hidden"), ("definedName", "publishToServer"),
        ("definedName", "workbookParameter"))},
    f"{_MAIN}headerFooter@scaleWithDoc": _TRUE,
    f"{_MAIN}headerFooter@alignWithMargins": _TRUE,
    f"{_MAIN}workbookPr@showObjects": frozenset({"all"}),
    f"{_MAIN}pageSetup@cellComments": frozenset({"none"}),
}
"""Attributes that, with these values (the defaults of the file format), say what their
absence says: not features then. LibreOffice writes many of them out (``hidden="false"``),
openpyxl leaves them out."""
_HEADER_TEXTS = frozenset(f"{_MAIN}{side}{part}" for side in ("odd", "even", "first")
                          for part in ("Header", "Footer"))
"""Header and footer texts: features only when they hold text (LibreOffice writes empty
ones, which openpyxl leaves out), and so is their ``<headerFooter>``."""

_MAX_FEATURES = 100_000
"""Most distinct features collected from one part (a hostile file cannot grow the sets)."""


class _Forbidden(ValueError):
    """A DTD or entity declaration in a part: refused, as defusedxml would."""


class _Unreadable(ValueError):
    """A part that is not well-formed XML (or declares a DTD): ``part`` names it."""

    def __init__(self, part: str) -> None:
        super().__init__(part)
        self.part = part


def _part_features(archive: zipfile.ZipFile, name: str, found: set[str]) -> None:
    """Add every feature of one XML part to ``found``: ``{ns}tag``, ``{ns}tag@attribute``
    and, for extensions, ``ext:{URI}`` (what an extension holds is not looked into). Parsed by
    expat directly (C speed; no DTDs, no entities: refused like defusedxml does)."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator="}")
    inside_ext = [0]
    ext = f"{_MAIN}ext"
    header: list[str] = []  # the header or footer text element open, if any
    # per raw tag: its qualified name and, per raw attribute, (feature, default values):
    # made once, since a sheet repeats a few tags (row, c, v, f) thousands of times
    known: dict[str, tuple[str, dict[str, tuple[str, frozenset[str]]]]] = {}
    no_default: frozenset[str] = frozenset()

    def qualified(raw: str) -> str:
        return "{" + raw if "}" in raw else raw

    def start(raw: str, attributes: dict[str, str]) -> None:
        if inside_ext[0]:
            inside_ext[0] += 1
            return
        entry = known.get(raw)
        if entry is None:
            entry = known[raw] = (qualified(raw), {})
        tag, features = entry
        if tag == ext:
            inside_ext[0] = 1
            found.add(f"ext:{attributes.get('uri', '').upper()}")
            return
        if tag in _HEADER_TEXTS:
            header.append(tag)
        elif tag != f"{_MAIN}headerFooter":
            found.add(tag)
        for attribute, value in attributes.items():
            item = features.get(attribute)
            if item is None:
                feature = f"{tag}@{qualified(attribute)}"
                item = features[attribute] = (feature, _DEFAULTS.get(feature, no_default))
            if value not in item[1]:
                found.add(item[0])

    def end(raw: str) -> None:
        if inside_ext[0]:
            inside_ext[0] -= 1
        elif header and qualified(raw) == header[-1]:
            header.pop()

    def text(data: str) -> None:
        if header and data.strip():
            found.update((header[-1], f"{_MAIN}headerFooter"))

    def forbid(*args: object) -> None:
        raise _Forbidden(name)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = forbid
    parser.EntityDeclHandler = forbid
    try:
        with archive.open(name) as handle:
            parser.ParseFile(handle)
    except (xml.parsers.expat.ExpatError, _Forbidden) as exc:
        raise _Unreadable(name) from exc


def _features(archive: zipfile.ZipFile, names: Iterable[str],
              memo: dict[str, frozenset[str]] | None = None) -> set[str]:
    """The features of the parts ``names`` together; ``memo`` (part → its features) keeps
    each part's features so that a part compared twice is parsed once."""
    found: set[str] = set()
    for name in names:
        if name in archive.NameToInfo and len(found) <= _MAX_FEATURES:
            if memo is None:
                _part_features(archive, name, found)
                continue
            if name not in memo:
                part: set[str] = set()
                _part_features(archive, name, part)
                memo[name] = frozenset(part)
            found |= memo[name]
    return found


def _rels_name(part: str) -> str:
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{base}.rels")


def _relationships(archive: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """(short type, id, target part) of each internal relationship of ``part`` ("" for the
    package); the short type is what follows the last ``relationships/`` in the type URI."""
    name = "_rels/.rels" if not part else _rels_name(part)
    if name not in archive.NameToInfo:
        return []
    out: list[tuple[str, str, str]] = []
    folder = posixpath.dirname(part)
    with archive.open(name) as handle:
        for _event, element in iterparse(handle, events=("start",)):
            if element.tag != f"{_PKG_REL}Relationship":
                continue
            kind = element.get("Type", "")
            short = kind.rsplit("relationships/", 1)[-1] if "relationships/" in kind else kind
            target = element.get("Target", "")
            if element.get("TargetMode") == "External":
                path = ""
            elif target.startswith("/"):
                path = target.lstrip("/")
            else:
                path = posixpath.normpath(posixpath.join(folder, target))
            out.append((short, element.get("Id", ""), path))
    return out


def _sheets(archive: zipfile.ZipFile, workbook: str) -> dict[str, tuple[str, str]]:
    """Sheet name (case-folded) → (name, its part)."""
    targets = {rid: path for _short, rid, path in _relationships(archive, workbook)}
    out: dict[str, tuple[str, str]] = {}
    with archive.open(workbook) as handle:
        for _event, element in iterparse(handle, events=("start",)):
            if element.tag == f"{_MAIN}sheet":
                rid = element.get(f"{_REL}id", "")
                name = element.get("name", "")
                out[name.casefold()] = (name, targets.get(rid, ""))
    return out


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, tuple[str, str]]:
    """Sheet name (case-folded) → (name, its part) of a workbook archive."""
    return _sheets(archive, _workbook_part(archive))


def _workbook_part(archive: zipfile.ZipFile) -> str:
    for short, _rid, path in _relationships(archive, ""):
        if short == "officeDocument":
            return path
    return "xl/workbook.xml"


_ANCHORS = (b"twoCellAnchor", b"oneCellAnchor", b"absoluteAnchor")


def empty_drawing(archive: zipfile.ZipFile, part: str) -> bool:
    """True for a drawing part that places nothing (no anchor): LibreOffice writes one for
    every sheet it saved with a drawing layer, shapes or not."""
    info = archive.NameToInfo.get(part)
    if info is None or info.file_size > 4096:
        return False
    data = archive.read(part)
    return not any(anchor in data for anchor in _ANCHORS)


def _no_properties(archive: zipfile.ZipFile, part: str) -> bool:
    """True for a custom-properties part that lists none."""
    info = archive.NameToInfo.get(part)
    return (info is not None and info.file_size <= 4096
            and b"property" not in archive.read(part).replace(b"Properties", b""))


_SHAPE = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?shape\b(?P<attributes>[^>]*)>(?P<body>.*?)"
                    rb"</(?:[A-Za-z_][\w.-]*:)?shape\s*>", re.S)
_NOTE = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?ClientData\b[^>]*ObjectType=\"Note\"")
_ROW = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?Row\s*>\s*(\d{1,7})\s*<")
_COLUMN = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?Column\s*>\s*(\d{1,5})\s*<")
_VISIBLE = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?Visible\s*/?>")
_STYLE = re.compile(rb'\bstyle\s*=\s*"([^"]*)"')
_LENGTH = re.compile(r"(?:^|;)\s*(width|height|visibility)\s*:\s*([^;]*)")
_PIXELS = {"px": 1.0, "pt": 4 / 3, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "": 1.0}
"""Pixels (at 96 per inch, as openpyxl writes a comment box) per unit of a VML length."""

CommentBox = tuple[float | None, float | None, bool]
"""A comment's box as its VML shape draws it: width and height in pixels (None when not
given) and whether it is shown on the sheet (not only when the mouse is over the cell)."""


def _pixels(text: str) -> float | None:
    m = re.fullmatch(r"\s*([0-9]{1,7}(?:\.[0-9]{1,20})?)\s*([a-z]{0,2})\s*", text)
    if m is None or m.group(2) not in _PIXELS:
        return None
    return float(m.group(1)) * _PIXELS[m.group(2)]


def comment_boxes(archive: zipfile.ZipFile, sheet_part: str) -> dict[tuple[int, int], CommentBox]:
    """(row, column), 1-based, → the box of each comment (a note) of one sheet, read from its
    VML drawing (which Excel does not always write as well-formed XML, so it is scanned)."""
    boxes: dict[tuple[int, int], CommentBox] = {}
    for short, _rid, vml in _relationships(archive, sheet_part):
        info = archive.NameToInfo.get(vml)
        if short != "vmlDrawing" or info is None or info.file_size > 20 * 1024 * 1024:
            continue
        for shape in _SHAPE.finditer(archive.read(vml)):
            body = shape.group("body")
            row, column = _ROW.search(body), _COLUMN.search(body)
            if not _NOTE.search(body) or row is None or column is None:
                continue
            style = _STYLE.search(shape.group("attributes"))
            values = {k.lower(): v for k, v in _LENGTH.findall(
                style.group(1).decode("ascii", "replace") if style else "")}
            shown = (_VISIBLE.search(body) is not None
                     or values.get("visibility", "").strip().lower() == "visible")
            boxes[(int(row.group(1)) + 1, int(column.group(1)) + 1)] = (
                _pixels(values.get("width", "")), _pixels(values.get("height", "")), shown)
    return boxes


def _diff_comments(before: zipfile.ZipFile, part: str, after: zipfile.ZipFile, other: str,
                   where: str, lost: list[str]) -> None:
    """Comments shown on the sheet that would be hidden, or boxes of another size."""
    old, new = comment_boxes(before, part), comment_boxes(after, other)
    shown = [cell for cell, box in old.items() if box[2] and not new.get(cell, box)[2]]
    if shown:
        lost.append(_("comments shown on the sheet (they would only show when the mouse is "
                      "over their cell) in {where}", where=where))
    resized = [cell for cell, (width, height, _shown) in old.items() if cell in new and any(
        a is not None and (b is None or abs(a - b) > 0.5)
        for a, b in ((width, new[cell][0]), (height, new[cell][1])))]
    if resized:
        lost.append(_("the size of comment boxes in {where}", where=where))


def _rel_counts(archive: zipfile.ZipFile, part: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for short, _rid, path in _relationships(archive, part):
        if short == "hyperlink" and not path:
            continue  # an external hyperlink: kept as a cell hyperlink
        if short == "drawing" and empty_drawing(archive, path):
            continue  # holds nothing
        if short == "custom-properties" and _no_properties(archive, path):
            continue  # LibreOffice writes an empty list
        counts[short] = counts.get(short, 0) + 1
    return counts


def _name(feature: str, where: str) -> str:
    """A lost feature said for people."""
    if feature.startswith("ext:"):
        return _(EXTENSIONS.get(feature[4:], N_("Excel extensions (extLst)")))
    if feature.startswith("rel:"):
        short = feature[4:]
        for key in (feature, "rel:" + short.rsplit("/", 1)[-1]):
            if key in NAMES:
                return _(NAMES[key])
        return _("parts of the type '{type}'", type=short)
    if feature in NAMES:
        return _(NAMES[feature])
    tag, _sep, attribute = feature.partition("@")
    if tag in NAMES:  # a setting of a named element is part of it
        return _(NAMES[tag])
    if tag in _RUN_TAGS and where != _("the workbook"):
        return _(NAMES[f"{_MAIN}r"])
    local = tag.rsplit("}", 1)[-1]
    if attribute:
        return _("the setting {attribute} of <{element}> in {where}",
                 attribute=attribute.rsplit("}", 1)[-1], element=local, where=where)
    return _("<{element}> in {where}", element=local, where=where)


def _ignored(feature: str) -> bool:
    if feature in REGENERATED:
        return True
    tag, _sep, attribute = feature.partition("@")
    if attribute.startswith("{http://www.w3.org/XML/1998/namespace}"):
        return True  # xml:space and the like: how text was stored
    if tag.startswith(_REVISION_PREFIXES) or attribute.startswith(_REVISION_PREFIXES):
        return True  # revision ids of co-authoring
    return feature.startswith("ext:") and feature[4:] in _HARMLESS_EXTENSIONS


def _diff(before: set[str], after: set[str], where: str, lost: list[str]) -> None:
    for feature in sorted(before - after):
        if _ignored(feature):
            continue
        if feature in (f"{_MAIN}extLst", f"{_MAIN}ext", f"{_MAIN}ext@uri"):
            continue  # named by their URI (ext:{…}) instead
        name = _name(feature, where)
        if name not in lost:
            lost.append(name)


def _diff_rels(before: dict[str, int], after: dict[str, int], lost: list[str]) -> None:
    for short, count in sorted(before.items()):
        if after.get(short, 0) >= count or _ignored(f"rel:{short}"):
            continue
        name = _name(f"rel:{short}", "")
        if name not in lost:
            lost.append(name)


def lost_features(
    original: Path, written: Path, rewritten_sheets: Iterable[str] = ()
) -> list[str]:
    """What of ``original`` is missing from ``written`` (the same workbook as openpyxl saved
    it), said for people, in a stable order; empty when nothing is lost. Sheets named in
    ``rewritten_sheets`` (the Standings and Problems sheets xl-tiebreak wrote or removed) are
    not compared."""
    try:
        return _lost(original, written, {name.casefold() for name in rewritten_sheets})
    except _Unreadable as exc:  # a part openpyxl never read is not well-formed
        return [_("the part {part}, which cannot be compared (damaged or unreadable XML)",
                  part=printable(exc.part))]
    except Exception:  # nothing can be promised
        return [_("parts that cannot be compared (damaged or unreadable XML)")]


def _lost(original: Path, written: Path, skip: set[str]) -> list[str]:
    lost: list[str] = []
    parsed: dict[str, frozenset[str]] = {}  # the written parts' features, each parsed once
    with zipfile.ZipFile(original) as before, zipfile.ZipFile(written) as after:
        _diff_rels(_rel_counts(before, ""), _rel_counts(after, ""), lost)
        book_before, book_after = _workbook_part(before), _workbook_part(after)
        _diff_rels(_rel_counts(before, book_before), _rel_counts(after, book_after), lost)
        _diff(_features(before, [book_before]), _features(after, [book_after]),
              _("the workbook"), lost)
        strings_before = [p for s, _rid, p in _relationships(before, book_before)
                          if s == "sharedStrings"]
        strings_after = [p for s, _rid, p in _relationships(after, book_after)
                         if s == "sharedStrings"]
        sheets_before, sheets_after = _sheets(before, book_before), _sheets(after, book_after)
        for key, (name, part) in sheets_before.items():
            if key in skip or not part:
                continue
            other = sheets_after.get(key)
            if other is None:
                lost.append(_("the sheet '{name}'", name=name))
                continue
            _diff_rels(_rel_counts(before, part), _rel_counts(after, other[1]), lost)
            features = _features(before, [part])
            drawings = [p for s, _rid, p in _relationships(before, part) if s == "drawing"]
            if drawings and all(empty_drawing(before, p) for p in drawings):
                features -= {f"{_MAIN}drawing", f"{_MAIN}drawing@{_REL}id"}
            _diff(features, _features(after, [other[1]], parsed),
                  _("the sheet '{name}'", name=name), lost)
            _diff_comments(before, part, after, other[1], _("the sheet '{name}'", name=name),
                           lost)
        # cell texts: shared strings, or inline in the sheets openpyxl wrote
        texts = _features(after, [*strings_after, *(p for _name, p in sheets_after.values())],
                          parsed)
        _diff(_features(before, strings_before) - _STRING_TABLE, texts, _(_TEXTS), lost)
        # parts with relationships of their own: the VBA project's signature, …
        for _short, _rid, part in _relationships(before, book_before):
            if part and part not in (p for _name, p in sheets_before.values()):
                _diff_rels(_rel_counts(before, part), _rel_counts(after, part), lost)
    return lost
