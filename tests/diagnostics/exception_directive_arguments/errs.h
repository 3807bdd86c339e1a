#include <string>

namespace er {

/// Not derived from std::exception and no message method named.
class Plain {  // swiggen: exception
public:
    int code;
};

/// The named method does not exist.
class Missing {  // swiggen: exception(message=GetMsg)
public:
    std::string message() const;
};

/// The named method does not return a string.
class Numeric {  // swiggen: exception(message=code)
public:
    int code() const;
};

/// Unknown argument, and a base that is not a builtin exception.
class Odd {  // swiggen: exception(message=text, kind=fatal)
public:
    const char* text() const;
};
class Based {  // swiggen: exception(message=text, base=Plain)
public:
    const char* text() const;
};

}  // namespace er
