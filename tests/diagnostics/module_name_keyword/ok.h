namespace geo {
double area(double r);
}
