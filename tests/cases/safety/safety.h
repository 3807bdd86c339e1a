// The memory-safety invariants of docs/safety.md, each over a family of declarations: every
// site a value crosses (free function, overload, method, static, constructor, operator, field,
// template instance, C function) with every kind of parameter (by value, reference, pointer).
// The families are stamped by macros, one line per site; the tests are parametrised the same way.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace sf {

struct Item {
    int n = 7;
};

// ---- 1. None never reaches a parameter that is not nullable ----------------------------------
// X(kind, parameter, a read through it): every function below reads through its argument.
#define SF_KINDS(X, T)                                                                        \
    X(value, T x, x.n) X(ref, T& x, x.n) X(cref, const T& x, x.n) X(ptr, T* x, x->n)           \
    X(cptr, const T* x, x->n) X(rref, T&& x, x.n)

#define SF_FREE(K, P, U) inline int free_##K(P) { return U; }
SF_KINDS(SF_FREE, Item)

#define SF_OVERLOAD(K, P, U) inline int over_##K(P) { return U; } inline int over_##K(int i) { return -i; }
SF_KINDS(SF_OVERLOAD, Item)

struct Host {
#define SF_METHOD(K, P, U) int method_##K(P) const { return U; } static int static_##K(P) { return U; }
    SF_KINDS(SF_METHOD, Item)
    // one operator per kind of operand
    int operator+(Item x) const { return x.n; }
    int operator-(Item& x) const { return x.n; }
    int operator*(const Item& x) const { return x.n; }
    int operator/(Item* x) const { return x->n; }
    int operator%(const Item* x) const { return x->n; }
    int operator^(Item&& x) const { return x.n; }
};

#define SF_CTOR(K, P, U) struct Make_##K { explicit Make_##K(P) : n(U) {} int n; };
SF_KINDS(SF_CTOR, Item)

template <class T>
struct Holder {  // swiggen: template(ItemHolder, sf::Item)
#define SF_TEMPLATE(K, P, U) int take_##K(P) const { return U; }
    SF_KINDS(SF_TEMPLATE, T)
};

/// A pointer whose default is null takes None.
inline int maybe(const Item* x = nullptr) { return x ? x->n : -1; }

/// A by-value field refuses None; a pointer field is set to null by it.
struct Fields {
    Item item;
    Item* ptr = nullptr;
};

// None is no empty smart pointer either: a std::unique_ptr / std::shared_ptr parameter, by value
// or by reference, at every site.
/// Passed as std::unique_ptr.
struct Owned {
    int n = 8;
};
/// Passed (and so held) as std::shared_ptr.
struct Shared {
    int n = 9;
};
#define SF_SMART_KINDS(X)                                                                     \
    X(unique, std::unique_ptr<Owned> x, x->n) X(unique_rref, std::unique_ptr<Owned>&& x, x->n) \
    X(unique_cref, const std::unique_ptr<Owned>& x, x->n)                                     \
    X(shared, std::shared_ptr<Shared> x, x->n) X(shared_ref, std::shared_ptr<Shared>& x, x->n) \
    X(shared_cref, const std::shared_ptr<Shared>& x, x->n)
SF_SMART_KINDS(SF_FREE)
SF_SMART_KINDS(SF_OVERLOAD)
SF_SMART_KINDS(SF_CTOR)
struct SmartHost {
    SF_SMART_KINDS(SF_METHOD)
    int operator+(std::shared_ptr<Shared> x) const { return x->n; }
    int operator-(std::unique_ptr<Owned> x) const { return x->n; }
};
template <class T>
struct SmartHolder {  // swiggen: template(OwnedHolder, sf::Owned)
    int take_unique(std::unique_ptr<T> x) const { return x->n; }
    int take_unique_cref(const std::unique_ptr<T>& x) const { return x->n; }
};
/// Where null is meaningful: an empty default, or `nullable`.
inline int maybe_unique(std::unique_ptr<Owned> x = nullptr) { return x ? x->n : -1; }
inline int maybe_shared(std::shared_ptr<Shared> x = {}) { return x ? x->n : -1; }
inline int maybe_shared_cref(const std::shared_ptr<Shared>& x = std::shared_ptr<sf::Shared>()) {
    return x ? x->n : -1;
}
/// Marked: takes None.
inline int marked_unique(std::unique_ptr<Owned> x) {  // swiggen: nullable(x)
    return x ? x->n : -1;
}
/// A smart pointer field is emptied by None, as a pointer field is set to null.
struct SmartFields {
    std::shared_ptr<Shared> shared;
};

// ---- 2. Text: a str is never writable memory; what a view points into lives as long -------
/// Writes `len` bytes into `buf` (a C API that fills its `char*` argument).
inline int fill(char* buf, std::size_t len) { std::memset(buf, 'z', len); return 0; }
/// Overloaded with a number.
inline int refill(char* buf, std::size_t len) { std::memset(buf, 'o', len); return 1; }
inline int refill(int n) { return -n; }
struct Writer {
    int fill(char* buf, std::size_t len) const { std::memset(buf, 'y', len); return 2; }
    static int sfill(char* buf, std::size_t len) { std::memset(buf, 'x', len); return 3; }
};
/// Reads its `char*` only (old C APIs seldom say const): a str works.
inline std::size_t length_of(char* text) { return std::strlen(text); }
/// Frees its argument (a C library's deallocator): Python holds no memory C may free.
inline void release_text(char* text) { std::free(text); }

/// Views into their constructor's text, one per kind of text parameter.
#define SF_VIEW(NAME, P, DATA, SIZE)                                                          \
    class NAME {                                                                              \
    public:                                                                                   \
        explicit NAME(P) : p_(DATA), n_(SIZE) {}                                              \
        std::string text() const { return std::string(p_, n_); }                              \
    private:                                                                                  \
        const char* p_;                                                                       \
        std::size_t n_;                                                                       \
    };
SF_VIEW(ViewConstChars, const char* s, s, std::strlen(s))
SF_VIEW(ViewChars, char* s, s, std::strlen(s))
SF_VIEW(ViewString, const std::string& s, s.data(), s.size())
SF_VIEW(ViewStringView, std::string_view s, s.data(), s.size())

// ---- 3. Copies only when a copy is safe -------------------------------------------------------
struct Priv {
    int n = 5;
};
/// Its destructor frees what its implicit copy constructor would share: not copied.
struct Owning {
    Owning() : priv(new Priv) {}
    ~Owning() { delete priv; }
    int n() const { return priv->n; }
    Priv* priv;
};
/// The same with a deep copy of its own: copied.
struct DeepOwning {
    DeepOwning() : priv(new Priv) {}
    DeepOwning(const DeepOwning& o) : priv(new Priv(*o.priv)) {}
    DeepOwning& operator=(const DeepOwning& o) { *priv = *o.priv; return *this; }
    ~DeepOwning() { delete priv; }
    int n() const { return priv->n; }
    Priv* priv;
};
/// An empty destructor frees nothing: copied.
struct Borrowing {
    ~Borrowing() {}
    Priv* priv = nullptr;
};
/// A destructor defined in a source file may free anything: not copied.
struct Opaque {
    Opaque();
    ~Opaque();
    Priv* priv;
};
/// A member whose copy is shallow makes this class's copy shallow: not copied, the field not
/// assigned.
struct HasOwning {
    Owning owning;
    int tag = 0;
};
/// So does a base.
struct FromOwning : Owning {
    int tag = 0;
};

// ---- 4. Iteration is bounded -----------------------------------------------------------------
/// operator[] without size(): not iterable.
struct Unsized {  // (not only doubles: no bound from its layout, tests/kinds/fixed_extent.h)
    double v[3] = {1, 2, 3};
    int reads = 0;
    double operator[](int i) const { return v[i]; }
};
/// Keyed by text, without size(): not iterable either.
struct Keyed {
    int operator[](const std::string& key) const { return static_cast<int>(key.size()); }
};
/// operator[] and size(): iterates over size() elements.
struct Sized {
    double v[3] = {1, 2, 3};
    double operator[](int i) const { return v[i]; }
    std::size_t size() const { return 3; }
};

// ---- 6. Enums take only their values -------------------------------------------------------
enum class Shade { Light, Mid, Dark };
/// Used as flags (its values are bits): any combination of them.
enum Perm { PERM_READ = 1, PERM_WRITE = 2, PERM_EXEC = 4 };
/// Values that do not look like bits, but a bitwise operator says it is flags.
enum class Mask : unsigned { Empty = 0, X = 1, Y = 2 };
inline Mask operator|(Mask a, Mask b) {
    return static_cast<Mask>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
inline int mask_bits(Mask m) { return static_cast<int>(m); }
inline int shade_value(Shade s) { return static_cast<int>(s); }
inline int shade_cref(const Shade& s) { return static_cast<int>(s); }
inline int perms(Perm p) { return static_cast<int>(p); }
struct Painter {
    Shade shade = Shade::Light;
    int paint(Shade s) const { return static_cast<int>(s); }
    static int spaint(Shade s) { return static_cast<int>(s); }
};

// ---- 8. An index fits its operator's index type ---------------------------------------------
// X(name, index parameter): every integer width and signedness. Each class records in `last`
// the index its operator[] was given; a Python index that does not fit would arrive wrapped.
#define SF_INDEX_TYPES(X)                                                                     \
    X(Schar, signed char i) X(Uchar, unsigned char i) X(Short, short i)                       \
    X(Ushort, unsigned short i) X(Int, int i) X(Uint, unsigned i) X(Long, long i)             \
    X(Ulong, unsigned long i) X(Llong, long long i) X(Ullong, unsigned long long i)
/// What the sized classes report: more elements than the 8- and 16-bit index types count.
constexpr std::size_t kHuge = 70000;
/// The elements of the classes below, and the index their operator[] was last given.
struct Cells {
    double v[4] = {1, 2, 3, 4};
    long long last = -1;
};
/// The same with elements of class type.
struct ItemCells {
    long long last = -1;
protected:
    Item items_[4];
};
// Unsized: no size() (only a negative index is refused); Sized: with a size() past the index
// type's range (bounds-checked, and then the index must still fit); Items: elements of class
// type, through a reference (views, reached through the wrapped method).
#define SF_INDEXED(N, P)                                                                      \
    struct Unsized##N : Cells {                                                               \
        double& operator[](P) { last = static_cast<long long>(i); return v[i & 3]; }          \
    };                                                                                        \
    struct Sized##N : Cells {                                                                 \
        double& operator[](P) { last = static_cast<long long>(i); return v[i & 3]; }          \
        std::size_t size() const { return kHuge; }                                            \
    };                                                                                        \
    struct Items##N : ItemCells {                                                             \
        Item& operator[](P) { last = static_cast<long long>(i); return items_[i & 3]; }       \
        std::size_t size() const { return kHuge; }                                            \
    };
SF_INDEX_TYPES(SF_INDEXED)

/// An unsigned index beside a text key (jsoncpp's Value): a mapping whose int keys are indices
/// (negative from the end).
struct Mixed : Cells {
    double& operator[](unsigned short i) { last = i; return v[i & 3]; }
    int operator[](const std::string& key) const { return static_cast<int>(key.size()); }
    std::size_t size() const { return kHuge; }
};
/// The same with elements of class type (views, bounds-checked).
struct MixedItems : ItemCells {
    Item& operator[](unsigned char i) { last = i; return items_[i & 3]; }
    int operator[](const std::string& key) const { return static_cast<int>(key.size()); }
    std::size_t size() const { return kHuge; }
};
/// An index taken by reference.
struct RefIndexed {
    double v[4] = {1, 2, 3, 4};
    mutable long long last = -1;
    double operator[](const unsigned short& i) const { last = i; return v[i & 3]; }
};

}  // namespace sf

// C declarations: a struct by value and by pointer.
extern "C" {
struct sf_citem {
    int n;
};
inline int sf_c_value(struct sf_citem x) { return x.n; }
inline int sf_c_ptr(const struct sf_citem* x) { return x->n; }
}
