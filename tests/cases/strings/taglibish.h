// A library string class shaped like TagLib's String: code points inside, made from a
// std::string in a chosen encoding (Latin-1 by default: UTF-8 must be asked for), read back as
// UTF-8 through a pointer into a cache (`toCString(true)`), and a List<T>/Map<K, V> family of
// containers deriving classes name (StringList, PropertyMap).
#pragma once
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tg {

// swiggen: str(to=toCString(true), from=String(String::UTF8))
class String {
public:
  enum Type { Latin1 = 0, UTF16 = 1, UTF8 = 3 };
  String() {}
  String(const std::string &s, Type t = Latin1) {
    if (t == Latin1) {
      for (unsigned char c : s) d.push_back(c);
      return;
    }
    for (size_t i = 0; i < s.size();) {
      unsigned char c = s[i];
      int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
      char32_t cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
      for (int k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
      d.push_back(cp);
      i += n;
    }
  }
  String(const char *s, Type t = Latin1) : String(std::string(s ? s : ""), t) {}
  // UTF-8 when `unicode`, else Latin-1 ('?' for what it cannot hold)
  std::string to8Bit(bool unicode = false) const {
    std::string out;
    for (char32_t cp : d) {
      if (!unicode) {
        out += cp < 0x100 ? (char)cp : '?';
      } else if (cp < 0x80) {
        out += (char)cp;
      } else if (cp < 0x800) {
        out += (char)(0xC0 | (cp >> 6));
        out += (char)(0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        out += (char)(0xE0 | (cp >> 12));
        out += (char)(0x80 | ((cp >> 6) & 0x3F));
        out += (char)(0x80 | (cp & 0x3F));
      } else {
        out += (char)(0xF0 | (cp >> 18));
        out += (char)(0x80 | ((cp >> 12) & 0x3F));
        out += (char)(0x80 | ((cp >> 6) & 0x3F));
        out += (char)(0x80 | (cp & 0x3F));
      }
    }
    return out;
  }
  const char *toCString(bool unicode = false) const {
    cache = to8Bit(unicode);
    return cache.c_str();
  }
  unsigned size() const { return (unsigned)d.size(); }
  bool isEmpty() const { return d.empty(); }
  String upper() const {
    String s(*this);
    for (char32_t &c : s.d) if (c >= 'a' && c <= 'z') c -= 32;
    return s;
  }
  bool operator==(const String &o) const { return d == o.d; }
  bool operator<(const String &o) const { return d < o.d; }
  String &operator+=(const String &o) {
    d += o.d;
    return *this;
  }

private:
  std::u32string d;
  mutable std::string cache;
};

inline String operator+(const String &a, const String &b) { return String(a) += b; }
inline std::ostream &operator<<(std::ostream &s, const String &str) { return s << str.to8Bit(true); }

template <class T> class List {
public:
  List() {}
  unsigned size() const { return (unsigned)items.size(); }
  bool isEmpty() const { return items.empty(); }
  const T &operator[](unsigned i) const {
    if (i >= items.size()) throw std::out_of_range("List index");
    return items[i];
  }
  List &append(const T &item) {
    items.push_back(item);
    return *this;
  }

private:
  std::vector<T> items;
};

class StringList : public List<String> {
public:
  StringList() {}
  StringList(const String &s) { append(s); }
  String toString(const String &separator = " ") const {
    String out;
    for (unsigned i = 0; i < size(); ++i) {
      if (i) out += separator;
      out += (*this)[i];
    }
    return out;
  }
};

template <class K, class V> class Map {
public:
  unsigned size() const { return (unsigned)items.size(); }
  bool contains(const K &key) const { return items.count(key) != 0; }
  const V &operator[](const K &key) const {
    auto it = items.find(key);
    if (it == items.end()) throw std::out_of_range("no such key");
    return it->second;
  }
  void insert(const K &key, const V &value) { items[key] = value; }

private:
  std::map<K, V> items;
};

class PropertyMap : public Map<String, StringList> {};

struct Frame {
  String id;
  String text;
  int count = 0;
};

class Tag {
public:
  String title() const { return t; }
  void setTitle(const String &s) { t = s; }
  PropertyMap properties() const {
    PropertyMap m;
    StringList l(t);
    l.append(String("Ünïcödé 𝄞", String::UTF8));
    m.insert(String("TITLE"), l);
    return m;
  }
  Frame frame() const { return Frame{String("TIT2"), t, 1}; }

private:
  String t;
};

inline std::vector<String> words(const String &s) {
  std::vector<String> out;
  std::string text = s.to8Bit(true), word;
  for (char c : text) {
    if (c == ' ') {
      out.push_back(String(word, String::UTF8));
      word.clear();
    } else {
      word += c;
    }
  }
  out.push_back(String(word, String::UTF8));
  return out;
}
inline std::map<String, int> lengths(const std::vector<String> &all) {
  std::map<String, int> out;
  for (const String &s : all) out[s] = (int)s.size();
  return out;
}
inline unsigned code_points(const String &s) { return s.size(); }
inline String shout(String s) { return s.upper() + String("!"); }
// an out-parameter of the class, and of std::u16string: results after the return value
inline bool lookup(int key, String &value) {  // swiggen: out(value)
  if (key != 1) return false;
  value = String("found 😀", String::UTF8);
  return true;
}
inline void utf16_name(std::u16string *name) { *name = u"n\U0001D11E"; }  // swiggen: out(name)
inline void exclaim(String &s) { s += String("!"); }  // swiggen: inout(s)
inline int which(const char *) { return 1; }
inline int which(int) { return 2; }

// A value converted from a String through its constructor (`implicit`): a str passes
// through both conversions.
// swiggen: implicit
class Variant {
public:
  Variant() {}
  Variant(int i) : kind_(1), i_(i) {}
  Variant(const String &s) : kind_(2), s_(s) {}
  int kind() const { return kind_; }
  String toString() const { return kind_ == 2 ? s_ : String(std::to_string(i_)); }

private:
  int kind_ = 0, i_ = 0;
  String s_;
};
inline String describe(const Variant &v) { return v.toString() + String(v.kind() == 2 ? " (text)" : " (int)"); }

}  // namespace tg
