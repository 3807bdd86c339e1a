"""parse: C++ headers -> the model (swiggen/model.py), with libclang, and the annotation grammar.

`header.parse_header` walks a header's translation unit; the other modules read what it needs:
C++ types (cxxtypes) and their spelling in the declaration view (declspell), class traits,
default arguments, the header's constant macros (macroscan), comments and the directive grammar
(comments, annotations), umbrella headers, the header's declarations as segments, and the parse
cache. This package's __init__ imports nothing: `annotations` is read without libclang.
"""
