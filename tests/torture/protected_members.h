#pragma once
namespace t_protected {
class Guarded {
public:
    int visible() const { return secret_ + helper(); }

protected:
    int secret_ = 5;
    int helper() const { return 1; }
    static int shared_helper() { return 2; }
};
class Opened : public Guarded {
public:
    int peek() const { return secret_ * 10; }
};
}  // namespace t_protected
