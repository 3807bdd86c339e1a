namespace geo {

double perimeter(double r);  // swiggen: rename(a, b)
}
