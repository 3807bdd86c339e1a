#include "handles.h"

#include <stdexcept>

namespace hd {

struct Node::Data {
    int value = 0;
    bool defined = false;
    std::map<std::string, std::shared_ptr<Data>> children;
    std::vector<std::shared_ptr<Data>> items;
};

Node::Node() : data_(std::make_shared<Data>()) {}
Node::Node(int value) : data_(std::make_shared<Data>()) {
    data_->value = value;
    data_->defined = true;
}
Node::Node(std::shared_ptr<Data> data) : data_(std::move(data)) {}

Node& Node::operator=(const Node& rhs) {
    if (!data_ || !rhs.data_) throw std::invalid_argument("invalid node");
    data_->value = rhs.data_->value;
    data_->defined = rhs.data_->defined;
    return *this;
}

Node Node::at(const std::string& key, bool create) const {
    if (!data_) throw std::invalid_argument("invalid node");
    auto it = data_->children.find(key);
    if (it != data_->children.end()) return Node(it->second);
    if (!create) return Node(std::shared_ptr<Data>());
    auto child = std::make_shared<Data>();
    data_->children[key] = child;
    return Node(child);
}

Node Node::at(std::size_t index, bool create) const {
    if (!data_) throw std::invalid_argument("invalid node");
    if (index < data_->items.size()) return Node(data_->items[index]);
    if (!create) return Node(std::shared_ptr<Data>());
    data_->items.resize(index + 1);
    for (auto& item : data_->items)
        if (!item) item = std::make_shared<Data>();
    return Node(data_->items[index]);
}

Node Node::operator[](const Node& key) { return at(std::to_string(key.value()), true); }
const Node Node::operator[](const Node& key) const {
    return at(std::to_string(key.value()), false);
}

Node Node::operator+(int n) const { return Node(value() + n); }
std::size_t Node::size() const { return data_ ? data_->items.size() : 0; }
int Node::value() const { return data_ ? data_->value : -1; }
bool Node::defined() const { return data_ && data_->defined; }
bool Node::valid() const { return static_cast<bool>(data_); }
void Node::push_back(const Node& item) {
    if (!data_ || !item.data_) throw std::invalid_argument("invalid node");
    data_->items.push_back(item.data_);
}

bool operator==(const Node& a, const Node& b) { return a.value() == b.value(); }

Stream& operator<<(Stream& out, const Node& node) {
    out.write(std::to_string(node.value()) + ";");
    return out;
}

Sink& operator<<(Sink& out, const Node& node) {
    out.count += node.value();
    return out;
}

}  // namespace hd
