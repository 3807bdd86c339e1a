namespace geo {
double area(double r);  // swiggen: rename(class)

// swiggen: template(lambda, int)
template <class T> struct Box {
    T value;
};
}
