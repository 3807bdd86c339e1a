// A write-through handle class shaped like yaml-cpp's Node: subscripts are member templates with
// non-template overloads, `obj[key] = v` assigns through the handle operator[] returns by value,
// free operators take a stream class by non-const reference, and ranges yield handles and pairs.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hd {

/// A handle on a node of a shared tree: a value, string-keyed children and indexed items.
/// Copies share the node; assignment writes the right-hand side's value into the node.
class Node {
public:
    Node();
    explicit Node(int value);
    Node(const Node&) = default;
    Node& operator=(const Node& rhs);
    template <typename T>
    Node& operator=(const T& rhs) {
        return *this = Node(rhs);
    }

    /// A child by key or an item by index; a missing one is created (undefined) on a
    /// non-const node, and is an invalid handle on a const one.
    template <typename Key>
    Node operator[](const Key& key) {
        return at(key, true);
    }
    template <typename Key>
    const Node operator[](const Key& key) const {
        return at(key, false);
    }
    /// A child keyed by another node's value.
    Node operator[](const Node& key);
    const Node operator[](const Node& key) const;

    Node operator+(int n) const;
    std::size_t size() const;
    int value() const;
    bool defined() const;
    bool valid() const;
    void push_back(const Node& item);

private:
    struct Data;
    explicit Node(std::shared_ptr<Data> data);
    Node at(const std::string& key, bool create) const;
    Node at(std::size_t index, bool create) const;
    std::shared_ptr<Data> data_;
};

bool operator==(const Node& a, const Node& b);

/// Nodes in order: iterating yields Node handles.
class Row {
public:
    void add(const Node& node) { nodes_.push_back(node); }
    std::vector<Node>::const_iterator begin() const { return nodes_.begin(); }
    std::vector<Node>::const_iterator end() const { return nodes_.end(); }

private:
    std::vector<Node> nodes_;
};

/// Nodes by name: iterating yields (name, Node) pairs, as a std::map's elements are.
class Table {
public:
    void set(const std::string& name, const Node& node) { nodes_.insert({name, node}); }
    std::map<std::string, Node>::const_iterator begin() const { return nodes_.begin(); }
    std::map<std::string, Node>::const_iterator end() const { return nodes_.end(); }

private:
    std::map<std::string, Node> nodes_;
};

/// Collects what is written to it.
class Stream {
public:
    void write(const std::string& text) { text_ += text; }
    std::string str() const { return text_; }

private:
    std::string text_;
};

/// Written to like a stream; not wrapped (the config ignores it).
class Sink {
public:
    int count = 0;
};

Stream& operator<<(Stream& out, const Node& node);
Sink& operator<<(Sink& out, const Node& node);

}  // namespace hd
