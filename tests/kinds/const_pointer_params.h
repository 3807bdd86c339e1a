// A pointer parameter's own `const` (`void * const buf`, libsodium's spelling throughout;
// `const fftw_plan p` of a typedef of a pointer)
// changes nothing for a caller: None is refused as for `T *`, of every pointee kind, in free
// functions, methods and constructors; a `nullptr` default still makes it optional.
#pragma once
#include <cstddef>
#include <cstring>

extern "C" {
typedef struct cq_item { int x; } cq_item;
inline int cq_read(const cq_item *const item) { return item->x; }
inline void cq_write(cq_item *const item, int x) { item->x = x; }
inline std::size_t cq_length(const char *const text) { return std::strlen(text); }
inline int cq_optional(const cq_item *const item = nullptr) { return item ? item->x : -1; }
typedef cq_item *cq_item_ref;  // (fftw's `void fftw_execute(const fftw_plan p)`)
inline int cq_read_ref(const cq_item_ref item) { return item->x; }
}

namespace cq {
class Holder {
public:
    explicit Holder(const cq_item *const seed) : x_(seed->x) {}
    int take(cq_item *const item) const { return item->x + x_; }
private:
    int x_;
};
}  // namespace cq
