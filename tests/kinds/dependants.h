// Dependants die first (docs/safety.md, 5): a database that aborts when closed, or destroyed,
// with live cursors or statements (leveldb's and sqlite's shape). Its cursors (a method's
// newobject result) and statements (a constructor taking it) are destroyed before it closes
// and before it is destroyed; using one afterwards raises ReferenceError.
#pragma once
#include <cstdlib>

namespace dp {
class Db;
class Cursor {
public:
    explicit Cursor(Db *db);
    ~Cursor();
    int next() { return ++pos_; }
private:
    Db *db_;
    int pos_ = 0;
};
class Db {
public:
    Db() = default;
    Db(const Db &) = delete;
    Db &operator=(const Db &) = delete;
    ~Db() { if (users != 0) std::abort(); }
    Cursor *NewCursor() { return new Cursor(this); }  // swiggen: newobject
    void Close() { if (users != 0) std::abort(); closed = true; }
    // a closing method whose name does not say so
    void Finish() { Close(); }  // swiggen: closes
    int users = 0;
    bool closed = false;
};
class Statement {
public:
    explicit Statement(Db &db) : db_(&db) { ++db.users; }
    ~Statement() { --db_->users; }
    bool done() const { return db_->closed; }
private:
    Db *db_;
};
inline Cursor::Cursor(Db *db) : db_(db) { ++db->users; }
inline Cursor::~Cursor() { --db_->users; }
}  // namespace dp
