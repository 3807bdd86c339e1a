#include "unnamed_params.h"

int scale(int v) { return 2 * v; }
int mix(int a, int b, int c) { return 100 * a + 10 * b + c; }
double tail(double x, double y) { return x + y; }
int over(int v) { return v + 1; }
int over(const char *s, int times) {
    int n = 0;
    while (s[n]) ++n;
    return n * times;
}
Printer::Printer(int w) : width(w) {}
int Printer::twice(int v) { return 2 * v; }
int each(int (*visit)(int, void *), void *user) { return visit(1, user) + visit(2, user); }
int each_times(int (*visit)(int, void *), void *user, int n) {
    int total = 0;
    for (int i = 0; i < n; ++i) total += visit(i, user);
    return total;
}
int words(const std::vector<std::string> &w) { return static_cast<int>(w.size()); }
int count(const std::string &s, char c) {
    int n = 0;
    for (char x : s) n += x == c;
    return n;
}
