// A C library's opaque handles (zstd's, sqlite's, lua's shapes): structs the header declares
// and never defines. Python holds them by pointer, the library's free function is their
// deleter, its makers' results are Python's, and freeing one by hand clears it.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* zstd's shape: a typedef'd handle, two names for one struct, a free function for each */
typedef struct hx_ctx_s hx_ctx;
typedef hx_ctx hx_stream;
hx_ctx *hx_create_ctx(int level);
hx_stream *hx_create_stream(void);
size_t hx_free_ctx(hx_ctx *ctx);
size_t hx_free_stream(hx_stream *stream);
int hx_level(const hx_ctx *ctx);
int hx_live_ctx(void);

/* sqlite's shape: no typedef, opened by name and closed; a child made from its parent */
struct hx_db;
struct hx_db *hx_db_open(const char *name);
int hx_db_close(struct hx_db *db);
const char *hx_db_name(const struct hx_db *db);
struct hx_db *hx_db_new_child(struct hx_db *parent);
int hx_live_db(void);

/* libzip's shape: closed or discarded, no one deleter; either clears what it frees */
typedef struct hx_archive hx_archive;
hx_archive *hx_archive_open(int entries);
int hx_archive_close(hx_archive *archive);
void hx_archive_discard(hx_archive *archive);
int hx_archive_entries(const hx_archive *archive);
int hx_live_archives(void);

/* fftw's and expat's shape: a typedef of a pointer names the handle */
typedef struct hx_plan_s *hx_plan;
hx_plan hx_plan_new(int size);
int hx_plan_size(const hx_plan plan);
void hx_destroy_plan(hx_plan plan);
int hx_live_plans(void);

/* libevent's shape: CLASS_free and a variant of it; CLASS_free is the deleter, the variant
   clears what it frees; hx_ar_finish_entry frees nothing */
typedef struct hx_ar hx_ar;
hx_ar *hx_ar_new(void);
int hx_ar_free(hx_ar *a);
int hx_ar_free_nofinalize(hx_ar *a);
int hx_ar_finish_entry(hx_ar *a);
int hx_live_ars(void);

/* libarchive's shape: CLASS_free beside other frees (a deprecated synonym named "finish"): no
   one deleter, each clears what it frees */
typedef struct hx_rd hx_rd;
hx_rd *hx_rd_new(void);
int hx_rd_free(hx_rd *r);
int hx_rd_finish(hx_rd *r);
int hx_rd_entries(const hx_rd *r);

/* a handle the library keeps: no function frees it, Python never does */
typedef struct hx_registry hx_registry;
hx_registry *hx_registry_get(void); /* swiggen: borrowed */
int hx_registry_size(const hx_registry *r);

#ifdef __cplusplus
}
#endif
