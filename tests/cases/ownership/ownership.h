// Ownership: factories, adoption, borrowed references, smart pointers, nested fields.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace own {

/// Live C++ Node objects (constructed minus destroyed).
int live_nodes();
/// Nodes destroyed so far.
int destroyed_nodes();

/// A node counted by live_nodes().
class Node {
public:
    explicit Node(int value = 0);
    Node(const Node& other);
    ~Node();
    int value;
};

/// A container that owns its elements.
class Scene {
public:
    Scene() = default;
    ~Scene();
    Scene(const Scene&) = delete;
    /// Takes ownership of `node`.
    void add(Node* node);  // swiggen: disown(node)
    /// A reference into the scene: keeps the scene alive.
    Node& at(int i);
    /// A pointer into the scene: keeps the scene alive.
    Node* first();
    int size() const { return static_cast<int>(nodes_.size()); }
    /// Deletes `gone`, one of the scene's nodes (Box2D's World::DestroyBody): the Python
    /// object passed is cleared.
    void remove(Node* gone);  // swiggen: destroys(gone)
    /// The same parameter type and name, nothing deleted: the argument stays usable.
    int holds(Node* gone) const;

private:
    std::vector<Node*> nodes_;
};

/// Deletes a node the caller owns (a C library's free function).
void node_free(Node* gone);  // swiggen: destroys(gone)

/// Reads a node; takes no ownership (same parameter name as Scene::add's).
int peek(const Node* node);
/// The same type and name as Scene::add's disowned parameter, non-const: takes nothing.
int weigh(Node* node);

/// A node owned by `scene` (C style): the result keeps the scene alive.
Node* scene_front(Scene* scene);  // swiggen: borrowed

/// A new node the caller must delete.
Node* make_node(int value);  // swiggen: newobject
/// A node owned by a static pool (never deleted by Python).
Node* pooled_node();  // swiggen: borrowed
/// No ownership directive: a warning, treated as borrowed.
Node* mystery_node();

std::unique_ptr<Node> make_unique_node(int value);
int consume(std::unique_ptr<Node> node);

/// Held through std::shared_ptr (SWIG then holds every Resource that way).
class Resource {
public:
    explicit Resource(int value);
    ~Resource();
    int value;
};
/// Live Resource objects.
int live_resources();
std::shared_ptr<Resource> make_resource(int value);
int resource_value(std::shared_ptr<Resource> r);
long use_count(const std::shared_ptr<Resource>& r);
/// Keeps a shared reference in C++ until release_kept().
void keep(std::shared_ptr<Resource> r);
void release_kept();

/// A C-style handle released by its library's function, never by `delete`.
struct Handle {  // swiggen: deleter(handle_close)
    int id;
    Handle* next;  // swiggen: readonly
};
Handle* handle_open(int id);  // swiggen: newobject
void handle_close(Handle* h);
/// Handles closed so far.
int closed_handles();
/// A handle released by a static method of its own (a C++ class over a C handle), made only
/// by its static open().
struct Closable {  // swiggen: deleter(own::Closable::close)
    int id;
    static Closable* open(int id);  // swiggen: newobject
    static void close(Closable* c);
};
/// Closables closed so far.
int closed_closables();
/// A malloc'ed C string the caller must release with text_free.
char* handle_name(const Handle* h);  // swiggen: newobject(text_free)
void text_free(char* text);
/// Strings released by text_free so far.
int freed_texts();

struct Inner {
    int x = 0;
};
struct Outer {
    Inner inner;
    int tag = 0;
};
Outer make_outer();

}  // namespace own
