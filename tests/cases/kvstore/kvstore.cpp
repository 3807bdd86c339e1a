#include "kvstore.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace kv {

static int g_dbs = 0;
static int g_iterators = 0;
int live_dbs() { return g_dbs; }
int live_iterators() { return g_iterators; }

std::string Status::ToString() const {
    static const char* names[] = {"OK", "NotFound: ", "Corruption: ", "Invalid argument: ",
                                  "IO error: "};
    return code_ == kOk ? "OK" : names[code_] + msg_;
}

void WriteBatch::Put(const Slice& key, const Slice& value) {
    ops_[key.ToString()] = {true, value.ToString()};
}
void WriteBatch::Delete(const Slice& key) { ops_[key.ToString()] = {false, ""}; }
void WriteBatch::Clear() { ops_.clear(); }
int WriteBatch::Count() const { return static_cast<int>(ops_.size()); }

Iterator::Iterator(std::shared_ptr<const Table> snapshot)
    : table_(std::move(snapshot)), at_(table_->end()) { ++g_iterators; }
Iterator::~Iterator() { --g_iterators; }
bool Iterator::Valid() const { return at_ != table_->end(); }
void Iterator::SeekToFirst() { at_ = table_->begin(); }
void Iterator::Seek(const Slice& target) { at_ = table_->lower_bound(target.ToString()); }
void Iterator::Next() {
    if (Valid()) ++at_;
}
Slice Iterator::key() const { return Valid() ? Slice(at_->first) : Slice(); }
Slice Iterator::value() const { return Valid() ? Slice(at_->second) : Slice(); }
Status Iterator::status() const { return Status::OK(); }

static std::string data_file(const std::string& dir) { return dir + "/kv.data"; }

static bool load(const std::string& path, Table* table) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return true;  // a new database
    std::size_t klen, vlen;
    while (in >> klen >> vlen) {
        in.get();
        std::string key(klen, '\0'), value(vlen, '\0');
        if (!in.read(&key[0], klen) || !in.read(&value[0], vlen)) return false;
        (*table)[key] = value;
    }
    return in.eof();
}

DB::DB(const std::string& dir, Table table)
    : dir_(dir), table_(std::make_shared<Table>(std::move(table))) { ++g_dbs; }
DB::~DB() {
    Save();
    --g_dbs;
}

Status DB::Save() {
    std::ofstream out(data_file(dir_), std::ios::binary | std::ios::trunc);
    for (const auto& kv : *table_) {
        out << kv.first.size() << ' ' << kv.second.size() << '\n' << kv.first << kv.second;
    }
    return out ? Status::OK() : Status::IOError(dir_ + ": cannot write");
}

Status DB::Open(const Options& options, const std::string& name, DB** dbptr) {
    *dbptr = nullptr;
    if (name.empty()) return Status::InvalidArgument("empty database name");
    struct stat st;
    bool exists = ::stat(name.c_str(), &st) == 0;
    if (exists && options.error_if_exists) return Status::InvalidArgument(name + ": exists");
    if (!exists) {
        if (!options.create_if_missing) {
            return Status::InvalidArgument(name + ": does not exist (create_if_missing is false)");
        }
        if (::mkdir(name.c_str(), 0755) != 0) {
            return Status::IOError(name + ": " + std::strerror(errno));
        }
    }
    Table table;
    if (!load(data_file(name), &table)) return Status::Corruption(data_file(name));
    *dbptr = new DB(name, std::move(table));
    return Status::OK();
}

Status DB::Put(const WriteOptions& options, const Slice& key, const Slice& value) {
    if (key.empty()) return Status::InvalidArgument("empty key");
    (*table_)[key.ToString()] = value.ToString();
    return options.sync ? Save() : Status::OK();
}

Status DB::Delete(const WriteOptions& options, const Slice& key) {
    table_->erase(key.ToString());
    return options.sync ? Save() : Status::OK();
}

Status DB::Get(const ReadOptions&, const Slice& key, std::string* value) {
    auto found = table_->find(key.ToString());
    if (found == table_->end()) return Status::NotFound(key.ToString());
    *value = found->second;
    return Status::OK();
}

Status DB::Write(const WriteOptions& options, WriteBatch* updates) {
    for (const auto& op : updates->ops_) {
        if (op.second.first) {
            (*table_)[op.first] = op.second.second;
        } else {
            table_->erase(op.first);
        }
    }
    return options.sync ? Save() : Status::OK();
}

Iterator* DB::NewIterator(const ReadOptions&) {
    return new Iterator(std::make_shared<const Table>(*table_));
}

bool DB::GetProperty(const Slice& property, std::string* value) {
    if (property.ToString() != "kv.count") return false;
    *value = std::to_string(table_->size());
    return true;
}

Status DestroyDB(const std::string& name, const Options&) {
    std::remove(data_file(name).c_str());
    if (::rmdir(name.c_str()) != 0 && errno != ENOENT) {
        return Status::IOError(name + ": " + std::strerror(errno));
    }
    return Status::OK();
}

}  // namespace kv
