namespace geo {
/// Area of a circle.
double area(double r);  // swiggen: frobnicate
}
