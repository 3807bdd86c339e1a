// A small key-value store in the style of LevelDB: results through pointer parameters, a
// Status everywhere. The Python side needs only the annotations in swiggen.toml
// (docs/outparams.md shows the module before and after them).
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <string>

namespace kv {

/// The outcome of an operation: ok, or an error code with a message.
class Status {
public:
    Status() = default;
    static Status OK() { return Status(); }
    static Status NotFound(const std::string& msg) { return Status(kNotFound, msg); }
    static Status Corruption(const std::string& msg) { return Status(kCorruption, msg); }
    static Status InvalidArgument(const std::string& msg) { return Status(kInvalidArgument, msg); }
    static Status IOError(const std::string& msg) { return Status(kIOError, msg); }
    bool ok() const { return code_ == kOk; }
    bool IsNotFound() const { return code_ == kNotFound; }
    bool IsCorruption() const { return code_ == kCorruption; }
    bool IsIOError() const { return code_ == kIOError; }
    bool IsInvalidArgument() const { return code_ == kInvalidArgument; }
    std::string ToString() const;

private:
    enum Code { kOk, kNotFound, kCorruption, kInvalidArgument, kIOError };
    Status(Code code, const std::string& msg) : code_(code), msg_(msg) {}
    Code code_ = kOk;
    std::string msg_;
};

/// Bytes that name a key or hold a value (a copy: Python's str converts to one, `implicit`).
class Slice {
public:
    Slice() = default;
    Slice(const std::string& s) : data_(s) {}
    const char* data() const { return data_.data(); }
    std::size_t size() const { return data_.size(); }
    bool empty() const { return data_.empty(); }
    std::string ToString() const { return data_; }

private:
    std::string data_;
};

struct Options {
    bool create_if_missing = false;
    bool error_if_exists = false;
};
struct ReadOptions {
    bool verify_checksums = false;
};
struct WriteOptions {
    bool sync = false;
};

/// Updates applied together by DB::Write.
class WriteBatch {
public:
    void Put(const Slice& key, const Slice& value);
    void Delete(const Slice& key);
    void Clear();
    int Count() const;

private:
    friend class DB;
    std::map<std::string, std::pair<bool, std::string>> ops_;  // key -> (is put, value)
};

using Table = std::map<std::string, std::string>;

/// Walks a snapshot of the database, in key order.
class Iterator {
public:
    explicit Iterator(std::shared_ptr<const Table> snapshot);
    ~Iterator();
    bool Valid() const;
    void SeekToFirst();
    void Seek(const Slice& target);
    void Next();
    Slice key() const;
    Slice value() const;
    Status status() const;

private:
    std::shared_ptr<const Table> table_;
    Table::const_iterator at_;
};

/// A database stored in the directory `name`.
class DB {
public:
    /// Opens the database in `name`, creating it if options say so.
    static Status Open(const Options& options, const std::string& name, DB** dbptr);
    ~DB();
    Status Put(const WriteOptions& options, const Slice& key, const Slice& value);
    Status Delete(const WriteOptions& options, const Slice& key);
    /// Reads the value stored under `key`.
    Status Get(const ReadOptions& options, const Slice& key, std::string* value);
    Status Write(const WriteOptions& options, WriteBatch* updates);
    /// A new iterator over a snapshot of the current contents; the caller deletes it.
    Iterator* NewIterator(const ReadOptions& options);
    /// A property of the database ("kv.count"), if there is one by that name.
    bool GetProperty(const Slice& property, std::string* value);

private:
    DB(const std::string& dir, Table table);
    Status Save();
    std::string dir_;
    std::shared_ptr<Table> table_;
};

/// Deletes the database in `name`.
Status DestroyDB(const std::string& name, const Options& options);

/// Live objects, for leak tests.
int live_dbs();
int live_iterators();

}  // namespace kv
