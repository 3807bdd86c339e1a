namespace geo {
struct Point {
    double x;
    double y;
};
double norm(const Point& p);
}
