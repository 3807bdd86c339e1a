#include "callables.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <thread>
#include <utility>

namespace cb {

static int live = 0;
Event::Event() { ++live; }
Event::Event(const Event &other) : code(other.code), name(other.name) { ++live; }
Event::~Event() { --live; }
int live_events() { return live; }

int apply(std::function<int(int)> f, int x) { return f(x); }
double fold(const std::vector<double> &values, std::function<double(double, double)> op,
            double start) {
  for (double v : values) start = op(start, v);
  return start;
}
std::string greet(const std::function<std::string(const std::string &, int)> &f) {
  return f("world", 2);
}
int dispatch(const std::function<void(Event &)> &f, int code) {
  Event e;
  e.code = code;
  e.name = "click";
  f(e);
  return e.code;
}
long repeat(std::function<int(Event)> f, int n) {
  long total = 0;
  Event e;
  for (int i = 0; i < n; ++i) {
    e.code = i;
    total += f(e);
  }
  return total;
}
std::vector<std::string> sorted_by(
    const std::vector<std::string> &items,
    std::function<bool(const std::string &, const std::string &)> less) {
  std::vector<std::string> out = items;
  std::sort(out.begin(), out.end(), less);
  return out;
}
long long sum_calls(const std::function<long long(long long)> &f, long long n) {
  long long total = 0;
  for (long long i = 0; i < n; ++i) total += f(i);
  return total;
}
int apply_noexcept(const std::function<int(int)> &f, int x) noexcept { return f(x); }
int apply_in_thread(std::function<int(int)> f, int x) {
  int result = 0;
  std::exception_ptr error;
  std::thread t([&]() {
    try {
      result = f(x);
    } catch (...) {
      error = std::current_exception();
    }
  });
  t.join();
  if (error) std::rethrow_exception(error);
  return result;
}

std::function<int(int)> adder(int n) {
  return [n](int v) { return v + n; };
}
std::function<std::string(const std::string &)> suffix(const std::string &s) {
  return [s](const std::string &v) { return v + s; };
}
bool is_native(const std::function<int(int)> &f) {
  return f && f.target_type() == adder(0).target_type();
}

int twice(int v) { return 2 * v; }
bool holds_function(const std::function<int(int)> &f) {
  return f.target<int (*)(int)>() != nullptr;
}

SortedBag::SortedBag(std::function<bool(int, int)> less) : items_(std::move(less)) {}
void SortedBag::add(int v) { items_.insert(v); }
std::vector<int> SortedBag::items() const { return {items_.begin(), items_.end()}; }
int SortedBag::size() const { return (int)items_.size(); }

bool Button::click() const {
  if (!on_click) return false;
  on_click(label);
  return true;
}

static std::vector<std::pair<listener_fn, void *>> listeners;
void add_listener(listener_fn cb, void *user) { listeners.emplace_back(cb, user); }
void remove_listener(listener_fn cb, void *user) {
  for (auto it = listeners.begin(); it != listeners.end(); ++it) {
    if (it->first == cb && it->second == user) {
      listeners.erase(it);
      return;
    }
  }
}
int emit(int event) {
  auto now = listeners;  // a listener may unregister itself
  for (auto &l : now) l.first(l.second, event);
  return (int)listeners.size();
}

std::vector<int> sort_ints(std::vector<int> values,
                           int (*compare)(const int *a, const int *b, void *user), void *user) {
#ifdef __GLIBC__
  qsort_r(values.data(), values.size(), sizeof(int),
          reinterpret_cast<int (*)(const void *, const void *, void *)>(compare), user);
#else
  std::sort(values.begin(), values.end(),
            [&](int a, int b) { return compare(&a, &b, user) < 0; });
#endif
  return values;
}
void Device::set_error_callback(error_fn cb, void *user) {
  cb_ = cb;
  user_ = user;
}
bool Device::fail(int code) {
  if (!cb_) return false;
  cb_(code, "failed", user_);
  return true;
}

int count_to(int n, void (*each)(void *ctx, int i), void *ctx, int step) {
  int calls = 0;
  for (int i = 0; i < n; i += step, ++calls)
    if (each) each(ctx, i);
  return calls;
}

int for_each_event(int n, void (*visit)(void *ctx, const Event &e), void *ctx) {
  Event e;
  for (int i = 0; i < n; ++i) {
    e.code = i;
    visit(ctx, e);
  }
  return n;
}

int each_in_thread(int n, void (*visit)(void *ctx, int i), void *ctx) {
  std::thread t([&]() {
    for (int i = 0; i < n; ++i) visit(ctx, i);
  });
  t.join();
  return n;
}

static void (*signal_handler)(int) = nullptr;
void on_signal(void (*handler)(int)) { signal_handler = handler; }
bool raise_signal(signal_fn handler, int signal) {
  handler(signal);
  return true;
}
bool raise_signal(int signal) {
  if (!signal_handler) return false;
  signal_handler(signal);
  return true;
}
static int signals_seen = 0;
void record_signal(int signal) { signals_seen += signal; }
int recorded_signals() { return signals_seen; }
void on_progress(void (*progress)(double)) { progress(1.0); }

}  // namespace cb
