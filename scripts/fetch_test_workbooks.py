"""Copy real workbooks from public test suites into ``tests/data/real_workbooks/`` (not part of
the package, not committed) for ``tests/test_excel_files_real_workbooks.py``.

Each source is a GitHub repository at a pinned commit and a folder in it. The files are taken
from a local git copy of the repository (``--mirror DIR``: ``DIR/<owner>+<name>/repo`` or
``DIR/<owner>+<name>``, any git directory holding that commit), else, with ``--clone``,
fetched from GitHub at that commit. Only ``.xlsx`` and ``.xlsm`` files are copied, named
``<owner>+<name>/<path with / as __>``. Prints how many files each source gave; a source
that is not at hand is reported and skipped, so the test skips what is missing.

    python scripts/fetch_test_workbooks.py --mirror /work/.mirror
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
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
    parser.add_argument("--dest", type=Path, default=DESTINATION)
    args = parser.parse_args(argv)
    total = 0
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
