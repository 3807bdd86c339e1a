// The library behind files.h, shapes.h and names.h.
#include "files.h"
#include "names.h"
#include "shapes.h"

#include <cstring>
#include <sstream>
#include <stdexcept>

namespace ovl {

// files.h

int read(int fd, int* n) {
    if (fd < 0) return -1;
    *n = fd * 10;
    return 0;
}

int read(int fd) { return fd + 100; }

int read(const char* path, int* size) {
    *size = static_cast<int>(std::strlen(path));
    return 0;
}

static int global_cursor = 0;

void advance(int* cursor) { *cursor += 1; }
void advance(int* cursor, int step) { *cursor += step; }
int advance() { return ++global_cursor; }

Index::Index() = default;

int Index::lookup(const std::string& word, int* position) const {
    *position = static_cast<int>(word.size());
    return word.empty() ? -1 : 0;
}

int Index::lookup(int id) const { return id * 2; }

bool Index::find(const std::string& word, int* pos) const {
    if (word.empty() || word[0] == '?') return false;
    *pos = static_cast<int>(word.size()) * 100;
    return true;
}

bool Index::find(int id) const { return id > 0; }

bool Catalog::find(int id) const { return id == 7; }

Reader::Reader(const std::string& path) : buffer_(static_cast<int>(path.size())) {}
Reader::Reader(int fd, const Options* opts) : buffer_(opts ? opts->buffer + fd : fd) {}
int Reader::buffer() const { return buffer_; }

// shapes.h

int Shape::live = 0;
Shape::Shape(int s) : sides(s) { ++live; }
Shape::~Shape() { --live; }
std::string Shape::kind() const { return "shape"; }

Circle::Circle() : Shape(0) {}
std::string Circle::kind() const { return "circle"; }

void makeAll(std::vector<Shape*>* out) {
    out->push_back(new Shape(3));
    out->push_back(nullptr);
    out->push_back(new Circle());
}

void makeThenFail(std::vector<Shape*>& shapes) {
    shapes.push_back(new Shape(4));
    shapes.push_back(new Shape(4));
    throw std::runtime_error("ran out of squares");
}

void makeOwned(std::vector<std::unique_ptr<Shape>>* owned) {
    owned->emplace_back(new Shape(5));
    owned->emplace_back(new Circle());
}

int Token::live = 0;
Token::Token(std::string t) : text(std::move(t)) { ++live; }
Token::~Token() { --live; }

int Parser::live = 0;

Parser::Parser() {
    ++live;
    keywords_.push_back(new Token("if"));
    keywords_.push_back(new Token("else"));
}

Parser::~Parser() {
    for (Token* t : keywords_) delete t;
    --live;
}

bool Parser::Parse(const std::string& text, std::vector<Token*>* tokens) {
    if (text.empty()) return false;
    std::istringstream in(text);
    std::string word;
    while (in >> word) tokens->push_back(new Token(word));
    return true;
}

void Parser::keywords(std::vector<Token*>* kept) const {
    kept->insert(kept->end(), keywords_.begin(), keywords_.end());
}

// names.h

void NameList::append(const std::string& name) { names_.push_back(name); }
int NameList::size() const { return static_cast<int>(names_.size()); }
std::string NameList::next() { return cursor_ < names_.size() ? names_[cursor_++] : ""; }
bool NameList::own() const { return owned_; }
void NameList::disown() { owned_ = false; }
int NameList::acquire(int timeout) { return ++locks_ * 1000 + timeout; }

Visitor::~Visitor() = default;
int Visitor::visit(int x) { return x; }
int visitWith(Visitor& v, int x) { return v.visit(x); }

}  // namespace ovl
