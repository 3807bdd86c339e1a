// Out-parameters, in/out-parameters, status results and None for pointers (docs/outparams.md).
#pragma once
#include <cstddef>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace op {

enum class Mode { Fast, Safe };

/// A wrapped class with a live-object counter (ownership of `T**` results).
struct Widget {
    Widget();
    Widget(const Widget& other);
    ~Widget();
    int id = 0;
    std::string label;
};
int live_widgets();

// ---- None for pointer parameters -----------------------------------------------------------
int widget_id(const Widget* w);                           // None raises TypeError
int widget_id_or(const Widget* w = nullptr);              // default nullptr: None accepted
/// A pointer to a type SWIG knows only by its typedef (FILE is stdio's `_IO_FILE`).
int has_stream(FILE* stream = 0);
int widget_id_ann(const Widget* w);                       // swiggen: nullable(w)
int text_length(const char* text);                        // None raises TypeError
int text_length_or(const char* text = NULL);              // default NULL: None accepted
void reset_widget(Widget*& w);                            // T*&: never None

/// Refers to another widget; a null `next` is fine in a field.
struct Chain {
    Widget* next = nullptr;
    int count(const Widget* w) const;                     // same type and name as below
    int count_or(const Widget* w = nullptr) const;
};

// ---- out-parameters by directive -------------------------------------------------------------
void split_name(const std::string& full, std::string* first, std::string& last);  // swiggen: out(first, last)
double divide(int a, int b, int* remainder);              // swiggen: out(remainder)
void stats(const std::vector<double>& xs, double* mean, double* max, bool* empty);  // swiggen: out(mean, max, empty)
void digits(int n, std::vector<int>* out_digits);         // swiggen: out(out_digits)
void word_counts(const std::string& text, std::map<std::string, int>* counts);  // swiggen: out(counts)
void pick_mode(int level, Mode* mode);                    // swiggen: out(mode)
void fill_widget(int id, Widget& w);                      // swiggen: out(w)

// ---- in/out ----------------------------------------------------------------------------------
void bump(int* counter, int by);                          // swiggen: inout(counter)
void shout(std::string& text, std::vector<int>* lengths); // swiggen: inout(text), out(lengths)

// ---- defaults by rule and by name ------------------------------------------------------------
bool make_widget(int id, Widget** made);                  // T** of a wrapped class: an out
void shared_widget(Widget** shared);                      // swiggen: borrowed
/// Makes widgets through an out-parameter of a method: each keeps its factory alive.
struct Factory {
    int made = 0;
    void make(Widget** product);
};
void version_string(const char** text);                   // const char**: an out
void area(double w, double h, double* result);            // named `result`: an out
void convert(double x, int* int_out);                     // named `*_out`: an out
void scale(double* values, double f);                     // a plain pointer stays an input

// ---- binary data ---------------------------------------------------------------------------
unsigned int byte_sum(const char* data, size_t size);     // swiggen: bytes(data, size)
void reverse_bytes(const char* data, size_t size, std::string* reversed);  // swiggen: bytes(data, size), bytes(reversed)

// ---- status results --------------------------------------------------------------------------
/// What a call reports: ok, or a code and a message.
class Status {  // swiggen: status(ok=ok, message=ToString, IsNotFound=KeyError, IsIOError=OSError, IsInvalidArgument=ValueError)
public:
    Status() = default;
    static Status OK();
    static Status NotFound(const std::string& what);
    static Status IOError(const std::string& what);
    static Status InvalidArgument(const std::string& what);
    static Status Corruption(const std::string& what);
    bool ok() const;
    bool IsNotFound() const;
    bool IsIOError() const;
    bool IsInvalidArgument() const;
    std::string ToString() const;
private:
    Status(int code, const std::string& what);
    int code_ = 0;
    std::string what_;
};

/// Fails with the status named by `code` ("ok", "missing", "io", "bad", "corrupt").
Status check(const std::string& code);
Status find(const std::string& key, std::string* value);  // swiggen: out(value)
Status open_widget(const std::string& name, Widget** widget);
bool try_get(int key, std::string* value);                // swiggen: out(value), false_is(KeyError)
bool probe(int key, std::string* value);                  // swiggen: out(value)

}  // namespace op
