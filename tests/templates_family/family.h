// A container family shaped like Qt's and wxWidgets' (QList<T>, QMap<K, V>, QStringList :
// QList<QString>): classes derive from instances of the library's own class templates, which
// no annotation instantiates (lower/base_templates.py), and instances get the protocols and
// struct behaviour of plain classes (lower/instances.py).
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace tl {

/// A list of values.
template <class T>
class List {
public:
    List() {}
    std::size_t size() const { return items_.size(); }
    bool isEmpty() const { return items_.empty(); }
    const T& operator[](std::size_t i) const { return items_.at(i); }
    T& operator[](std::size_t i) { return items_.at(i); }
    void add(const T& v) { items_.push_back(v); }
    bool contains(const T& v) const {
        for (const T& x : items_)
            if (x == v) return true;
        return false;
    }
    const T& first() const { return items_.at(0); }
    bool operator==(const List& o) const { return items_ == o.items_; }

private:
    std::vector<T> items_;
};

/// Keys and their values. (The directive names the instance a base needs: Props, not
/// Map_Name_NameList; its arguments, unqualified, are the namespace's.)
template <class K, class V>
class Map {  // swiggen: template(Props, Name, NameList)
public:
    std::size_t size() const { return keys_.size(); }
    bool contains(const K& k) const { return find(k) < keys_.size(); }
    void insert(const K& k, const V& v) {
        std::size_t i = find(k);
        if (i < keys_.size()) {
            values_[i] = v;
        } else {
            keys_.push_back(k);
            values_.push_back(v);
        }
    }
    V value(const K& k) const {
        std::size_t i = find(k);
        if (i == keys_.size()) throw std::out_of_range("no such key");
        return values_[i];
    }

private:
    std::size_t find(const K& k) const {
        std::size_t i = 0;
        while (i < keys_.size() && !(keys_[i] == k)) ++i;
        return i;
    }
    std::vector<K> keys_;
    std::vector<V> values_;
};

class Name {
public:
    Name() {}
    Name(const std::string& s) : s_(s) {}
    std::string text() const { return s_; }
    bool operator==(const Name& o) const { return s_ == o.s_; }

private:
    std::string s_;
};

enum class Color { Red, Green, Blue };

/// Names, as QStringList is QList<QString>: its base is instantiated as List_Name.
class NameList : public List<Name> {
public:
    NameList() {}
    std::string joined(const std::string& sep) const {
        std::string out;
        for (std::size_t i = 0; i < size(); ++i) out += (i ? sep : "") + (*this)[i].text();
        return out;
    }
};

/// A map whose values are a class deriving from an instance.
class Properties : public Map<Name, NameList> {
public:
    Properties() {}
};

typedef List<int> IntList;  // the typedef names the instance: IntList

/// Derives from the instance through its typedef.
class Scores : public IntList {
public:
    int total() const {
        int t = 0;
        for (std::size_t i = 0; i < size(); ++i) t += (*this)[i];
        return t;
    }
};

/// An instance of an enum: List_Color.
class Palette : public List<Color> {};

/// A template of templates: List<List<Name>> is List_List_Name, its elements List_Name.
class Table : public List<List<Name>> {};

/// Pointers as elements: its `const T&` is `Name* const &`.
class Links : public List<Name*> {};

/// A class template deriving from an instance of its parameter: DoubleStack's base is
/// List<double>, instantiated (List_double) before it.
template <class T>
class Stack : public List<T> {  // swiggen: template(DoubleStack, double)
public:
    Stack() {}
    void push(const T& v) { this->add(v); }
    T top() const { return (*this)[this->size() - 1]; }
};

/// A record of any type.
template <class T>
struct Box {  // swiggen: template(IntBox, int), template(TextBox, std::string)
    T value;
    int count = 0;
};

/// A value with arithmetic and comparisons.
template <class T>
struct Pair {  // swiggen: template(IntPair, int)
    T a{};
    T b{};
    bool operator==(const Pair& o) const { return a == o.a && b == o.b; }
    bool operator<(const Pair& o) const { return a < o.a || (a == o.a && b < o.b); }
    Pair operator+(const Pair& o) const { return Pair{a + o.a, b + o.b}; }
};

/// A parameter left to its default: Cells<int> is Cells<int, 4>, whichever types name.
template <class T, int N = 4>
struct Cells {  // swiggen: template(IntCells, int)
    T fill{};
    int count() const { return N; }
    bool operator==(const Cells& o) const { return fill == o.fill; }
};
inline Cells<int> make_cells(int v) { return Cells<int>{v}; }

}  // namespace tl
