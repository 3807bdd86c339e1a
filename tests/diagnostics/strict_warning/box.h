namespace geo {
double area(double r);

template <class T> struct Box {
    T value;
};
}
