#include "outparams.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <sstream>

namespace op {

static int g_live = 0;
Widget::Widget() { ++g_live; }
Widget::Widget(const Widget& other) : id(other.id), label(other.label) { ++g_live; }
Widget::~Widget() { --g_live; }
int live_widgets() { return g_live; }

int widget_id(const Widget* w) { return w->id; }
int widget_id_or(const Widget* w) { return w ? w->id : -1; }
int has_stream(FILE* stream) { return stream != nullptr; }
int widget_id_ann(const Widget* w) { return w ? w->id : -1; }
int text_length(const char* text) { return static_cast<int>(std::string(text).size()); }
int text_length_or(const char* text) { return text ? static_cast<int>(std::string(text).size()) : -1; }
void reset_widget(Widget*& w) { w->id = 0; }
int Chain::count(const Widget* w) const { return w->id; }
int Chain::count_or(const Widget* w) const { return w ? w->id : -1; }

void split_name(const std::string& full, std::string* first, std::string& last) {
    auto space = full.find(' ');
    *first = full.substr(0, space);
    last = space == std::string::npos ? "" : full.substr(space + 1);
}
double divide(int a, int b, int* remainder) {
    *remainder = a % b;
    return static_cast<double>(a / b);
}
void stats(const std::vector<double>& xs, double* mean, double* max, bool* empty) {
    *empty = xs.empty();
    *mean = xs.empty() ? 0.0 : std::accumulate(xs.begin(), xs.end(), 0.0) / xs.size();
    *max = xs.empty() ? 0.0 : *std::max_element(xs.begin(), xs.end());
}
void digits(int n, std::vector<int>* out_digits) {
    for (char c : std::to_string(n)) out_digits->push_back(c - '0');
}
void word_counts(const std::string& text, std::map<std::string, int>* counts) {
    std::istringstream in(text);
    std::string word;
    while (in >> word) ++(*counts)[word];
}
void pick_mode(int level, Mode* mode) { *mode = level > 1 ? Mode::Safe : Mode::Fast; }
void fill_widget(int id, Widget& w) { w.id = id; w.label = "filled"; }

void bump(int* counter, int by) { *counter += by; }
void shout(std::string& text, std::vector<int>* lengths) {
    for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    lengths->push_back(static_cast<int>(text.size()));
}

bool make_widget(int id, Widget** made) {
    if (id < 0) {
        *made = nullptr;
        return false;
    }
    *made = new Widget();
    (*made)->id = id;
    return true;
}
static Widget g_shared;
void shared_widget(Widget** shared) { *shared = &g_shared; }
void Factory::make(Widget** product) {
    *product = new Widget();
    (*product)->id = ++made;
}
void version_string(const char** text) { *text = "1.2.3"; }
void area(double w, double h, double* result) { *result = w * h; }
void convert(double x, int* int_out) { *int_out = static_cast<int>(x); }
void scale(double* values, double f) { *values *= f; }

unsigned int byte_sum(const char* data, size_t size) {
    unsigned int sum = 0;
    for (size_t i = 0; i < size; ++i) sum += static_cast<unsigned char>(data[i]);
    return sum;
}
void reverse_bytes(const char* data, size_t size, std::string* reversed) {
    std::string forward(data, size);
    reversed->assign(forward.rbegin(), forward.rend());
}

Status::Status(int code, const std::string& what) : code_(code), what_(what) {}
Status Status::OK() { return Status(); }
Status Status::NotFound(const std::string& what) { return Status(1, what); }
Status Status::IOError(const std::string& what) { return Status(2, what); }
Status Status::InvalidArgument(const std::string& what) { return Status(3, what); }
Status Status::Corruption(const std::string& what) { return Status(4, what); }
bool Status::ok() const { return code_ == 0; }
bool Status::IsNotFound() const { return code_ == 1; }
bool Status::IsIOError() const { return code_ == 2; }
bool Status::IsInvalidArgument() const { return code_ == 3; }
std::string Status::ToString() const {
    static const char* names[] = {"OK", "NotFound: ", "IO error: ", "Invalid argument: ",
                                  "Corruption: "};
    return code_ == 0 ? "OK" : names[code_] + what_;
}

Status check(const std::string& code) {
    if (code == "missing") return Status::NotFound("no such thing");
    if (code == "io") return Status::IOError("disk on fire");
    if (code == "bad") return Status::InvalidArgument("bad input");
    if (code == "corrupt") return Status::Corruption("bits flipped");
    return Status::OK();
}
Status find(const std::string& key, std::string* value) {
    if (key.empty()) return Status::InvalidArgument("empty key");
    if (key[0] == 'x') return Status::NotFound(key);
    *value = "value of " + key;
    return Status::OK();
}
Status open_widget(const std::string& name, Widget** widget) {
    if (name.empty()) return Status::InvalidArgument("empty name");
    *widget = new Widget();
    (*widget)->label = name;
    return Status::OK();
}
bool try_get(int key, std::string* value) {
    if (key <= 0) return false;
    *value = std::to_string(key * 10);
    return true;
}
bool probe(int key, std::string* value) {
    *value = key > 0 ? "found" : "";
    return key > 0;
}

}  // namespace op
