"""The classes a NAME.pyi declares, read with `ast` (test_stubtest.py, test_instance_names.py)."""

from __future__ import annotations

import ast
from pathlib import Path


def class_members(stub: Path) -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """Class path (`Tree.Node`) -> the names its stub class itself declares (methods, nested
    classes, annotated and assigned attributes), and -> its bases as written."""
    own: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                path = f"{prefix}{node.name}"
                own[path] = {n.name for n in node.body
                             if isinstance(n, (ast.FunctionDef, ast.ClassDef))} | {
                    t.id for n in node.body if isinstance(n, ast.AnnAssign)
                    for t in [n.target] if isinstance(t, ast.Name)} | {
                    t.id for n in node.body if isinstance(n, ast.Assign)
                    for t in n.targets if isinstance(t, ast.Name)}
                bases[path] = [ast.unparse(b) for b in node.bases]
                walk(node.body, f"{path}.")

    walk(ast.parse(stub.read_text()).body, "")
    return own, bases
