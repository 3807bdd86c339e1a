// Lifetimes: no crash, no leak, no dangling view, no lost write (issue 15). Every class counts
// its live C++ objects, so tests see each object deleted exactly once.
#pragma once
#include <cstddef>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace lt {

/// Live objects per counter: counts()[0] Nodes, [1] Docs, [2] Dbs, [3] Inners, [4] Cursors.
inline int* counts() { static int n[5] = {0, 0, 0, 0, 0}; return n; }
inline int live(int which) { return counts()[which]; }

/// A counted node.
struct Node {
    explicit Node(int value = 0) : value(value) { ++counts()[0]; }
    Node(const Node& o) : value(o.value) { ++counts()[0]; }
    ~Node() { --counts()[0]; }
    int value;
    int get() const { return value; }
};
inline int node_value(const Node& n) { return n.value; }

/// Owns the nodes it is given.
class Scene {
public:
    Scene() = default;
    Scene(const Scene&) = delete;
    ~Scene() { for (Node* n : nodes_) delete n; }
    void add(Node* node) { nodes_.push_back(node); }  // swiggen: disown(node)
    Node& at(int i) { return *nodes_.at(static_cast<std::size_t>(i)); }
    int size() const { return static_cast<int>(nodes_.size()); }
private:
    std::vector<Node*> nodes_;
};

class Doc;
/// Owned by its Doc: only the Doc deletes it.
class Leaf {
    friend class Doc;
public:
    int value() const { return v_; }
private:
    explicit Leaf(int v) : v_(v) {}
    ~Leaf() {}
    int v_;
};
class Doc {
public:
    Doc() : root_(new Leaf(42)) { ++counts()[1]; }
    Doc(const Doc&) = delete;
    ~Doc() { delete root_; --counts()[1]; }
    Leaf* root() { return root_; }
private:
    Leaf* root_;
};

/// Made by a Db, which must outlive it (like leveldb's iterators).
class Cursor {
public:
    explicit Cursor(int* open) : open_(open) { ++*open_; ++counts()[4]; }
    Cursor(const Cursor&) = delete;
    ~Cursor() { --*open_; --counts()[4]; }
    int position() const { return pos_; }
    void next() { ++pos_; }
private:
    int* open_;
    int pos_ = 0;
};
class Db {
public:
    Db() { ++counts()[2]; }
    Db(const Db&) = delete;
    ~Db() { if (open_ != 0) ++dropped_early(); --counts()[2]; }
    Cursor* cursor() { return new Cursor(&open_); }  // swiggen: newobject
    /// A node that refers to nothing of the Db's.
    Node* snapshot() const { return new Node(7); }  // swiggen: newobject, independent
    /// Dbs destroyed while a Cursor was open (each would be a use after free).
    static int& dropped_early() { static int n = 0; return n; }
private:
    friend class Reader;
    friend class LooseReader;
    int open_ = 0;
};

/// Refers to the Db it is built on (SQLiteCpp's Statement on its Database): a Db cannot be
/// copied, so the Reader keeps it alive without being told (lower/ownership.py).
class Reader {
public:
    explicit Reader(Db& db, int start = 0) : db_(db), pos_(start) { ++db_.open_; ++counts()[4]; }
    Reader(const Reader&) = delete;
    ~Reader() { --db_.open_; --counts()[4]; }
    int next() { return ++pos_; }
private:
    Db& db_;
    int pos_;
};

/// Built on a Db it does not keep (`independent`): the caller keeps the Db.
class LooseReader {
public:
    explicit LooseReader(const Db& db) : open_(db.open_) {}  // swiggen: independent
    int seen() const { return open_; }
private:
    int open_;
};

/// A destructor that throws when armed.
struct Fragile {
    explicit Fragile(bool armed = false) : armed(armed) {}
    ~Fragile() noexcept(false) { if (armed) throw std::runtime_error("Fragile threw"); }
    bool armed;
};
inline Fragile make_armed() { return Fragile(true); }
inline int take_fragile(Fragile f) { f.armed = false; return 1; }

/// An rvalue-reference result: the argument it refers to dies with the call.
inline Node&& pass_through(Node&& n) { return static_cast<Node&&>(n); }

/// Iterating copies each element; copying the element 3 throws.
struct Bomb {
    int v;
    explicit Bomb(int v) : v(v) {}
    Bomb(const Bomb& o) : v(o.v) { if (o.v == 3) throw std::runtime_error("copy of 3"); }
};
class Bombs {
public:
    Bombs() { items_.reserve(5); for (int i = 0; i < 5; ++i) items_.emplace_back(i); }
    std::vector<Bomb>::const_iterator begin() const { return items_.begin(); }
    std::vector<Bomb>::const_iterator end() const { return items_.end(); }
private:
    std::vector<Bomb> items_;
};

/// A field view: `outer.inner` keeps `outer` alive.
struct Inner {
    Inner() { ++counts()[3]; }
    Inner(const Inner&) { ++counts()[3]; }
    ~Inner() { --counts()[3]; }
    int x = 0;
};
struct Outer {
    Inner inner;
    int tag = 0;
};

/// A view over its constructor's argument (an implicit conversion must keep it alive).
class Slice {  // swiggen: implicit
public:
    Slice(const std::string& s) : data_(s.data()), size_(s.size()) {}
    Slice(const char* p) : data_(p), size_(std::strlen(p)) {}
    std::string str() const { return std::string(data_, size_); }
private:
    const char* data_;
    std::size_t size_;
};
inline std::string concat(const Slice& a, const Slice& b) { return a.str() + b.str(); }
inline std::string join(const std::vector<Slice>& parts) {
    std::string out;
    for (const Slice& p : parts) out += p.str();
    return out;
}

/// Stores a pointer to what it is given.
class Watcher {
public:
    explicit Watcher(const Node& n) : n_(&n) {}  // swiggen: keep_alive(n)
    void watch(const Node& other) { n_ = &other; }  // swiggen: keep_alive(other)
    int seen() const { return n_->value; }
private:
    const Node* n_;
};
/// A view over a C string it does not copy.
class Text {
public:
    explicit Text(const char* text) : text_(text) {}  // swiggen: keep_alive(text)
    std::string str() const { return text_; }
private:
    const char* text_;
};

/// A view over bytes it does not copy, as leveldb's Slice and RE2's StringPiece, with no
/// annotation: its constructors keep their text (and the view they copy) alive by themselves.
class Piece {
public:
    Piece() : data_(""), size_(0) {}
    Piece(const char* data, std::size_t size) : data_(data), size_(size) {}
    Piece(const char* text) : data_(text), size_(std::strlen(text)) {}  // NOLINT
    Piece(const Piece& other) = default;
    std::string str() const { return std::string(data_, size_); }
    std::size_t size() const { return size_; }
    Piece prefix(std::size_t n) const { return Piece(data_, n < size_ ? n : size_); }
private:
    const char* data_;
    std::size_t size_;
};
/// Takes a parameter of the same type and name as Piece's: keeps nothing alive.
inline std::size_t text_length(const char* text) { return std::strlen(text); }

/// A JSON-like value: operator[] inserts, the const one does not. Keyed by `const char*`
/// and by `std::string`, each with its own isMember (as jsoncpp's Json::Value).
class Value {
public:
    Value& operator[](const char* key) { return members_[key]; }
    const Value& operator[](const char* key) const { return (*this)[std::string(key)]; }
    bool isMember(const char* key) const { return members_.count(key) != 0; }
    Value& operator[](const std::string& key) { return members_[key]; }
    const Value& operator[](const std::string& key) const {
        auto it = members_.find(key);
        return it == members_.end() ? null() : it->second;
    }
    bool isMember(const std::string& key) const { return members_.count(key) != 0; }
    /// Array elements: the non-const overload grows the array, as jsoncpp's does.
    Value& operator[](unsigned index) {
        if (index >= items_.size()) items_.resize(index + 1);
        return items_[index];
    }
    const Value& operator[](unsigned index) const {
        return index < items_.size() ? items_[index] : null();
    }
    Value& operator[](int index) { return (*this)[static_cast<unsigned>(index)]; }
    const Value& operator[](int index) const {
        return static_cast<const Value&>(*this)[static_cast<unsigned>(index)];
    }
    void append(const Value& v) { items_.push_back(v); }
    void set(int v) { v_ = v; }
    int get() const { return v_; }
    std::size_t size() const { return members_.size() + items_.size(); }
private:
    static const Value& null() { static const Value n; return n; }
    std::map<std::string, Value> members_;
    std::vector<Value> items_;
    int v_ = 0;
};
/// Only a non-const `T& operator[]` (like std::map): a read is a view writes reach.
class Table {
public:
    Table() { rows_["a"] = Node(1); }
    Node& operator[](const std::string& key) { return rows_[key]; }
    std::size_t size() const { return rows_.size(); }
private:
    std::map<std::string, Node> rows_;
};

/// Slots whose C++ throws.
struct Faulty {
    bool empty() const { throw std::runtime_error("empty failed"); }
    std::size_t size() const { throw std::length_error("size failed"); }
    bool contains(int) const { throw std::out_of_range("contains failed"); }
    bool operator==(const Faulty&) const { throw std::invalid_argument("eq failed"); }
    bool operator<(const Faulty&) const { throw std::domain_error("lt failed"); }
    int operator[](std::size_t) const { throw std::overflow_error("item failed"); }
};
/// A handle into its Doc, returned by value (like pugixml's xml_node): it points into the
/// Doc, so Python must keep the Doc alive while a handle lives.
class Handle {  // swiggen: view
public:
    Handle() = default;
    explicit Handle(Doc* d) : doc_(d) {}
    int value() { return doc_ ? doc_->root()->value() : -1; }
    Handle self_handle() const { return *this; }
private:
    Doc* doc_ = nullptr;
};
/// Makes handles into a Doc.
inline Handle handle_of(Doc& d) { return Handle(&d); }
/// The same without `view`: constructed from a pointer, it is taken to hold one (swiggen
/// cannot see its private members), so results of it by value keep their maker alive too.
class Bookmark {
public:
    Bookmark() = default;
    explicit Bookmark(Doc* d) : doc_(d) {}
    int value() const { return doc_ ? doc_->root()->value() : -1; }
private:
    Doc* doc_ = nullptr;
};
/// Results made from a Doc argument: each keeps the Doc alive (invariant 5).
inline Handle handle_at(Doc* d) { return Handle(d); }
inline Bookmark bookmark_of(Doc& d) { return Bookmark(&d); }
inline Leaf& root_of(Doc& d) { return *d.root(); }
struct Docs {
    static Leaf& root(Doc& d) { return *d.root(); }
    static Bookmark bookmark(Doc* d) { return Bookmark(d); }
};
/// A new object made from its argument, which must outlive it.
inline Cursor* open_cursor(Db& db) { return db.cursor(); }  // swiggen: newobject
class Library {
public:
    Library() { ++counts()[1]; }
    Library(const Library&) = delete;
    ~Library() { --counts()[1]; }
    Handle open() { return Handle(&doc_); }
    Bookmark mark() { return Bookmark(&doc_); }
private:
    Doc doc_;
};

/// what() is not valid UTF-8.
inline void fail_bytes() { throw std::runtime_error(std::string("bad \xff byte")); }

}  // namespace lt
