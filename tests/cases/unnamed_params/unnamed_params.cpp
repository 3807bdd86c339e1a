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
