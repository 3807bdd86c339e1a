namespace geo {
double area(double r);  // swiggen: template(IntArea, int)

struct Shape {
    Shape();  // swiggen: rename(make_shape)
};
}
