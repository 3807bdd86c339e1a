// Free functions: namespaces, overloads, default and keyword arguments, scalar conversions.
#pragma once
#include <string>

namespace fn {

/// Add two integers.
int add(int a, int b);
/// Deleted: not an overload, so `add` keeps its keyword arguments.
int add(double a, double b) = delete;
/// A deleted function is not wrapped at all.
void never(int) = delete;

/// Named like a Python keyword: `lambda_` in Python.
int lambda(int x);
/// A parameter named like a Python keyword: the keyword argument is `from_`.
int shift(int from, int by = 1);

/// Scale `x` by `factor`, `times` times.
double scale(double x, double factor = 2.0, int times = 1);

std::string greet(const std::string& name, const std::string& greeting = "Hello");

/// Overloads are dispatched on the Python argument types.
int pick(int x);
double pick(double x);
std::string pick(const std::string& s);

int count_args(int a, int b = 1);
int count_args(const std::string& s);

long long big(long long v);
unsigned int nonneg(unsigned int v);
bool negate(bool b);
float halve(float f);
char first_char(const std::string& s);
/// A char parameter takes a str of one character.
int char_code(char c);
const char* c_name();

int plain_noexcept(int v) noexcept;

/// Only ints: the double overload is deleted (so this is not an overload set).
int only_int(int v);
int only_int(double v) = delete;

/// A mutable char buffer comes back as str.
char* scratch_text();

void set_counter(int v);
int counter();

namespace inner {
/// Namespaces are flattened into the module.
int depth();
}  // namespace inner

}  // namespace fn
