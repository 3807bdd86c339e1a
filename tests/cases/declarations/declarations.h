// Declarations real headers hold that need more than a one-to-one SWIG mapping (issue #14):
// nested classes, anonymous enums, unions and structs, derived structs, names SWIG reserves,
// enums wider than int, defaults that name their namespace, exceptions named like builtins.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace decl {

/// Module constants from an anonymous enum.
enum { kSmall = 1, kLarge = 2 };

enum class Big : std::uint64_t { Zero = 0, Mid = 0x8000000000000000ull, Max = 0xFFFFFFFFFFFFFFFFull };
enum class Wide : std::int64_t { Low = -(1LL << 40), High = 1LL << 40 };
inline Big echo_big(Big b) { return b; }
inline Wide echo_wide(Wide w) { return w; }
inline bool is_max(Big b) { return b == Big::Max; }

class Tree {
public:
    enum { kMaxDepth = 8 };
    /// A node of the tree.
    struct Node {
        enum class Kind { Leaf, Inner };
        struct Tag {
            int id = 7;
        };
        int value = 1;
        Kind kind = Kind::Leaf;
    };
    Node root() const {
        Node n;
        n.value = root_;
        return n;
    }
    int value_of(const Node& n) const { return n.value; }
    Node::Kind kind_of(const Node& n) const { return n.kind; }
    Node::Tag tag() const { return Node::Tag(); }
    std::vector<Node> leaves() const { return std::vector<Node>(2); }
    void set_root(int v) { root_ = v; }
    struct Later;  // defined after the class
    int later_value(const Later& l) const;

private:
    int root_ = 1;
};
struct Tree::Later {
    int n = 9;
};
inline int Tree::later_value(const Later& l) const { return l.n; }

template <class T>
struct Box {  // swiggen: template(IntBox, int)
    struct Slot {
        T v;
    };
    Slot first() const { return Slot{value}; }
    T value{};
};

struct Variant {
    int kind = 0;
    union {
        int i;
        float f;
    };
    struct {
        int lo;
        int hi;
    };
    union {
        int bits;
        float real;
    } named;
};

struct Base {
    int a = 1;
};
struct Derived : Base {
    int d = 4;
};
struct MoreDerived : Derived {
    int e = 5;
};
class Holder : public Base {
public:
    int secret() const { return secret_; }

private:
    int secret_ = 3;
};

struct Weird {
    int thisown = 5;
    int count = 1;
};

constexpr int kDefault = 7;
inline double scaled(double x = 2 * kDefault) { return x; }
inline int flags(int f = kSmall | kLarge) { return f; }
inline int rows(std::size_t n = sizeof(std::vector<std::vector<int>>)) { return n == sizeof(std::vector<std::vector<int>>) ? 0 : static_cast<int>(n); }  // a default holding `>>`
struct Limits {
    static constexpr int kLimit = 3;
    int limit(int extra = kLimit + 1) const { return extra; }
};

struct RuntimeError : std::runtime_error {  // swiggen: exception
    explicit RuntimeError(const std::string& m) : std::runtime_error(m) {}
};
struct LogicError : RuntimeError {  // swiggen: exception
    explicit LogicError(const std::string& m) : RuntimeError(m) {}
};
struct Plain : std::runtime_error {  // swiggen: exception
    explicit Plain(const std::string& m) : std::runtime_error(m) {}
};
inline void fail(int which) {
    if (which == 0) throw LogicError("logic");
    if (which == 1) throw RuntimeError("runtime");
    if (which == 2) throw Plain("plain");
    throw std::runtime_error("std");
}

}  // namespace decl
