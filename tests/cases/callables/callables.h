// Callbacks (issue 22): std::function parameters, fields and results, and C callbacks with
// user data, called from C++ (sorts, sorted containers, listeners, threads).
#pragma once
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace cb {

/// A C++ object handed to callbacks by reference (counted: live_events()).
struct Event {
  int code = 0;
  std::string name;
  Event();
  Event(const Event &other);
  ~Event();
};
int live_events();

int apply(std::function<int(int)> f, int x);
double fold(const std::vector<double> &values, std::function<double(double, double)> op,
            double start);
std::string greet(const std::function<std::string(const std::string &, int)> &f);
/// Calls `f` with a fresh Event by reference; returns the code the callback left in it.
int dispatch(const std::function<void(Event &)> &f, int code);
/// Calls `f` with a copy of an Event, `n` times; returns the sum of its results.
long repeat(std::function<int(Event)> f, int n);
std::vector<std::string> sorted_by(const std::vector<std::string> &items,
                                   std::function<bool(const std::string &, const std::string &)> less);
/// The C++ loop of the benchmark: calls `f(i)` n times.
long long sum_calls(const std::function<long long(long long)> &f, long long n);
int apply_noexcept(const std::function<int(int)> &f, int x) noexcept;
/// Calls `f(x)` from a new C++ thread while the GIL is released.
int apply_in_thread(std::function<int(int)> f, int x);  // swiggen: nogil

std::function<int(int)> adder(int n);
std::function<std::string(const std::string &)> suffix(const std::string &s);
/// Whether `f` is the std::function adder() made (not a Python callable wrapping it).
bool is_native(const std::function<int(int)> &f);
/// A plain function of the same signature: passed as a std::function, C++ calls it directly.
int twice(int v);
/// Whether `f` holds a plain C++ function (twice), not a Python callable.
bool holds_function(const std::function<int(int)> &f);

/// A sorted container with a Python-given order.
class SortedBag {
 public:
  explicit SortedBag(std::function<bool(int, int)> less);
  void add(int v);
  std::vector<int> items() const;
  int size() const;

 private:
  std::set<int, std::function<bool(int, int)>> items_;
};

struct Button {
  std::string label;
  std::function<void(const std::string &)> on_click;
  bool click() const;
};

// -- C callbacks with user data ---------------------------------------------------------------

typedef void (*listener_fn)(void *user, int event);
/// Registers `cb`: called by emit() until remove_listener(cb, user).
void add_listener(listener_fn cb, void *user);  // swiggen: callback(cb, user, until=remove_listener)
void remove_listener(listener_fn cb, void *user);
/// Calls every listener with `event`; returns how many there are.
int emit(int event);

/// qsort-style: sorts with a comparator taking user data (qsort_r).
std::vector<int> sort_ints(std::vector<int> values,
                           int (*compare)(const int *a, const int *b, void *user), void *user);
/// Visits each event, the user data first (found by shape).
int for_each_event(int n, void (*visit)(void *ctx, const Event &e), void *ctx);
/// Calls visit(ctx, i) for i in [0, n) on a new C++ thread, the GIL released.
int each_in_thread(int n, void (*visit)(void *ctx, int i), void *ctx);  // swiggen: nogil

/// rtmidi's shape: a method's callback pair whose C++ defaults are null. Leaving it out, or
/// None, passes the null pointers (no handler); `fail` calls the handler if there is one.
typedef void (*error_fn)(int code, const char *text, void *user);
class Device {
public:
  void set_error_callback(error_fn cb = nullptr, void *user = nullptr);
  bool fail(int code);

private:
  error_fn cb_ = nullptr;
  void *user_ = nullptr;
};
/// The same as a free function, with a named parameter after the pair.
int count_to(int n, void (*each)(void *ctx, int i) = nullptr, void *ctx = nullptr, int step = 1);

typedef void (*signal_fn)(int);
/// A function pointer without user data: the module's functions of its type pass
/// (record_signal), and C++ calls them directly.
void on_signal(void (*handler)(int));
/// Calls the handler on_signal() was given (through the typedef); false if there is none.
bool raise_signal(signal_fn handler, int signal);
bool raise_signal(int signal);
/// A function of that type, and what it saw.
void record_signal(int signal);
int recorded_signals();
/// A function pointer without user data whose type no function of the module has: left out.
void on_progress(void (*progress)(double));  // expect SG332

}  // namespace cb
