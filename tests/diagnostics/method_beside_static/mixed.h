#pragma once
#include <string>
struct Db {
    std::string name = "x";
    int info() const { return 1; }
    static int info(const std::string& file) { return static_cast<int>(file.size()); }
};
