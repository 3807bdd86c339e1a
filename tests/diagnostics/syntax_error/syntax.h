// A header with a C++ syntax error on line 5.
namespace geo {
double area(double r);

double perimeter(double r) oops;
double volume(double r);
}
