#include "annotations.h"

namespace ann {

double area(double side) { return side * side; }
double debug_dump() { return -1; }
double perimeter(double side) { return 4 * side; }
int convert(int v) { return v * 10; }
int convert(const std::string& s) { return static_cast<int>(s.size()); }
int Widget::grow(int by) { return size += by; }
void Widget::reset() { size = 0; }
double config_target(double x) { return x + 1; }
double config_ignored() { return 0; }

}  // namespace ann
