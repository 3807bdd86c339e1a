#include "class_vectors.h"

#include <cmath>

namespace cv {

Tag::Tag(const std::string& name) : name_(name) {}
std::string Tag::name() const { return name_; }
Label::Label(const std::string& name) : Tag("label:" + name) {}

std::vector<Point> corners(double size) {
    return {{0, 0}, {size, 0}, {size, size}, {0, size}};
}

double perimeter(const std::vector<Point>& points) {
    double total = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Point& a = points[i];
        const Point& b = points[(i + 1) % points.size()];
        total += std::hypot(b.x - a.x, b.y - a.y);
    }
    return total;
}

std::vector<Tag> tags(const std::string& csv) {
    std::vector<Tag> out;
    std::string::size_type start = 0;
    while (start <= csv.size()) {
        std::string::size_type end = csv.find(',', start);
        if (end == std::string::npos) end = csv.size();
        out.emplace_back(csv.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::string joined(std::vector<Tag> tags) {
    std::string out;
    for (const Tag& t : tags) out += (out.empty() ? "" : "+") + t.name();
    return out;
}

static std::vector<Point> g_points;
void store(const std::vector<Point>& points) { g_points = points; }
const std::vector<Point>& stored() { return g_points; }

int count(const std::vector<Point>& points) { return 100 + (int)points.size(); }
int count(const std::vector<Tag>& tags) { return 200 + (int)tags.size(); }

std::size_t length(const Path& path) { return path.points.size(); }

}  // namespace cv
