"""The package as it is published: every subpackage in the wheel, complete metadata, a
changelog entry for the version, and a release workflow that tests the built wheel before it
publishes it by trusted publishing. (`.ci/package-check` builds the sdist and the wheel, runs
`twine check` and installs the wheel in fresh environments; these are the fast checks.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
WORKFLOW = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")


def test_every_subpackage_is_in_the_wheel() -> None:
    # setuptools puts only the listed packages in the wheel: a new subpackage left out of the
    # list would be missing from every installation (the editable checkout hides it)
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "xl_tiebreak").rglob("__init__.py")}
    assert set(PROJECT["tool"]["setuptools"]["packages"]) == found


def test_metadata_is_complete() -> None:
    meta = PROJECT["project"]
    assert meta["readme"] == "README.md" and meta["license"] == "MIT"
    assert (ROOT / meta["license-files"][0]).is_file()
    assert {"Homepage", "Documentation", "Changelog", "Issues"} <= set(meta["urls"])
    assert all(url.startswith("https://") for url in meta["urls"].values())
    lowest = int(meta["requires-python"].removeprefix(">=3."))
    versions = sorted(int(c.rsplit(".", 1)[1]) for c in meta["classifiers"]
                      if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert versions and versions[0] == lowest, versions
    # a licence expression excludes licence classifiers (PEP 639)
    assert not any(c.startswith("License ::") for c in meta["classifiers"])
    assert (ROOT / "xl_tiebreak" / "py.typed").is_file()  # "Typing :: Typed"
    assert "Typing :: Typed" in meta["classifiers"]


def test_the_changelog_has_the_version() -> None:
    version = PROJECT["project"]["version"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(version)}\]", changelog, flags=re.M)


def test_the_test_extra_has_the_build_and_parallel_tools() -> None:
    names = {re.split(r"[<>=\[; ]", d, maxsplit=1)[0]
             for d in PROJECT["project"]["optional-dependencies"]["test"]}
    assert {"build", "twine", "pytest-xdist"} <= names


def test_the_release_workflow_tests_the_wheel_then_publishes_on_a_tag() -> None:
    assert re.search(r"push:\s*\n\s*tags: \[\"v\*\"\]", WORKFLOW)
    build, test, publish = (WORKFLOW.split(f"\n  {job}:", 1)[1]
                            for job in ("build", "test-wheel", "publish"))
    assert "python -m build" in build and "twine check" in build
    test = test.split("\n  publish:", 1)[0]
    assert "needs: build" in test and "venv" in test and 'pip install "$wheel[excel]"' in test
    assert "demo out" in test and "compute" in test
    assert "needs: [build, test-wheel]" in publish
    assert "id-token: write" in publish  # trusted publishing: no stored token
    assert "pypa/gh-action-pypi-publish" in publish
    assert "password" not in publish and "secrets." not in WORKFLOW


def test_ci_checks_the_package_and_lists_the_slowest_tests() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/package-check" in run
    assert "python -m pytest -q -n 2 --durations=15" in run
    check = (ROOT / ".ci" / "package-check").read_text(encoding="utf-8")
    assert "twine check" in check and "demo out" in check and "compute" in check
    assert "requires a different Python" in check
