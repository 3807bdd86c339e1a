namespace geo {
double area(double r);  // swiggen: rename()
double perimeter(double r);  // swiggen: rename(a, b)

// swiggen: template(IntBox)
template <class T> struct Box {
    T value;
};
}
