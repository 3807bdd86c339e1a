// A pointer or reference result may belong to any object the call was given, not only to `self`
// (docs/safety.md, 5): tinyxml2's `node.ShallowClone(XMLDocument* document)` returns a node the
// document passed owns, and `XMLDocument().NewText('a').ShallowClone(XMLDocument()).Value()`
// read a node of a freed document. Such a result keeps the class pointer and reference arguments
// alive too, in a method, a static method and a free function, by pointer and by reference; None
// is kept by nothing. And a class that clears all it made (`clear()`, tinyxml2's
// `XMLDocument::Clear()`) clears the views of it first: using one raises ReferenceError.
#pragma once
#include <vector>

namespace ro {
inline int &pools_alive() { static int n = 0; return n; }
class PoolItem {
public:
    explicit PoolItem(int v) : value(v) {}
    int value;
};
// owns the items it makes, as a document its nodes; cannot be copied
class NodePool {
public:
    NodePool() { ++pools_alive(); }
    NodePool(const NodePool &) = delete;
    NodePool &operator=(const NodePool &) = delete;
    ~NodePool() { clear(); --pools_alive(); }
    PoolItem *make(int v) { items_.push_back(new PoolItem(v)); return items_.back(); }
    void clear() {
        for (PoolItem *i : items_) delete i;
        items_.clear();
    }
    int size() const { return static_cast<int>(items_.size()); }
private:
    std::vector<PoolItem *> items_;
};
class Cloner {
public:
    int seed = 7;
    // a method: the result is the pool's, not `self`'s (None: no pool, no item)
    PoolItem *clone_into(NodePool *pool = nullptr) const { return pool ? pool->make(seed) : nullptr; }
    PoolItem &clone_ref(NodePool &pool) const { return *pool.make(seed); }
    // `borrowed` on a method says `self` owns the result: the pool is not kept
    PoolItem *peek(NodePool *pool) const { return pool->make(-seed); }  // swiggen: borrowed
    // a static method and a free function, the pool not first
    static PoolItem *make_in(int v, NodePool *pool) { return pool->make(v); }  // swiggen: borrowed
};
inline PoolItem &put_into(int v, NodePool &pool) { return *pool.make(v); }
// the first argument was kept before; the second is now
inline PoolItem &copy_into(const PoolItem &like, NodePool &pool) { return *pool.make(like.value); }
}  // namespace ro
