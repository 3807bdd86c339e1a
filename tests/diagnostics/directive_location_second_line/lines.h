namespace geo {
/// Area of a circle.
// swiggen: rename(circle_area)
double area(double r);  // swiggen: frobnicate

// swiggen: rename(perimeter2)
// swiggen: rename()
double perimeter(double r);
}
