#include "state.h"

#include <cstdio>
#include <cstdlib>

namespace state {

Stack::Stack() : data_(nullptr), n_(0) {}
Stack::~Stack() { std::free(data_); }
bool Stack::empty() const { return n_ == 0; }
int Stack::size() const { return n_; }
int Stack::front() const { return data_[0]; }
void Stack::pop_back() { data_[n_ - 1] = 0; --n_; }
void Stack::push_back(int v) {
    data_ = static_cast<int *>(std::realloc(data_, sizeof(int) * (n_ + 1)));
    data_[n_++] = v;
}

bool Broken::empty() const { return false; }
int Broken::size() const { return 1; }
int Broken::front() const { return data_[0]; }

Stream::Stream(const char *path) : file_(std::fopen(path, "rb")) {}
Stream::~Stream() {
    if (file_) std::fclose(static_cast<std::FILE *>(file_));
}
bool Stream::valid() const { return file_ != nullptr; }
int Stream::get_char() { return *static_cast<volatile int *>(file_); }

int Table::num_rows() const { return 0; }
int Table::get_row(int i) const { return rows_[i]; }

Cursor::Cursor() : p_(nullptr) {}
Cursor::Cursor(const int *p) : p_(p) {}
int Cursor::get() const { return *p_; }
bool Cursor::operator==(const Cursor &other) const { return p_ == other.p_; }

Cursor Bag::items_begin() const { return Cursor(); }
Cursor Bag::items_end() const { return Cursor(); }
int Bag::read(const Cursor &at) const { return at.get(); }

}  // namespace state
