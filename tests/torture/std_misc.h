#pragma once
#include <chrono>
#include <complex>
#include <deque>
#include <filesystem>
#include <list>
#include <unordered_set>
namespace t_stdmisc {
inline std::complex<double> cmul(std::complex<double> a, std::complex<double> b) { return a * b; }
inline std::complex<float> cconj(const std::complex<float>& a) { return std::conj(a); }
inline std::deque<int> to_deque(const std::list<int>& l) { return {l.begin(), l.end()}; }
inline std::list<double> halves(const std::deque<double>& d) {
  std::list<double> out;
  for (double v : d) out.push_back(v / 2);
  return out;
}
inline std::chrono::milliseconds twice_ms(std::chrono::milliseconds d) { return d * 2; }
inline double as_seconds(std::chrono::duration<double> d) { return d.count(); }
inline std::filesystem::path parent_of(const std::filesystem::path& p) { return p.parent_path(); }
inline std::size_t distinct(const std::unordered_set<int>& s) { return s.size(); }
}  // namespace t_stdmisc
