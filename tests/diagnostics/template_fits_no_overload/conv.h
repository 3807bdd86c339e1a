namespace conv {
struct Value {
    template <class T>
    T as() const;
    template <class T, class S>
    T as(const S& fallback) const;
};
}
