// A std::shared_ptr parameter takes shared ownership: an object Python only borrows (a pointer
// or reference result, held by SWIG with a null deleter) is refused there, unless its class
// knows its owner (enable_shared_from_this). spdlog's set_default_logger(default_logger_raw())
// freed the logger and then used it.
#pragma once
#include <memory>
#include <vector>

namespace kinds_shared {

struct SharedWidget {
    int id = 0;
    explicit SharedWidget(int i = 0) : id(i) {}
};

struct OwnedNode : std::enable_shared_from_this<OwnedNode> {
    int id = 0;
    explicit OwnedNode(int i = 0) : id(i) {}
};

class WidgetRegistry {
public:
    SharedWidget *current() { return current_.get(); }
    std::shared_ptr<SharedWidget> current_shared() { return current_; }
    /// Keeps `w`, dropping the one it had.
    void set_current(std::shared_ptr<SharedWidget> w) { current_ = std::move(w); }
    void keep(const std::shared_ptr<SharedWidget> &w) { kept_.push_back(w); }
    int kept() const { return static_cast<int>(kept_.size()); }
    OwnedNode &node() { return *node_; }
    void set_node(std::shared_ptr<OwnedNode> n) { node_ = std::move(n); }

private:
    std::shared_ptr<SharedWidget> current_ = std::make_shared<SharedWidget>(1);
    std::vector<std::shared_ptr<SharedWidget>> kept_;
    std::shared_ptr<OwnedNode> node_ = std::make_shared<OwnedNode>(2);
};

}  // namespace kinds_shared
