// A POSIX-flavoured file API: out-parameters on overload sets, as C and C++ libraries declare
// them (one overload leaves its pointer unnamed, another has no out at all). swiggen.toml names
// the whole set with out(n): it applies to the overloads that have an `n`.
#pragma once

#include <string>

namespace ovl {

/// Bytes waiting on descriptor `fd`, written to `*n`; returns 0, or -1 for a bad descriptor.
int read(int fd, int* n);
/// The descriptor's position (no out).
int read(int fd);
/// Bytes in the file at `path`; the header leaves the count unnamed.
int read(const char* path, int*);

/// Moves `*cursor` on by `step` (1 when not given); the set's inout(cursor) applies to both.
void advance(int* cursor);
void advance(int* cursor, int step);
/// Advances the global cursor (no parameter at all).
int advance();

/// A word index in the manner of a search library: lookups by word fill an out.
class Index {
public:
    Index();
    /// A header annotation on one overload: the other is left alone.
    int lookup(const std::string& word, int* position) const;  // swiggen: out(position)
    int lookup(int id) const;
    /// The config key names both: out(pos) where there is a `pos`, false_is everywhere.
    bool find(const std::string& word, int* pos) const;
    bool find(int id) const;
};

/// Another class's `bool find`: false_is on Index::find leaves it alone.
class Catalog {
public:
    bool find(int id) const;
};

/// Options a reader may be given.
struct Options {
    int buffer = 4096;
};

/// nullable(opts) on the key naming every constructor: only the second has `opts`.
class Reader {
public:
    explicit Reader(const std::string& path);
    Reader(int fd, const Options* opts);
    int buffer() const;

private:
    int buffer_;
};

}  // namespace ovl
