#include "dynamic.h"

#include <sstream>
#include <tuple>

namespace dy {

namespace {
int g_live = 0;
}

struct Value::Data {
    std::string kind = "null";
    bool b = false;
    long long i = 0;
    double f = 0;
    std::string text;
    std::vector<Value> list;
    std::map<std::string, Value> map;
    std::vector<Item> items;
};

Value::Value() {
    static const std::shared_ptr<const Data> null = std::make_shared<Data>();
    data_ = null;
    ++g_live;
}
Value::Value(std::shared_ptr<const Data> data) : data_(std::move(data)) { ++g_live; }
Value::Value(const Value& other) : data_(other.data_) { ++g_live; }
Value& Value::operator=(const Value& other) {
    data_ = other.data_;
    return *this;
}
Value::~Value() { --g_live; }
int Value::live() { return g_live; }

Value Value::make(bool v) {
    auto d = std::make_shared<Data>();
    d->kind = "bool";
    d->b = v;
    return Value(std::shared_ptr<const Data>(d));
}
Value Value::make(long long v) {
    auto d = std::make_shared<Data>();
    d->kind = "int";
    d->i = v;
    return Value(std::shared_ptr<const Data>(d));
}
Value Value::make(double v) {
    auto d = std::make_shared<Data>();
    d->kind = "float";
    d->f = v;
    return Value(std::shared_ptr<const Data>(d));
}
Value Value::make(const std::string& v) {
    auto d = std::make_shared<Data>();
    d->kind = "text";
    d->text = v;
    return Value(std::shared_ptr<const Data>(d));
}
Value Value::make(const std::vector<Value>& v) {
    auto d = std::make_shared<Data>();
    d->kind = "list";
    d->list = v;
    for (const Value& x : v) d->items.emplace_back(x);
    return Value(std::shared_ptr<const Data>(d));
}
Value Value::make(const std::map<std::string, Value>& v) {
    auto d = std::make_shared<Data>();
    d->kind = "map";
    d->map = v;
    for (const auto& kv : v) d->items.emplace_back(Value(kv.first), kv.second);
    return Value(std::shared_ptr<const Data>(d));
}

std::string Value::kind() const { return data_->kind; }
bool Value::is_map() const { return data_->kind == "map"; }
std::size_t Value::size() const { return data_->items.size(); }
std::vector<Item>::const_iterator Value::begin() const { return data_->items.begin(); }
std::vector<Item>::const_iterator Value::end() const { return data_->items.end(); }

std::string Value::dump() const {
    const Data& d = *data_;
    std::ostringstream out;
    if (d.kind == "null") {
        out << "null";
    } else if (d.kind == "bool") {
        out << (d.b ? "true" : "false");
    } else if (d.kind == "int") {
        out << d.i;
    } else if (d.kind == "float") {
        out << d.f;
    } else if (d.kind == "text") {
        out << '"' << d.text << '"';
    } else if (d.kind == "list") {
        out << '[';
        for (std::size_t k = 0; k < d.list.size(); ++k) out << (k ? ", " : "") << d.list[k].dump();
        out << ']';
    } else {
        out << '{';
        bool more = false;
        for (const auto& kv : d.map) {
            out << (more ? ", " : "") << kv.first << ": " << kv.second.dump();
            more = true;
        }
        out << '}';
    }
    return out.str();
}

void Value::fill(std::vector<Value>& out) const { out = data_->list; }
void Value::fill(std::map<std::string, Value>& out) const { out = data_->map; }

std::string describe(const Value& v) { return v.kind() + " " + v.dump(); }
Value echo(Value v) { return v; }
std::string pick(const std::string& s) { return "string " + s; }
std::string pick(const Value& v) { return "value " + v.dump(); }
std::string first(const std::vector<Value>& values) {
    return values.empty() ? "null" : values[0].dump();
}
int plain_n(const Plain& p) { return p.n; }

int fragile_sum(const std::map<std::string, Fragile>& m) {
    int sum = 0;
    for (const auto& kv : m) sum += kv.second.n;
    return sum;
}
int fragile_count(const std::vector<Fragile>& v) { return static_cast<int>(v.size()); }
std::map<std::string, Fragile> fragile_map(int n) {
    std::map<std::string, Fragile> out;
    out.emplace(std::piecewise_construct, std::forward_as_tuple("x"), std::forward_as_tuple(n));
    return out;
}

std::map<std::string, int> counts(const std::vector<std::string>& words) {
    std::map<std::string, int> out;
    for (const std::string& w : words) ++out[w];
    return out;
}
int total(const std::map<std::string, int>& m) {
    int sum = 0;
    for (const auto& kv : m) sum += kv.second;
    return sum;
}
std::map<int, double> halves(const std::map<int, double>& m) {
    std::map<int, double> out;
    for (const auto& kv : m) out[kv.first] = kv.second / 2;
    return out;
}
std::map<std::string, Value> wrap_all(const std::map<std::string, Value>& m) { return m; }

}  // namespace dy
