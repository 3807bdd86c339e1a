// Names Python's own headers define as macros before 3.12 (structmember.h: T_CHAR, T_INT,
// READONLY): xerces-c's `Token::T_CHAR` enumerator. The wrapper undefines them before the
// wrapped headers (interfaces/python/structmember.swg).
#pragma once

namespace kinds {
struct Token {
    enum tokType { T_CHAR = 0, T_STRING = 1, T_OBJECT = 2 };
    enum Access { READONLY = 5, RESTRICTED = 6 };
    tokType kind = T_STRING;
};
inline int token_code(Token::tokType t) { return static_cast<int>(t) + 10; }
}  // namespace kinds
