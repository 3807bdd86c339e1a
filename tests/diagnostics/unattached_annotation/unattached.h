namespace geo {
// swiggen: ignore

double area(double r);
// swiggen: rename(circle_perimeter)
}
