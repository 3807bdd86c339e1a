#include "opencv.h"

namespace cvt {

cv::Mat ramp(int rows, int cols, int type) {
    cv::Mat m(rows, cols, type);
    const int n = rows * cols * m.channels();
    cv::Mat flat = m.reshape(1, 1);
    for (int i = 0; i < n; ++i) {
        switch (m.depth()) {
            case CV_8U: flat.at<unsigned char>(0, i) = (unsigned char)i; break;
            case CV_8S: flat.at<signed char>(0, i) = (signed char)(i % 100); break;
            case CV_16U: flat.at<unsigned short>(0, i) = (unsigned short)i; break;
            case CV_16S: flat.at<short>(0, i) = (short)i; break;
            case CV_32S: flat.at<int>(0, i) = i; break;
            case CV_32F: flat.at<float>(0, i) = (float)i; break;
            case CV_64F: flat.at<double>(0, i) = (double)i; break;
            case CV_16F: flat.at<cv::float16_t>(0, i) = cv::float16_t((float)i); break;
        }
    }
    return m;
}

cv::Mat same(const cv::Mat &m) { return m; }
cv::Mat byvalue(cv::Mat m) {
    if (!m.empty()) m.data[0] = 7;  // a Mat by value shares its pixels: C++ may write
    return m;
}
cv::Mat region(const cv::Mat &m, cv::Rect roi) { return m(roi); }
std::size_t address(const cv::Mat &m) { return (std::size_t)m.data; }
cv::Scalar describe(const cv::Mat &m) {
    return cv::Scalar(m.depth(), m.channels(), m.rows * 1000 + m.cols, m.isContinuous());
}
void add_inplace(cv::Mat &m, double value) { m += cv::Scalar::all(value); }
cv::Scalar total(cv::InputArray src) { return cv::sum(src); }
void scaled(cv::InputArray src, cv::OutputArray dst, double factor) {
    src.getMat().convertTo(dst, -1, factor);
}
double negated(cv::InputArray src, cv::OutputArray dst) {
    cv::subtract(cv::Scalar::all(0), src, dst);
    return cv::sum(src)[0];
}
void bump(cv::InputOutputArray m) {
    cv::Mat mat = m.getMat();
    mat += cv::Scalar::all(1);
}
cv::Mat1b gray(int rows, int cols) {
    cv::Mat1b m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) m(r, c) = (unsigned char)(r * cols + c);
    return m;
}
cv::Mat3f colour(const cv::Mat3f &m) { return m * 2; }
cv::Rect grow(cv::Rect r, int by) { return cv::Rect(r.x - by, r.y - by, r.width + 2 * by, r.height + 2 * by); }
cv::Size size_of(const cv::Mat &m) { return m.size(); }
cv::Point2f centre(cv::Rect r) { return cv::Point2f(r.x + r.width / 2.0f, r.y + r.height / 2.0f); }
cv::Point shift(cv::Point p, cv::Point by) { return p + by; }
cv::Scalar mean(const cv::Mat &m) { return cv::mean(m); }
cv::Vec3b pixel(const cv::Mat &m, int row, int col) {
    CV_Assert(m.type() == CV_8UC3 && row >= 0 && row < m.rows && col >= 0 && col < m.cols);
    return m.at<cv::Vec3b>(row, col);
}
int kind_of(int) { return 1; }
int kind_of(const cv::Mat &) { return 2; }
int kind_of(cv::Rect, double) { return 3; }
void by_pointer(cv::Mat *) {}
void typed_inplace(cv::Mat1b &) {}
double first(const cv::Mat &m) {
    CV_Assert(!m.empty() && m.type() == CV_64FC1);
    return m.at<double>(0, 0);
}

}  // namespace cvt
