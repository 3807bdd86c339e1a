#include "imageresize.h"

#include <chrono>

namespace ir {

cv::Mat ImageResize(const cv::Mat &src, cv::Rect roi, double fx, double fy, int interpolation) {
    cv::Mat dst;
    cv::resize(src(roi), dst, cv::Size(), fx, fy, interpolation);
    return dst;
}

void ImageResizeInto(cv::InputArray src, cv::OutputArray dst, cv::Rect roi, double fx,
                     double fy, int interpolation) {
    cv::resize(src.getMat()(roi), dst, cv::Size(), fx, fy, interpolation);
}

double ResizeSeconds(const cv::Mat &src, cv::Rect roi, double fx, double fy, int interpolation,
                     int n) {
    cv::Mat dst;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) {
        cv::Mat out;  // a new result each time, as ImageResize makes
        cv::resize(src(roi), out, cv::Size(), fx, fy, interpolation);
        dst = out;
    }
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    return n > 0 ? took.count() / n : 0.0;
}

}  // namespace ir
