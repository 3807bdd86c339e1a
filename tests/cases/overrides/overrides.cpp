#include "overrides.h"

#include <atomic>
#include <exception>
#include <thread>

namespace ov {

namespace {
std::atomic<int> g_live{0};
}

Node::Node(const std::string& name) : name_(name) {}
const std::string& Node::name() const { return name_; }
Node& Node::add(const std::string& name) {
  children_.push_back(std::make_unique<Node>(name));
  return *children_.back();
}
size_t Node::size() const { return children_.size(); }
const Node& Node::child(size_t i) const { return *children_.at(i); }

Visitor::~Visitor() = default;
void Visitor::leave(const Node&) { ++left; }

int walk(const Node& root, Visitor& visitor) {
  int entered = 1;
  if (visitor.enter(root)) {
    for (size_t i = 0; i < root.size(); ++i) entered += walk(root.child(i), visitor);
  }
  visitor.leave(root);
  return entered;
}

Handler::Handler() { ++g_live; }
Handler::~Handler() { --g_live; }
std::string Handler::name() const { return "handler"; }
int Handler::weight(int x) const noexcept { return x; }
int Handler::live() { return g_live.load(); }
std::vector<int> Handler::route(const std::vector<std::string>& path,
                                const std::map<std::string, double>&, Kind kind,
                                std::optional<int> limit) {
  return {static_cast<int>(path.size()), static_cast<int>(kind), limit.value_or(-1)};
}

int Doubler::handle(int event) { return 2 * event; }

Registry::Registry() = default;
Registry::~Registry() { clear(); }
void Registry::add(Handler* handler) { handlers_.push_back(handler); }
void Registry::adopt(std::unique_ptr<Handler> handler) { handlers_.push_back(handler.release()); }
int Registry::dispatch(int event) {
  int sum = 0;
  for (Handler* h : handlers_) sum += h->handle(event);
  return sum;
}
int Registry::dispatch_threads(int event) {
  std::vector<int> results(handlers_.size());
  std::vector<std::exception_ptr> errors(handlers_.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < handlers_.size(); ++i) {
    threads.emplace_back([&, i] {
      try {
        results[i] = handlers_[i]->handle(event);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  }
  for (auto& t : threads) t.join();
  int sum = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]);
    sum += results[i];
  }
  return sum;
}
int Registry::total_weight(int x) const {
  int sum = 0;
  for (Handler* h : handlers_) sum += h->weight(x);
  return sum;
}
std::string Registry::names() const {
  std::string out;
  for (Handler* h : handlers_) out += (out.empty() ? "" : ",") + h->name();
  return out;
}
void Registry::clear() {
  for (Handler* h : handlers_) delete h;
  handlers_.clear();
}
size_t Registry::size() const { return handlers_.size(); }

long call_many(Handler& handler, int n) {
  long sum = 0;
  for (int i = 0; i < n; ++i) sum += handler.handle(i);
  return sum;
}

int call_route(Handler& handler) {
  int sum = 0;
  for (int v : handler.route({"a", "b"}, {{"x", 1.5}}, Kind::mouse, std::nullopt)) sum += v;
  return sum;
}

int call_in_thread(Handler& handler, int event) {
  int result = 0;
  std::exception_ptr error;
  std::thread t([&] {
    try {
      result = handler.handle(event);
    } catch (...) {
      error = std::current_exception();
    }
  });
  t.join();
  if (error) std::rethrow_exception(error);
  return result;
}

}  // namespace ov
