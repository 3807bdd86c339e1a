// Classes that own contiguous storage and expose it through the buffer protocol (`buffer`):
// an 8-bit H x W x C image, a float matrix whose rows are padded (strides), a std::vector
// holder that can be resized, read-only storage, and complex samples.
#pragma once
#include <complex>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace bf {

/// An interleaved 8-bit image, `height x width x channels`.
class Image {  // swiggen: buffer(pixels, height, width, channels)
public:
  Image(int height, int width, int channels)
      : h_(height), w_(width), c_(channels) {
    if (height < 0 || width < 0 || channels <= 0) throw std::invalid_argument("bad image size");
    px_.assign((size_t)height * width * channels, 0);
  }
  std::uint8_t *pixels() { return px_.data(); }
  const std::uint8_t *pixels() const { return px_.data(); }
  int height() const { return h_; }
  int width() const { return w_; }
  int channels() const { return c_; }
  int at(int y, int x, int ch) const { return px_.at(((size_t)y * w_ + x) * c_ + ch); }
  void set(int y, int x, int ch, int v) { px_.at(((size_t)y * w_ + x) * c_ + ch) = (std::uint8_t)v; }
  /// Reallocates the pixels for a new size (found by its name).
  void resize(int height, int width) {
    h_ = height;
    w_ = width;
    px_.assign((size_t)height * width * c_, 0);
    px_.shrink_to_fit();
  }
  /// Replaces the storage whatever the name says (marked).
  void Reshape(int width) {  // swiggen: resizes
    resize(h_, width);
  }
  /// A method that neither resizes nor reallocates: allowed while a view exists.
  void fill(int v) {
    for (auto &p : px_) p = (std::uint8_t)v;
  }

private:
  int h_, w_, c_;
  std::vector<std::uint8_t> px_;
};

/// A row-major float matrix whose rows are `stride` floats apart (padded to 4).
// swiggen: buffer(data, rows, cols, strides(stride * itemsize, itemsize))
class Matrix {
public:
  Matrix(int rows, int cols) : rows_(rows), cols_(cols), stride_((cols + 3) / 4 * 4) {
    v_.assign((size_t)rows * stride_, -1.0f);  // the padding holds -1
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) v_[(size_t)r * stride_ + c] = 0.0f;
  }
  float *data() { return v_.data(); }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int stride() const { return stride_; }
  float get(int r, int c) const { return v_.at((size_t)r * stride_ + c); }
  void put(int r, int c, float x) { v_.at((size_t)r * stride_ + c) = x; }
  /// The sum of the cells, padding excluded.
  double sum() const {
    double s = 0;
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) s += v_[(size_t)r * stride_ + c];
    return s;
  }

private:
  int rows_, cols_, stride_;
  std::vector<float> v_;
};

/// A std::vector<double> field as a 1-D buffer (its length by default).
struct Samples {  // swiggen: buffer(values)
  std::vector<double> values;
  std::string name;
  int reserve_hint = 0;  // swiggen: resizes
  double total() const {
    double s = 0;
    for (double v : values) s += v;
    return s;
  }
  void resize(size_t n) { values.resize(n); }
  void push_back(double v) { values.push_back(v); }
  void clear() { values.clear(); }
  size_t size() const { return values.size(); }
};

/// Storage behind a pointer to const: the view is read-only.
class Table {  // swiggen: buffer(row_data, count)
public:
  explicit Table(int n) : v_(n) {
    for (int i = 0; i < n; ++i) v_[i] = i * 10;
  }
  const std::int32_t *row_data() const { return v_.data(); }
  int count() const { return (int)v_.size(); }

private:
  std::vector<std::int32_t> v_;
};

/// Writable storage exported read-only by the directive.
class Frozen {  // swiggen: buffer(data, size, readonly)
public:
  explicit Frozen(size_t n) : v_(n, 7) {}
  std::uint16_t *data() { return v_.data(); }
  size_t size() const { return v_.size(); }

private:
  std::vector<std::uint16_t> v_;
};

/// Complex samples, `n x 2` channels as an expression of a field.
class Signal {  // swiggen: buffer(samples, n, 2)
public:
  explicit Signal(int len) : n(len), s_((size_t)len * 2, {1.0, -1.0}) {}
  std::complex<double> *samples() { return s_.data(); }
  int n;

private:
  std::vector<std::complex<double>> s_;
};

/// Every arithmetic element type through one class template's instances is not needed: one
/// field per type checks the formats.
struct Kinds {  // swiggen: buffer(i64, 3)
  std::int64_t i64[3] = {1, 2, 3};
};

/// A class derived from a buffer class exports as its base does.
class Thumbnail : public Image {
public:
  Thumbnail() : Image(2, 2, 3) {}
  int scale() const { return 4; }
};

/// A reference to an image kept inside another object: a read-only view of it exports read-only.
class Album {
public:
  Album() : cover_(2, 2, 1) {}
  const Image &cover() const { return cover_; }
  Image &editable() { return cover_; }

private:
  Image cover_;
};

}  // namespace bf
