#pragma once
namespace t_diamond {
struct Root {
    int id = 1;
    virtual ~Root() = default;
    virtual int who() const { return 0; }
};
struct Left : virtual Root {
    int who() const override { return 1; }
    int left() const { return 10; }
};
struct Right : virtual Root {
    int right() const { return 20; }
};
struct Both : Left, Right {
    int who() const override { return 3; }
};
inline int ask(const Root& b) { return b.who(); }
}  // namespace t_diamond
