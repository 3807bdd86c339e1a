// std::vector of wrapped classes, in and out: Python lists of (copied) objects.
#pragma once
#include <string>
#include <vector>

namespace cv {

struct Point {
    double x = 0.0;
    double y = 0.0;
};

class Tag {
public:
    explicit Tag(const std::string& name = "");
    std::string name() const;

private:
    std::string name_;
};

class Label : public Tag {
public:
    explicit Label(const std::string& name);
};

std::vector<Point> corners(double size);
double perimeter(const std::vector<Point>& points);
std::vector<Tag> tags(const std::string& csv);
std::string joined(std::vector<Tag> tags);

void store(const std::vector<Point>& points);
const std::vector<Point>& stored();

int count(const std::vector<Point>& points);
int count(const std::vector<Tag>& tags);

/// A struct with a vector-of-class field.
struct Path {
    std::vector<Point> points;
    std::string name;
};
std::size_t length(const Path& path);

}  // namespace cv
