// A pointer to a wrapped class followed by its count (Box2D's `Set(const b2Vec2 *points, int32
// count)`, cairo's `(glyphs, num_glyphs)`) is one list of objects: one object and a count of
// its own was the same pointer read past that object (check: SIGSEGV). Through a `T *` the
// callee writes into the elements, and each object gets its element back.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace oa {
struct Vec {
    double x = 0, y = 0;
    Vec() = default;
    Vec(double a, double b) : x(a), y(b) {}
};
inline double sum_x(const Vec *points, int count) {
    double s = 0;
    for (int i = 0; i < count; ++i) s += points[i].x;
    return s;
}
inline void shift_all(Vec *points, std::size_t n, double by) {
    for (std::size_t i = 0; i < n; ++i) points[i].x += by;
}
inline int glyph_total(const Vec *glyphs, int num_glyphs) { return num_glyphs; }
inline int tiny(const Vec *items, unsigned char count) { return count; }
class Polygon {
public:
    Polygon(const Vec *vertices, std::size_t vertex_count) : v_(vertices, vertices + vertex_count) {}
    std::size_t size() const { return v_.size(); }
    double first_y() const { return v_.empty() ? -1.0 : v_[0].y; }
    void set(const Vec *points, int count) { v_.assign(points, points + count); }
private:
    std::vector<Vec> v_;
};
// the count first, and the array spelled as one
inline double sum_y(int npoints, const Vec *points) {
    double s = 0;
    for (int i = 0; i < npoints; ++i) s += points[i].y;
    return s;
}
inline void flip_all(std::size_t count, Vec vecs[]) {
    for (std::size_t i = 0; i < count; ++i) vecs[i].y = -vecs[i].y;
}
// a pointer that takes None: None is no array
inline int count_or_none(const Vec *points = nullptr, int count = 0) {
    return points ? count : -1;
}
inline int nullable_first(int n, const Vec *vecs) { return vecs ? n : -1; }  // swiggen: nullable(vecs)
// a count after a buffer is the buffer's length (libgit2's git_indexer_append): not the objects'
inline int append(const void *data, std::size_t size, Vec *stats) {
    stats->x = static_cast<double>(size);
    return data ? 0 : -1;
}
// a callback during the call may drop the list's objects: the write-back never reaches them
inline void each_then_write(Vec *points, int count, std::function<void()> cb) {
    cb();
    for (int i = 0; i < count; ++i) points[i].x = 7;
}
// numbers that count other things: not the objects' counts
inline int run_jobs(const Vec *jobs, int num_threads) { return num_threads + (jobs ? 0 : 100); }
inline int run_named(int num_threads, const Vec *jobs, int njobs) { return num_threads * 10 + njobs; }
inline int with_retries(const Vec *items, int retry_count) { return retry_count + (items ? 0 : 100); }
// overloads: a list, one object, a number
inline int pick(const Vec *points, int count) { return 100 + count; }
inline int pick(const Vec &one) { return one.x > 0 ? 1 : 0; }
inline int pick(int x) { return 2 + x; }
// one object and a number of its own (a singular name): not an array
inline double scaled(const Vec *v, int size) { return v->x * size; }
// elements that cannot be assigned: read, never written back
struct Tagged {
    const int tag;
    std::string label;
    explicit Tagged(int t) : tag(t) {}
};
inline int tag_sum(Tagged *tags, int count) {
    int s = 0;
    for (int i = 0; i < count; ++i) s += tags[i].tag;
    if (count) tags[0].label = "seen";  // the copy's, not the object's
    return s;
}
}  // namespace oa
