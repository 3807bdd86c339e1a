// The callback benchmark's library: a C++ loop calling a virtual that Python overrides.
#pragma once

namespace cb {

/// An interface Python implements.
class Handler {  // swiggen: overridable
 public:
  virtual ~Handler() = default;
  virtual int handle(int event) = 0;
};

/// Call `handler.handle(i)` for i in [0, n); the sum of the results.
long call_many(Handler& handler, int n);

}  // namespace cb
