// A library whose crashes are methods used on an object in a state its class says it must not
// be in, for tests/test_check.py: `swiggen check` asks the object's own predicates just before
// the call (check/evidence.py) and sets these apart as preconditions, while the crash of a
// non-empty object stays a finding.
#pragma once

namespace state {

/// front() and pop_back() of an empty stack read through the NULL it keeps when empty
/// (toml++'s array().front()).
class Stack {
public:
    Stack();
    ~Stack();
    bool empty() const;
    int size() const;
    int front() const;
    void pop_back();
    void push_back(int v);

private:
    int *volatile data_;
    int n_;
};

/// A genuine bug: size() says 1 and empty() false, yet front() reads through NULL.
class Broken {
public:
    bool empty() const;
    int size() const;
    int front() const;

private:
    int *volatile data_ = nullptr;
};

/// get_char() reads the file it could not open (libraw's datastreams): valid() says so.
class Stream {
public:
    explicit Stream(const char *path);
    ~Stream();
    bool valid() const;
    int get_char();

private:
    void *volatile file_;
};

/// get_row(i) past num_rows() reads through NULL (xapian's Query().get_subquery(1)).
class Table {
public:
    int num_rows() const;
    int get_row(int i) const;

private:
    int *volatile rows_ = nullptr;
};

/// An iterator: get() of one at its end (or default-constructed) reads through NULL.
class Cursor {
public:
    Cursor();
    explicit Cursor(const int *p);
    int get() const;
    bool operator==(const Cursor &other) const;

private:
    const int *volatile p_;
};

/// Empty, so its items_begin() is its items_end() (xapian's `postlist_begin(term)`).
class Bag {
public:
    Cursor items_begin() const;
    Cursor items_end() const;
    /// The item a cursor is at (xapian's `RSet().add_document(MSetIterator())`).
    int read(const Cursor &at) const;
};

}  // namespace state
