"""swig: running SWIG on NAME.i (run) and post-processing the NAME_wrap.cxx it writes: the
calling convention (fastcall), type objects, free lists, scalar conversions, argument errors,
docstring signatures, director fixes, what the rewrites did (rewrites), and the split into
translation units (split, splitnames). `swigshapes` holds the text shapes they recognise."""
