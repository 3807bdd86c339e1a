#pragma once
namespace t_singleton {
class Registry {
public:
    static Registry& instance() { static Registry r; return r; }
    int count() const { return count_; }
    void add() { ++count_; }
    Registry(const Registry&) = delete;
    Registry& operator=(const Registry&) = delete;

private:
    Registry() = default;
    ~Registry() = default;
    int count_ = 0;
};
class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
    static Shape* unit();  // swiggen: borrowed
};
}  // namespace t_singleton
