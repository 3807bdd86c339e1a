#pragma once
#include <cstddef>
#include <new>
namespace t_opnew {
struct Pooled {
    int v = 1;
    static void* operator new(std::size_t n) { return ::operator new(n); }
    static void operator delete(void* p) { ::operator delete(p); }
    static void* operator new[](std::size_t n) { return ::operator new[](n); }
    static void operator delete[](void* p) { ::operator delete[](p); }
};
}  // namespace t_opnew
