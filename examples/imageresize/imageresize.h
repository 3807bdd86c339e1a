// The brief's image operator written the OpenCV way: a Mat in, a Mat out, a region of interest
// and a scale factor. swiggen wraps it with no annotation (docs/opencv.md): src is any numpy
// image (H x W or H x W x C, any OpenCV depth), roi a tuple (x, y, width, height), the result a
// numpy array over the Mat OpenCV made.
#pragma once
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace ir {

/// Resizes the region `roi` of `src` by `fx` x `fy` with `interpolation` (cv::INTER_NEAREST,
/// cv::INTER_LINEAR, cv::INTER_AREA, ...).
cv::Mat ImageResize(const cv::Mat &src, cv::Rect roi, double fx, double fy,
                    int interpolation = cv::INTER_LINEAR);

/// The same through OpenCV's own parameter types: cv::InputArray in, cv::OutputArray returned.
void ImageResizeInto(cv::InputArray src, cv::OutputArray dst, cv::Rect roi, double fx,
                     double fy, int interpolation = cv::INTER_LINEAR);

/// Seconds per cv::resize of `roi` of `src`, timed in C++ over `n` calls (benchmarks/imageresize.py:
/// the call without any conversion, to compare with ImageResize's from Python).
double ResizeSeconds(const cv::Mat &src, cv::Rect roi, double fx, double fy, int interpolation,
                     int n);

}  // namespace ir
