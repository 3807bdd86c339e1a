// std::string and std::vector of arithmetic types and strings, in and out.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace box {

double sum(const std::vector<double>& values);
std::vector<int> range(int n);
std::vector<std::string> split(const std::string& text, char sep = ',');
std::string join(const std::vector<std::string>& parts, const std::string& sep = "-");
std::vector<bool> flags(const std::vector<bool>& in);
std::vector<std::uint8_t> bytes_up(std::vector<std::uint8_t> in);
std::vector<std::int64_t> twice(const std::vector<std::int64_t>& in);
std::vector<float> empty_floats();
std::size_t count(const std::vector<double>& v);
std::size_t count(const std::vector<std::string>& v);

/// A struct with container fields.
struct Record {
    std::string title;
    std::vector<int> scores;
    std::vector<std::string> tags;
};
int total(const Record& r);

}  // namespace box
