#pragma once
// A class with a public constructor but a protected destructor: wrapped, with a warning that
// Python never destroys the objects it constructs (only release() does).
namespace t_nodtor {
class Counted {  // expect SG342
public:
    explicit Counted(int v) : v_(v) { ++alive(); }
    int value() const { return v_; }
    void release() { delete this; }
    static int& alive() { static int n = 0; return n; }

protected:
    ~Counted() { --alive(); }

private:
    int v_;
};
inline int live_counted() { return Counted::alive(); }
}  // namespace t_nodtor
