namespace ctor {
struct Box {
    Box();
    template <class T>
    explicit Box(const T& v);  // swiggen: template(make_box, double)
};
}
