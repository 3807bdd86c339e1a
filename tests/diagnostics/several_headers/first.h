namespace geo {
double area(double r);  // swiggen: frobnicate
}
