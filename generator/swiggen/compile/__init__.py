"""compile: building the extension from the wrapper: compiling and linking (extension), the
tools (toolchain), the precompiled prelude (pch), which split units a header edit affects
(headerdiff), undefined symbols after linking (symbols), and the parse stamp (stamps).

Named `compile`, not `build`: `build/` is the build output folder everywhere else (.gitignore,
ruff's and other tools' default excludes)."""
