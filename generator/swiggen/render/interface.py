"""render: ModulePlan -> text, through one strict Jinja environment (the only one we make).

Templates loop, test booleans and print fields; the filters below are pure functions.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from pathlib import Path

import jinja2

from ..declarators import swig_names
from ..lower.plan import ModulePlan


def swig_string(text: str) -> str:
    """A SWIG/C string literal: `"a \\"b\\"\\n"`."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def pystring(text: str, indent: str = "") -> str:
    """A Python docstring literal, continuation lines indented by `indent`."""
    body = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if body.endswith('"'):
        body += " "
    lines = body.split("\n")
    if len(lines) == 1:
        return f'"""{body}"""'
    rest = "\n".join((indent + line) if line.strip() else "" for line in lines[1:])
    return f'"""{lines[0]}\n{rest}\n{indent}"""'


def pyliteral(text: str, indent: str = "") -> str:
    """`text` as a Python expression for an optional doc: its docstring literal, or None when
    there is none (a property's doc, say)."""
    return pystring(text, indent) if text else "None"


def _bundled(folder: str, marker: str, what: str) -> Path:
    """swiggen's `folder` (templates/, interfaces/) inside the installed package, or at the top
    of a source checkout: the one holding `marker`."""
    here = Path(__file__).resolve().parent.parent  # the package
    for candidate in (here / folder, here.parent.parent / folder):
        if (candidate / marker).is_file():
            return candidate
    raise FileNotFoundError(f"swiggen's {what} ({folder}/) is missing from the installation")


def template_dir() -> Path:
    """templates/: one folder per target language beside common/, as interfaces/
    (templates/README.md)."""
    return _bundled("templates", "python/module.i.j2", "templates")


def interface_dir() -> Path:
    """interfaces/, swiggen's bundled SWIG library: one folder per target language beside
    common/ (interfaces/README.md)."""
    return _bundled("interfaces", "python/swiggen.swg", "SWIG library")


def template_dirs(language: str = "python") -> tuple[Path, Path]:
    """The folders Jinja searches for `language`: its own, then the language-neutral common/
    (no name occurs in both)."""
    root = template_dir()
    return root / language, root / "common"


def interface_dirs(language: str = "python") -> tuple[Path, Path]:
    """The folders SWIG searches (one -I each) for `language`: its own, then the language-neutral
    common/. No file name occurs in both, nor in SWIG's own library."""
    root = interface_dir()
    return root / language, root / "common"


#: The Environment's settings; also part of the bytecode cache's file names, so compiled templates
#: from other settings (another swiggen version) are never reused.
_SETTINGS = dict(trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Jinja's per-user bytecode cache (its own private temp directory, checked for ownership),
    so a run does not recompile the templates: a fifth of a no-op rebuild. Each entry is keyed by
    the template's path and source; None where the directory cannot be used."""
    tag = hashlib.sha256(repr(sorted(_SETTINGS.items())).encode()).hexdigest()[:12]
    try:
        return jinja2.FileSystemBytecodeCache(pattern=f"__swiggen_{tag}_%s.cache")
    except (OSError, RuntimeError):
        return None


@functools.lru_cache(maxsize=None)
def runtime(name: str) -> str:
    """The fixed Python code NAME.py carries, from interfaces/python/`name` (templates print it,
    they do not hold it): the file without its leading comment block, which says what it is."""
    lines = (interface_dirs()[0] / name).read_text().split("\n")
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    while lines and not lines[0].strip():
        lines.pop(0)
    return "\n".join(lines).rstrip("\n")


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in template_dirs()]),
        undefined=jinja2.StrictUndefined,
        bytecode_cache=_bytecode_cache(),
        **_SETTINGS,  # type: ignore[arg-type]
    )
    env.filters["swig_string"] = swig_string
    env.filters["pystring"] = pystring
    env.filters["pyliteral"] = pyliteral
    env.globals["runtime"] = runtime
    return env


def render_interface(plan: ModulePlan) -> str:
    return _tidy(environment().get_template("module.i.j2").render(plan=_swig_readable(plan)))


def _swig_readable(plan: ModulePlan) -> ModulePlan:
    """The plan without the directives naming what SWIG's parser cannot name (a user-defined
    literal, `operator""_json_pointer`): the declaration view leaves those declarations out,
    and `%ignore ns::operator""_x;` is a syntax error. (The plan keeps them: the report says
    why each was left out.)"""
    return dataclasses.replace(
        plan,
        renames=tuple(r for r in plan.renames if swig_names(r.target)),
        ignores=tuple(i for i in plan.ignores if swig_names(i.target)),
        features=tuple(f for f in plan.features if swig_names(f.target)))


def render_stub(plan: ModulePlan) -> str:
    return _tidy(environment().get_template("module.pyi.j2").render(plan=plan))


def _tidy(text: str) -> str:
    """Collapse runs of blank lines to at most two and end with exactly one newline."""
    out: list[str] = []
    blank = 0
    for line in text.splitlines():
        blank = blank + 1 if not line.strip() else 0
        if blank <= 2:
            out.append(line.rstrip())
    return "\n".join(out).strip("\n") + "\n"
