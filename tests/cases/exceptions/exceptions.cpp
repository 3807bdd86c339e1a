#include "exceptions.h"

namespace exc {

void raise_std(Kind k) {
    switch (k) {
        case Kind::OutOfRange: throw std::out_of_range("boom");
        case Kind::InvalidArgument: throw std::invalid_argument("boom");
        case Kind::DomainError: throw std::domain_error("boom");
        case Kind::LengthError: throw std::length_error("boom");
        case Kind::OverflowError: throw std::overflow_error("boom");
        case Kind::RangeError: throw std::range_error("boom");
        case Kind::BadAlloc: throw std::bad_alloc();
        case Kind::SystemErrno: throw std::system_error(ENOENT, std::generic_category(), "boom");
        case Kind::SystemOther: throw std::system_error(std::make_error_code(std::io_errc::stream), "boom");
        case Kind::IosFailure: throw std::ios_base::failure("boom");
        case Kind::LogicError: throw std::logic_error("boom");
        case Kind::RuntimeError: throw std::runtime_error("boom");
        case Kind::Exception: throw std::exception();
        case Kind::Int: throw 42;
        case Kind::Custom: throw DegenerateError("boom", 3);
        case Kind::CustomDerived: throw ZeroAreaError("boom");
    }
}

int safe(int x) noexcept { return x + 1; }
void load(const std::string& path) { throw std::runtime_error("cannot open " + path); }
void check_slot(int i) {
    if (i < 0) throw std::invalid_argument("negative slot");
    throw SlotError();
}

Guarded::Guarded(int n) : n_(n) {
    if (n < 0) throw std::invalid_argument("negative size");
}
int Guarded::method(int x) const {
    if (x == 0) throw DegenerateError("zero", 1);
    return x;
}
int Guarded::smethod(int x) {
    if (x == 0) throw std::overflow_error("static zero");
    return x;
}
Guarded Guarded::operator+(const Guarded& o) const {
    if (n_ + o.n_ > 10) throw std::length_error("too long");
    return Guarded(n_ + o.n_);
}
int Guarded::operator[](int i) const {
    if (i == 1) throw std::runtime_error("slot 1 is broken");
    return i;
}

Checked& Checked::operator=(const Checked& o) {
    if (o.v < 0) throw std::domain_error("negative Checked");
    v = o.v;
    return *this;
}
Checked make_checked(int v) {
    Checked c;
    c.v = v;
    return c;
}

int parse(int which) {
    switch (which) {
        case 0: throw ParseFailure("unexpected end", 2);
        case 1: throw TokenFailure("+*", 4);
        case 2: throw CodeError();
        case 3: throw Unmarked();
        case 4: throw 2.5;
    }
    return which;
}

void raise_range() { throw RangeFailure(); }

}  // namespace exc
