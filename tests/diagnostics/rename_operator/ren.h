namespace ren {
struct Vec {
    Vec operator+(const Vec& o) const;  // swiggen: rename(add)
    template <class T>
    T get() const;  // swiggen: rename(get_any), template(get_int, int)
};
}
