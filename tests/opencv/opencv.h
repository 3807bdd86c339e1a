// cv::Mat and OpenCV's small types as numpy arrays and tuples (docs/opencv.md)
#pragma once
#include <opencv2/core.hpp>

namespace cvt {

/// A Mat of `rows` x `cols` pixels of `type` (CV_8UC3, ...), each element its index.
cv::Mat ramp(int rows, int cols, int type);
/// The same Mat, passed through (zero copy both ways).
cv::Mat same(const cv::Mat &m);
/// Taken by value (sharing the pixels, as Mats do); writes 7 into the first byte.
cv::Mat byvalue(cv::Mat m);
/// The region `roi` of `m` (a strided view of its data).
cv::Mat region(const cv::Mat &m, cv::Rect roi);
/// The address of the first element, to check zero copy.
std::size_t address(const cv::Mat &m);
/// Depth, channels, rows, cols and whether continuous, as a Mat sees them.
cv::Scalar describe(const cv::Mat &m);
/// Adds `value` to every element in place.
void add_inplace(cv::Mat &m, double value);
/// The sum of each channel, through cv::InputArray.
cv::Scalar total(cv::InputArray src);
/// `src` times `factor` into `dst`.
void scaled(cv::InputArray src, cv::OutputArray dst, double factor);
/// The sum of `src`, and `src` negated into `dst`: a result and an out.
double negated(cv::InputArray src, cv::OutputArray dst);
/// Adds one to each element of `m` in place.
void bump(cv::InputOutputArray m);
/// Typed Mats.
cv::Mat1b gray(int rows, int cols);
cv::Mat3f colour(const cv::Mat3f &m);
/// Small types as tuples.
cv::Rect grow(cv::Rect r, int by);
cv::Size size_of(const cv::Mat &m);
cv::Point2f centre(cv::Rect r);
cv::Point shift(cv::Point p, cv::Point by);
cv::Scalar mean(const cv::Mat &m);
cv::Vec3b pixel(const cv::Mat &m, int row, int col);
/// An overload set: an int, a Mat or a Rect.
int kind_of(int x);
int kind_of(const cv::Mat &m);
int kind_of(cv::Rect r, double scale);
/// Not converted (SG311): a Mat by pointer, a typed Mat by non-const reference.
void by_pointer(cv::Mat *m);
void typed_inplace(cv::Mat1b &m);
/// Throws cv::Exception (an empty Mat).
double first(const cv::Mat &m);

/// Keeps a Mat (owner kept alive on both sides).
class Holder {
public:
    Holder() {}
    void set(const cv::Mat &m) { m_ = m; }
    cv::Mat get() const { return m_; }
    cv::Mat m_;
};

}  // namespace cvt
