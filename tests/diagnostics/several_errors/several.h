// swiggen: ignore

namespace geo {
double a(double r);  // swiggen: frobnicate
double b(double r);  // swiggen: rename()
double c(double r);  // swiggen: rename(x
double d(double r);  // swiggen: ignore,, rename(y)
double e(double r);  // swiggen: rename(e2) tail
}
