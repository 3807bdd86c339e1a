// Const and non-const twins of more than one overload (tinyxml's `TiXmlNode *FirstChild()` and
// `const TiXmlNode *FirstChild() const`, and the same pair taking a name): one wrapper per
// overload, and one twin registration for the name they share (two were a redefinition in the
// wrapper: tinyxml's module did not compile).
#pragma once

namespace ot {
class Node {
public:
    Node() = default;
    ~Node() { delete child_; }
    Node(const Node &) = delete;
    Node &operator=(const Node &) = delete;
    Node *first() { return child_; }
    const Node *first() const { return child_; }
    Node *first(const char *name) { return name && *name ? child_ : nullptr; }
    const Node *first(const char *name) const { return name && *name ? child_ : nullptr; }
    Node *add() {
        if (!child_) child_ = new Node();
        return child_;
    }
    int depth() const { return child_ ? 1 + child_->depth() : 0; }

private:
    Node *child_ = nullptr;
};
}  // namespace ot
