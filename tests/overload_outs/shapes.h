// Factories and parsers that fill a std::vector of new objects, as scene-graph, GUI and parser
// libraries do: each is out(...), and the list Python gets owns its objects (the T** rule).
// Live objects are counted so that the tests see every one deleted exactly once.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace ovl {

/// A shape of a scene; the library's factories make them with `new`.
class Shape {
public:
    explicit Shape(int sides = 0);
    virtual ~Shape();
    virtual std::string kind() const;
    int sides;
    static int live;
};

class Circle : public Shape {
public:
    Circle();
    std::string kind() const override;
};

/// Fills `out` with new shapes (a triangle, a null slot, a circle): the caller owns them.
void makeAll(std::vector<Shape*>* out);
/// Fills `shapes` (by reference) with two new squares, then throws: nothing may leak.
void makeThenFail(std::vector<Shape*>& shapes);
/// Owning pointers: the caller owns them by type.
void makeOwned(std::vector<std::unique_ptr<Shape>>* owned);

/// A token of a parsed text.
class Token {
public:
    explicit Token(std::string text = "");
    ~Token();
    std::string text;
    static int live;
};

/// A tokenizer in the manner of a parser library: Parse fills a vector of new tokens.
class Parser {
public:
    Parser();
    Parser(const Parser&) = delete;
    Parser& operator=(const Parser&) = delete;
    ~Parser();
    /// Splits `text` at spaces; false (and no tokens) for empty text.
    bool Parse(const std::string& text, std::vector<Token*>* tokens);
    /// The parser's own keyword tokens, which it keeps (borrowed).
    void keywords(std::vector<Token*>* kept) const;
    static int live;

private:
    std::vector<Token*> keywords_;
};

}  // namespace ovl
