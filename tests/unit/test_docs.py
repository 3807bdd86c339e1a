"""The generated reference pages in docs/ match the tables they are generated from."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import REPO
from swiggen.docgen import annotations_markdown, diagnostics_markdown


@pytest.mark.parametrize(
    ("page", "render"),
    [("annotations", annotations_markdown), ("diagnostics", diagnostics_markdown)],
)
def test_generated_page_is_current(page: str, render: Callable[[], str]) -> None:
    path = REPO / "docs" / f"{page}.md"
    checked_in = path.read_text(encoding="utf-8") if path.exists() else ""
    assert checked_in == render(), (
        f"docs/{page}.md is out of date; regenerate it from the repository root with\n"
        f"    python -m swiggen.docgen {page} > docs/{page}.md"
    )
