// Overridable virtuals: Python subclasses whose methods C++ calls (docs/callbacks.md).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ov {

/// A tree of named nodes, walked by a Visitor.
class Node {
 public:
  explicit Node(const std::string& name);
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  const std::string& name() const;
  /// Add a child named `name` and return it (owned by this node).
  Node& add(const std::string& name);
  size_t size() const;
  const Node& child(size_t i) const;

 private:
  std::string name_;
  std::vector<std::unique_ptr<Node>> children_;
};

/// Visits a tree: enter() each node (false skips its children), leave() it after them.
class Visitor {  // swiggen: overridable
 public:
  virtual ~Visitor();
  virtual bool enter(const Node& node) = 0;
  virtual void leave(const Node& node);
  /// How many leave() calls the C++ default saw.
  int left = 0;
};

/// Walk the tree depth-first; returns the number of nodes entered.
int walk(const Node& root, Visitor& visitor);

enum class Kind { key, mouse };

/// An event handler, implemented in Python and owned by a Registry.
class Handler {  // swiggen: overridable
 public:
  Handler();
  virtual ~Handler();
  virtual int handle(int event) = 0;
  virtual std::string name() const;
  /// The handler's weight for `x`; C++ cannot take an exception here.
  virtual int weight(int x) const noexcept;
  /// Values cross as Python values: a list, a dict, None or an int, an enum member.
  virtual std::vector<int> route(const std::vector<std::string>& path,
                                 const std::map<std::string, double>& scores, Kind kind,
                                 std::optional<int> limit);
  /// How many Handler objects (C++ or Python-implemented) are alive.
  static int live();
};

/// A C++ handler: Python can subclass it too (derived from an overridable class).
class Doubler : public Handler {
 public:
  int handle(int event) override;
};

/// Owns handlers and calls them.
class Registry {
 public:
  Registry();
  ~Registry();
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;
  /// Take ownership of `handler`: the registry deletes it.
  void add(Handler* handler);  // swiggen: disown(handler)
  /// The same, through a std::unique_ptr.
  void adopt(std::unique_ptr<Handler> handler);
  /// Call every handler with `event`; the sum of their results.
  int dispatch(int event);
  /// The same, the GIL released, each handler called on a C++ thread of its own.
  int dispatch_threads(int event);  // swiggen: nogil
  /// The sum of every handler's weight(x).
  int total_weight(int x) const;
  /// The names of the handlers, joined by ",".
  std::string names() const;
  /// Delete every handler.
  void clear();
  size_t size() const;

 private:
  std::vector<Handler*> handlers_;
};

/// Call `handler.handle(i)` for i in [0, n); the sum of the results (a C++ loop).
long call_many(Handler& handler, int n);

/// Call `handler.route(...)` with fixed arguments; the sum of the list it returns.
int call_route(Handler& handler);

/// Call `handler.handle(event)` on a new C++ thread, the GIL released; an exception the
/// handler throws comes back from here.
int call_in_thread(Handler& handler, int event);  // swiggen: nogil

/// A class with no virtual functions: `overridable` has no effect.
struct Plain {  // swiggen: overridable
  int value = 0;
};

}  // namespace ov
