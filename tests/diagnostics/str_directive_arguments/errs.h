#include <string>
#include <vector>

namespace st {

/// No to= at all.
class NoTo {  // swiggen: str(from=NoTo)
public:
    NoTo(const std::string &s);
};

/// An argument that is not one of to/from/size.
class Odd {  // swiggen: str(to=text, encoding=utf8)
public:
    std::string text() const;
};

/// to= names a method that gives no text (a byte array class).
class Bytes { public: int n; };
class Wrong {  // swiggen: str(to=toUtf8)
public:
    Wrong(const std::string &s);
    Bytes toUtf8() const;
};

/// to= names no method.
class Missing {  // swiggen: str(to=toStdString)
public:
    Missing(const char *s);
    std::string str() const;
};

/// No constructor takes text alone (the encoding has no default), and from= was not given.
class NoMaker {  // swiggen: str(to=data)
public:
    NoMaker(const char *s, int encoding);
    const char *data() const;
};

/// size= for a result that knows its size.
class Sized {  // swiggen: str(to=str, size=length)
public:
    Sized(const std::string &s);
    std::string str() const;
    int length() const;
};

}  // namespace st
