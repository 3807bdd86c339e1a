"""Reading annotations and docstrings from header text (generator/swiggen/parse/comments.py)."""

from __future__ import annotations

from swiggen.parse.comments import CommentIndex, split_lines

HEADER = '''\
// plain comment
/// Adds two numbers.
/// swiggen: rename(add2)
int add(int a, int b);
const char* s = "// not a comment";  // swiggen: ignore
/**
 * Block doc.
 *
 * swiggen: rename(blk)
 */
int blk();

int x;  ///< trailing doc
// swiggen: ignore

int y;
'''


def test_split_lines_knows_strings_and_blocks() -> None:
    lines = split_lines(HEADER)
    assert lines[4].code == 'const char* s = "// not a comment";'
    assert lines[4].comment == "swiggen: ignore"
    assert lines[6].has_comment and not lines[6].code  # inside the block comment
    assert lines[12].trailing_doc and lines[12].comment == "trailing doc"


def test_doc_and_annotation_above() -> None:
    att = CommentIndex(HEADER).attached(4, 4)
    assert att.doc == "Adds two numbers."
    assert att.annotations == ((3, "rename(add2)"),)


def test_block_comment_doc_without_the_annotation_line() -> None:
    att = CommentIndex(HEADER).attached(11, 11)
    assert att.doc == "Block doc."
    assert att.annotations == ((9, "rename(blk)"),)


def test_trailing_annotation_and_trailing_doc() -> None:
    idx = CommentIndex(HEADER)
    assert idx.attached(5, 5).annotations == ((5, "ignore"),)
    assert idx.attached(13, 13).doc == "trailing doc"


def test_blank_line_detaches_a_comment() -> None:
    idx = CommentIndex(HEADER)
    assert idx.attached(16, 16).annotations == ()  # line 14's annotation is followed by a blank
    assert 14 in idx.annotation_lines()
