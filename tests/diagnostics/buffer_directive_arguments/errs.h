#pragma once
#include <string>
#include <vector>

namespace bx {

class Unknown {  // swiggen: buffer(pixels, rows)
public:
  float *data();
  int rows() const;
};

class NotAPointer {  // swiggen: buffer(name, rows)
public:
  std::string name;
  int rows() const;
};

class TextResult {  // swiggen: buffer(label, 3)
public:
  std::string label() const;
};

class BadDim {  // swiggen: buffer(data, height, scale)
public:
  float *data();
  int height() const;
  double scale() const;
};

class NoDims {  // swiggen: buffer(data)
public:
  float *data();
};

class BadStrides {  // swiggen: buffer(data, rows, cols, strides(pitch))
public:
  float *data();
  int rows() const;
  int cols() const;
  int pitch() const;
};

class BadExpression {  // swiggen: buffer(data, rows ** 2, itemsize)
public:
  float *data();
  int rows() const;
};

class Fine {  // swiggen: buffer(values)
public:
  std::vector<double> values;
  void Grow(int n);  // swiggen: resizes
};

}  // namespace bx

namespace bx {
class Plain {
public:
  void Grow(int n);  // swiggen: resizes
};
void grow_all();  // swiggen: resizes
}  // namespace bx
