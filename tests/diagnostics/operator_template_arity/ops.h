namespace ops {
struct Table {
    // swiggen: template(IntKey, int)
    template <class Key>
    int operator[](const Key& key) const;
    template <class K, class V>
    bool operator<(const K& key) const;
};
}
