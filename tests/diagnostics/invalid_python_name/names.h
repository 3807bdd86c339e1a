namespace geo {
double area(double r);  // swiggen: rename(2area)

struct Shape {
    double width;  // swiggen: rename(my-width)
};

// swiggen: template(Int-Box, int)
template <class T> struct Box {
    T value;
};
}
