// C++ exceptions become the right Python exceptions, custom hierarchies included.
#pragma once
#include <cerrno>
#include <cstdint>
#include <ios>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

namespace exc {

/// Which exception `raise_std` throws.
enum class Kind {
    OutOfRange, InvalidArgument, DomainError, LengthError, OverflowError, RangeError,
    BadAlloc, SystemErrno, SystemOther, IosFailure, LogicError, RuntimeError, Exception,
    Int, Custom, CustomDerived
};

/// Where a problem was found: a wrapped class, and a field of DegenerateError.
struct Where {
    int line = 0;
    int column = 0;
};

/// The geometry is degenerate.
class DegenerateError : public std::runtime_error {  // swiggen: exception
public:
    DegenerateError(const std::string& what, int code)
        : std::runtime_error(what), code(code), where{code, 2 * code} {}
    int code;
    std::string shape = "triangle";
    const Where where;
};

/// A more specific degenerate case.
class ZeroAreaError : public DegenerateError {  // swiggen: exception
public:
    explicit ZeroAreaError(const std::string& what) : DegenerateError(what, 7) {}
    double area = 0.0;
};

/// An index problem of our own: an IndexError subclass.
struct SlotError : std::out_of_range {  // swiggen: exception
    SlotError() : std::out_of_range("no such slot") {}
};

/// An enum whose values need all 64 unsigned bits.
enum class Wide : std::uint64_t { Small = 1, Max = 0xFFFFFFFFFFFFFFFFull };

/// Integer fields of every range: each comes back as the same Python int.
struct RangeFailure : std::range_error {  // swiggen: exception
    RangeFailure() : std::range_error("range failure") {}
    std::uint64_t biggest = std::numeric_limits<std::uint64_t>::max();
    std::int64_t smallest = std::numeric_limits<std::int64_t>::min();
    unsigned int u32 = std::numeric_limits<unsigned int>::max();
    Wide wide = Wide::Max;
};

/// Throw a RangeFailure.
void raise_range();

/// Throw the exception `k` names, with message "boom".
void raise_std(Kind k);

/// A noexcept function is not guarded (it cannot throw).
int safe(int x) noexcept;

/// Map std::runtime_error to IOError for this function only.
void load(const std::string& path);  // swiggen: throws(std::runtime_error=IOError)

/// Map to a custom exception of this module.
void check_slot(int i);  // swiggen: throws(std::logic_error=SlotError)

/// Members, constructors, operators, subscripts and setters are guarded too.
class Guarded {
public:
    explicit Guarded(int n);
    int method(int x) const;
    static int smethod(int x);
    Guarded operator+(const Guarded& o) const;
    int operator[](int i) const;
    int size() const { return n_; }
    int value() const { return n_; }

private:
    int n_;
};

/// A value type whose assignment validates.
struct Checked {
    int v = 0;
    Checked() = default;
    Checked(const Checked&) = default;
    Checked& operator=(const Checked& o);
};

/// Holder of a Checked: assigning the field can throw.
struct Holder {
    Checked item;
};

Checked make_checked(int v);

/// A library's own exception root, not derived from std::exception (muParser's ParserError):
/// its message comes from a method.
class ParseFailure {  // swiggen: exception(message=GetMsg, base=ValueError)
public:
    ParseFailure(const std::string& msg, int pos) : msg_(msg), pos(pos) {}
    virtual ~ParseFailure() = default;
    const std::string& GetMsg() const { return msg_; }
    int pos;

private:
    std::string msg_;
};

/// Derived from it: caught before its base, the message method inherited.
class TokenFailure : public ParseFailure {  // swiggen: exception
public:
    TokenFailure(const std::string& token, int pos) : ParseFailure("bad token " + token, pos),
                                                      token(token) {}
    std::string token;
};

/// A C-style error whose message is a const char*.
struct CodeError {  // swiggen: exception(message=text)
    int code = 5;
    const char* text() const { return "code error"; }
};

/// A class thrown but not marked: RuntimeError naming its type.
struct Unmarked {
    int code = 1;
};

/// Throws: 0 ParseFailure, 1 TokenFailure, 2 CodeError, 3 Unmarked, 4 a double.
int parse(int which);

}  // namespace exc
