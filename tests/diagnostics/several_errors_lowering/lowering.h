namespace geo {

/// A shape.
struct Shape {
    Shape();  // swiggen: rename(make_shape)
    double width;  // swiggen: rename(2wide)
};

template <class T, class U>
struct Pair {  // swiggen: template(IntPair, int)
    T first;
    U second;
};

double area(double r);  // swiggen: template(IntArea, int)
enum class Color { Red, Green };  // swiggen: rename(my color)

}
