"""Keep or refuse, never strip: a workbook holding anything openpyxl would not write
back is not rewritten in place by the openpyxl route. Each feature is injected by editing the
XML parts of a small openpyxl-made workbook; the in-place write is refused naming it, ``-o``
writes a copy (with a warning naming it), and the original stays byte-identical. The zip
route (tests/test_excel_zip_book_standings.py) keeps them all, a package signature aside."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from lean_books import lean_workbook

from xl_tiebreak.cli.main import main
from xl_tiebreak.excel.files.keep_or_refuse import lost_features
from xl_tiebreak.excel.templates.builder import SWISS

Parts = dict[str, bytes]


@pytest.fixture
def openpyxl_route(monkeypatch: pytest.MonkeyPatch) -> None:
    """``standings`` by the openpyxl route (the fallback where the zip route cannot go)."""
    import xl_tiebreak.excel.headless as headless

    monkeypatch.setattr(headless, "_zip_book", lambda *args: None)
SHEET = "xl/worksheets/sheet1.xml"  # the "How to" sheet
NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL_OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
REL_MS = "http://schemas.microsoft.com/office/"


def add_rel(parts: Parts, owner: str, rid: str, kind: str, target: str) -> None:
    """Add a relationship to ``owner`` ("" = the package), creating its .rels part."""
    if owner:
        folder, base = owner.rsplit("/", 1)
        name = f"{folder}/_rels/{base}.rels"
    else:
        name = "_rels/.rels"
    rels = parts.get(name, b'<Relationships xmlns="http://schemas.openxmlformats.org/package/'
                           b'2006/relationships"></Relationships>')
    rel = f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"/>'.encode()
    parts[name] = rels.replace(b"</Relationships>", rel + b"</Relationships>")


def add_default(parts: Parts, extension: str, content_type: str) -> None:
    types = parts["[Content_Types].xml"]
    if f'Extension="{extension}"'.encode() not in types:
        entry = f'<Default Extension="{extension}" ContentType="{content_type}"/>'.encode()
        parts["[Content_Types].xml"] = types.replace(b"</Types>", entry + b"</Types>")


def in_sheet(xml: str) -> Callable[[Parts], None]:
    """Put ``xml`` at the end of the How-to sheet."""
    def edit(parts: Parts) -> None:
        data = parts[SHEET]
        if b"xmlns:r=" not in data[:300]:
            data = data.replace(b"<worksheet ", f'<worksheet xmlns:r="{NS_R}" '.encode(), 1)
        parts[SHEET] = data.replace(b"</worksheet>", xml.encode() + b"</worksheet>")
    return edit


def in_workbook(xml: str, first: bool = False) -> Callable[[Parts], None]:
    def edit(parts: Parts) -> None:
        data = parts["xl/workbook.xml"]
        if first:
            parts["xl/workbook.xml"] = re.sub(rb"(<workbook\b[^>]*>)",
                                              lambda m: m.group(1) + xml.encode(), data, count=1)
        else:
            parts["xl/workbook.xml"] = data.replace(b"</workbook>", xml.encode() + b"</workbook>")
    return edit


def rich_text(parts: Parts) -> None:
    data = parts[SHEET]
    parts[SHEET] = re.sub(rb"<is><t>([^<]*)</t></is>",
                          rb"<is><r><rPr><b/></rPr><t>\1</t></r><r><t> (bold)</t></r></is>",
                          data, count=1)


def printer_settings(parts: Parts) -> None:
    parts["xl/printerSettings/printerSettings1.bin"] = b"\0" * 64
    add_default(parts, "bin", "application/vnd.openxmlformats-officedocument."
                              "spreadsheetml.printerSettings")
    add_rel(parts, SHEET, "rIdP1", REL_OFFICE + "printerSettings",
            "../printerSettings/printerSettings1.bin")
    in_sheet('<pageSetup paperSize="9" orientation="portrait" r:id="rIdP1"/>')(parts)


def embedded_object(parts: Parts) -> None:
    parts["xl/embeddings/oleObject1.bin"] = b"\xd0\xcf\x11\xe0" + b"\0" * 60
    add_default(parts, "bin", "application/vnd.openxmlformats-officedocument.oleObject")
    add_rel(parts, SHEET, "rIdO1", REL_OFFICE + "oleObject", "../embeddings/oleObject1.bin")
    in_sheet('<oleObjects><oleObject progId="Package" shapeId="1025" r:id="rIdO1"/>'
             '</oleObjects>')(parts)


def task_pane(parts: Parts) -> None:
    parts["xl/webextensions/taskpanes.xml"] = (
        b'<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/'
        b'taskpanes/2010/11"><wetp:taskpane dockstate="right" visibility="1" width="350" '
        b'row="4"><wetp:webextensionref xmlns:r="' + NS_R.encode() + b'" r:id="rId1"/>'
        b'</wetp:taskpane></wetp:taskpanes>')
    parts["xl/webextensions/webextension1.xml"] = (
        b'<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/'
        b'webextension/2010/11" id="{11111111-2222-3333-4444-555555555555}">'
        b'<we:reference id="wa200000000" version="1.0.0.0" store="en-US" storeType="OMEX"/>'
        b'</we:webextension>')
    add_rel(parts, "", "rIdW1", REL_MS + "2011/relationships/webextensiontaskpanes",
            "xl/webextensions/taskpanes.xml")
    add_rel(parts, "xl/webextensions/taskpanes.xml", "rId1",
            REL_MS + "2011/relationships/webextension", "webextension1.xml")


def thumbnail(parts: Parts) -> None:
    parts["docProps/thumbnail.jpeg"] = b"\xff\xd8\xff\xe0" + b"\0" * 60
    add_default(parts, "jpeg", "image/jpeg")
    add_rel(parts, "", "rIdT1",
            "http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail",
            "docProps/thumbnail.jpeg")


def custom_ribbon(parts: Parts) -> None:
    parts["customUI/customUI14.xml"] = (
        b'<customUI xmlns="http://schemas.microsoft.com/office/2009/07/customui"><ribbon>'
        b'<tabs><tab id="t" label="Chess"/></tabs></ribbon></customUI>')
    add_rel(parts, "", "rIdU1", REL_MS + "2007/relationships/ui/extensibility",
            "customUI/customUI14.xml")


def array_metadata(parts: Parts) -> None:
    parts["xl/metadata.xml"] = (
        b'<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>')
    add_rel(parts, "xl/workbook.xml", "rIdM1", REL_OFFICE + "sheetMetadata", "metadata.xml")
    in_sheet("")(parts)
    parts[SHEET] = parts[SHEET].replace(b'<c r="A2"', b'<c cm="1" r="A2"', 1)


def signature(parts: Parts) -> None:
    parts["_xmlsignatures/origin.sigs"] = b""
    add_default(parts, "sigs", "application/vnd.openxmlformats-package.digital-signature-origin")
    add_rel(parts, "", "rIdS1", "http://schemas.openxmlformats.org/package/2006/relationships/"
                                "digital-signature/origin", "_xmlsignatures/origin.sigs")


def custom_sheet_property(parts: Parts) -> None:
    parts["xl/customProperty1.bin"] = "tournament".encode("utf-16-le")
    add_default(parts, "bin", "application/vnd.openxmlformats-officedocument."
                              "spreadsheetml.customProperty")
    add_rel(parts, SHEET, "rIdC1", REL_OFFICE + "customProperty", "../customProperty1.bin")
    in_sheet('<customProperties><customPr name="Event" r:id="rIdC1"/></customProperties>')(parts)


def mystery_part(parts: Parts) -> None:
    parts["xl/mystery/thing1.xml"] = b"<thing/>"
    add_rel(parts, "xl/workbook.xml", "rIdX1", "http://example.com/relationships/mystery",
            "mystery/thing1.xml")


FEATURES: list[tuple[str, str, Callable[[Parts], None]]] = [
    ("rich text", "rich text in cells", rich_text),
    ("printer settings", "printer settings", printer_settings),
    ("embedded object", "embedded objects", embedded_object),
    ("add-in task pane", "Office add-in task panes (web extensions)", task_pane),
    ("custom workbook views", "custom views", in_workbook(
        '<customWorkbookViews><customWorkbookView name="Print" '
        'guid="{12345678-1234-1234-1234-123456789012}" windowWidth="800" windowHeight="600" '
        'activeSheetId="1"/></customWorkbookViews>')),
    ("custom sheet views", "custom views", in_sheet(
        '<customSheetViews><customSheetView guid="{12345678-1234-1234-1234-123456789012}">'
        '<selection activeCell="A1" sqref="A1"/></customSheetView></customSheetViews>')),
    ("ignored errors", "ignored-error settings", in_sheet(
        '<ignoredErrors><ignoredError sqref="A1:A9" numberStoredAsText="1"/></ignoredErrors>')),
    ("read-only recommended", "read-only recommended",
     in_workbook('<fileSharing readOnlyRecommended="1"/>', first=True)),
    ("thumbnail", "the thumbnail picture", thumbnail),
    ("custom ribbon", "a custom ribbon (customUI)", custom_ribbon),
    ("dynamic arrays", "dynamic array formulas (cell metadata)", array_metadata),
    ("cell watches", "cell watches", in_sheet('<cellWatches><cellWatch r="A1"/></cellWatches>')),
    ("smart tags", "smart tags", in_sheet(
        '<smartTags><cellSmartTags r="A1"><cellSmartTag type="0"/></cellSmartTags>'
        '</smartTags>')),
    ("web publishing", "web publishing settings", in_workbook('<webPublishing codePage="1252"/>')),
    ("file recovery", "file recovery settings", in_workbook('<fileRecoveryPr repairLoad="1"/>')),
    ("data consolidation", "data consolidation settings",
     in_sheet('<dataConsolidate function="sum" link="1"/>')),
    ("digital signature", "digital signatures", signature),
    ("custom sheet property", "custom sheet properties", custom_sheet_property),
    ("unknown element", "<bar> in the sheet 'How to'",
     in_sheet('<bar xmlns="urn:example:unknown"/>')),
    ("unknown part", "parts of the type 'mystery'",
     mystery_part),
    ("sparklines", "sparklines", in_sheet(
        '<extLst><ext uri="{05C60535-1F16-4FD2-B633-F4F36F0B64E0}" '
        'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
        '<x14:sparklineGroups/></ext></extLst>')),
    ("unknown extension", "Excel extensions (extLst)", in_sheet(
        '<extLst><ext uri="{99999999-0000-0000-0000-000000000000}"><other/></ext></extLst>')),
]


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("plain") / "plain.xlsx"
    lean_workbook(SWISS, vba=False).save(path)
    return path


def inject(source: Path, target: Path, edit: Callable[[Parts], None]) -> Path:
    with zipfile.ZipFile(source) as src:
        parts = {name: src.read(name) for name in src.namelist()}
    edit(parts)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, data in parts.items():
            dst.writestr(name, data)
    return target


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if ".xl-tiebreak-" in p.name]


def test_an_untouched_workbook_loses_nothing(plain: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "book.xlsx"
    book.write_bytes(plain.read_bytes())
    assert main(["standings", str(book)]) == 0
    assert "warning" not in capsys.readouterr().err
    assert lost_features(plain, book, ["Standings"]) == []


@pytest.mark.parametrize("feature, named, edit", FEATURES, ids=[f[0] for f in FEATURES])
def test_a_feature_openpyxl_drops_is_kept_or_refused(
    plain: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    feature: str, named: str, edit: Callable[[Parts], None], openpyxl_route: None,
) -> None:
    book = inject(plain, tmp_path / "book.xlsx", edit)
    original = book.read_bytes()
    assert main(["standings", str(book)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert named in err and "-o" in err and "was not changed" in err
    assert book.read_bytes() == original
    assert leftovers(tmp_path) == []

    copy = tmp_path / "copy.xlsx"
    assert main(["standings", str(book), "-o", str(copy)]) == 0
    out, err = capsys.readouterr()
    assert "Standings of 16 players" in out
    assert named in err and named not in out  # the warning, on stderr, says what it lacks
    assert book.read_bytes() == original
    assert zipfile.ZipFile(copy).testzip() is None
    assert leftovers(tmp_path) == []


def test_what_openpyxl_keeps_is_written_in_place(plain: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The comparison is with what openpyxl really wrote: what-if scenarios survive, so the
    workbook is rewritten in place and they are still there."""
    scenario = in_sheet('<scenarios><scenario name="Best" count="1" user="me">'
                        '<inputCells r="A2" val="1"/></scenario></scenarios>')
    book = inject(plain, tmp_path / "book.xlsx", scenario)
    assert main(["standings", str(book)]) == 0
    assert "warning" not in "".join(capsys.readouterr())
    written = zipfile.ZipFile(book).read(SHEET)
    assert b'<scenario name="Best"' in written and b'<inputCells r="A2"' in written


def test_outline_levels_are_written_again_not_refused(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``outlineLevelCol``/``outlineLevelRow`` of a sheet are the highest outline level of
    its columns/rows, which openpyxl writes again from the levels it keeps: the team
    template saved twice by openpyxl (the second save writes ``outlineLevelCol="0"``) is
    rewritten in place, and grouped columns stay grouped."""
    import openpyxl

    from xl_tiebreak.excel.templates.team import build_team_workbook

    wb = build_team_workbook(vba=False)
    wb["Teams"].column_dimensions.group("D", "E", outline_level=1)
    book = tmp_path / "team.xlsx"
    wb.save(book)
    wb.save(book)  # as a script that saves a workbook again after a change does
    with zipfile.ZipFile(book) as z:
        assert any(b'outlineLevelCol="0"' in z.read(n) for n in z.namelist()
                   if n.startswith("xl/worksheets/"))
    assert main(["standings", str(book)]) == 0
    assert "warning" not in "".join(capsys.readouterr())
    again = openpyxl.load_workbook(book)
    assert again["Teams"].column_dimensions["D"].outline_level == 1


def test_a_signed_vba_project_is_refused_in_place(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  openpyxl_route: None) -> None:
    """The signature of the macros hangs off the VBA project's own relationships, which
    openpyxl does not write back: refused in place, named, the file unchanged."""
    book = tmp_path / "signed.xlsm"
    lean_workbook(SWISS, vba=True).save(book)

    def sign(parts: Parts) -> None:
        assert "xl/vbaProject.bin" in parts
        parts["xl/vbaProjectSignature.bin"] = b"\x01\x00\x00\x00" + b"\0" * 60
        add_default(parts, "bin", "application/vnd.ms-office.vbaProject")
        add_rel(parts, "xl/vbaProject.bin", "rId1",
                REL_MS + "2006/relationships/vbaProjectSignature", "vbaProjectSignature.bin")

    signed = inject(book, tmp_path / "signed2.xlsm", sign)
    before = signed.read_bytes()
    assert main(["standings", str(signed)]) == 2
    err = capsys.readouterr().err
    assert "the digital signature of the macros (VBA project)" in err and "-o" in err
    assert signed.read_bytes() == before
