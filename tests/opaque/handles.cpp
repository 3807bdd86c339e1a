#include "handles.h"
#include <string>

struct hx_ctx_s { int level; };
struct hx_db { std::string name; hx_db *children = nullptr; };
struct hx_registry { int size = 3; };

static int live_ctx, live_db;

extern "C" {
hx_ctx *hx_create_ctx(int level) { ++live_ctx; return new hx_ctx_s{level}; }
hx_stream *hx_create_stream(void) { return hx_create_ctx(7); }
size_t hx_free_ctx(hx_ctx *ctx) { if (ctx) { --live_ctx; delete ctx; } return 0; }
size_t hx_free_stream(hx_stream *stream) { return hx_free_ctx(stream); }
int hx_level(const hx_ctx *ctx) { return ctx->level; }
int hx_live_ctx(void) { return live_ctx; }

hx_db *hx_db_open(const char *name) { ++live_db; return new hx_db{name}; }
int hx_db_close(hx_db *db) {
    if (!db) return 1;
    delete db->children;
    --live_db;
    delete db;
    return 0;
}
const char *hx_db_name(const hx_db *db) { return db->name.c_str(); }
hx_db *hx_db_new_child(hx_db *parent) {
    if (!parent->children) parent->children = new hx_db{parent->name + "/child"};
    return parent->children;
}
int hx_live_db(void) { return live_db; }

struct hx_archive { int entries; };
static int live_archives;
hx_archive *hx_archive_open(int entries) { ++live_archives; return new hx_archive{entries}; }
int hx_archive_close(hx_archive *archive) { --live_archives; delete archive; return 0; }
void hx_archive_discard(hx_archive *archive) { --live_archives; delete archive; }
int hx_archive_entries(const hx_archive *archive) { return archive->entries; }
int hx_live_archives(void) { return live_archives; }

struct hx_plan_s { int size; };
static int live_plans;
hx_plan hx_plan_new(int size) { ++live_plans; return new hx_plan_s{size}; }
int hx_plan_size(const hx_plan plan) { return plan->size; }
void hx_destroy_plan(hx_plan plan) { --live_plans; delete plan; }
int hx_live_plans(void) { return live_plans; }

struct hx_ar { int entries; };
static int live_ars;
hx_ar *hx_ar_new(void) { ++live_ars; return new hx_ar{0}; }
int hx_ar_free(hx_ar *a) { --live_ars; delete a; return 0; }
int hx_ar_free_nofinalize(hx_ar *a) { return hx_ar_free(a); }

struct hx_rd { int entries; };
hx_rd *hx_rd_new(void) { return new hx_rd{3}; }
int hx_rd_free(hx_rd *r) { delete r; return 0; }
int hx_rd_finish(hx_rd *r) { return hx_rd_free(r); }
int hx_rd_entries(const hx_rd *r) { return r->entries; }
int hx_ar_finish_entry(hx_ar *a) { return ++a->entries; }
int hx_live_ars(void) { return live_ars; }

hx_registry *hx_registry_get(void) { static hx_registry r; return &r; }
int hx_registry_size(const hx_registry *r) { return r->size; }
}
