#include "preconditions.h"

#undef NDEBUG  // (a library's own build keeps its assert()s)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static int storage[4];

int pre_stack_init(pre_stack *s) {
    s->data = storage;
    s->size = 0;
    return 0;
}

int pre_stack_top(const pre_stack *s) { return s->data[s->size > 0 ? s->size - 1 : 0]; }

int pre_pool_init(pre_pool *p, pre_arena *arena) {
    p->slots = (int *)arena;
    return 0;
}

int pre_pool_take(pre_pool *p) {
    int *volatile slots = p->slots;
    return slots[0];
}

int pre_checked(int n) {
    assert(n >= 0);
    return n;
}

int pre_value_or_die(int n) {
    if (n < 0) {
        exit(3);
    }
    return n;
}

int pre_read(const char *path, bool errors_are_fatal) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        if (errors_are_fatal) {
            exit(4);
        }
        return -1;
    }
    fclose(f);
    return 0;
}

int pre_lookup(int n) {
    int *volatile p = n == 0 ? NULL : storage;
    return *p;
}

static int *volatile current = storage;

void pre_poison(int n) {
    if (n < 0) {
        current = NULL;
    }
}

int pre_current(void) { return current[0]; }

static int library_ready;
int pre_library_init(void) { library_ready = 1; return 0; }
int pre_ready(int n) {
    if (!library_ready) abort();
    return n + 1;
}

int pre_panicky(int n) {
    if (n < 0) {
        fprintf(stderr, "PANIC: unprotected error (bad n)\n");
        abort();
    }
    return n;
}
int pre_twice(int n) {
    char *volatile p = (char *)malloc(16);
    free(p);
    if (n < 0) free(p);
    return n;
}

int pre_fatal(int n) {
    if (n < 0) {
        fprintf(stderr, "F1204 23:20:58.461557  2 preconditions.c:99] Check failed: n >= 0\n"
                        "*** Check failure stack trace: ***\n"
                        "    @     0x7f7853a92b80  pre_fatal\n");
        abort();
    }
    return n;
}

int pre_fortified(int n) {
    if (n < 0) {
        fprintf(stderr, "*** buffer overflow detected ***: terminated\n");
        abort();
    }
    return n;
}
