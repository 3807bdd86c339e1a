#include "ownership.h"

#include <stdexcept>

#include <cstdlib>
#include <cstring>

namespace own {

static int g_live = 0;
static int g_destroyed = 0;

int live_nodes() { return g_live; }
int destroyed_nodes() { return g_destroyed; }

Node::Node(int v) : value(v) { ++g_live; }
Node::Node(const Node& other) : value(other.value) { ++g_live; }
Node::~Node() {
    --g_live;
    ++g_destroyed;
}

Scene::~Scene() {
    for (Node* n : nodes_) delete n;
}
void Scene::add(Node* node) { nodes_.push_back(node); }
Node& Scene::at(int i) { return *nodes_.at(static_cast<std::size_t>(i)); }
Node* Scene::first() { return nodes_.empty() ? nullptr : nodes_.front(); }
void Scene::remove(Node* gone) {
    for (auto it = nodes_.begin(); it != nodes_.end(); ++it) {
        if (*it == gone) {
            nodes_.erase(it);
            delete gone;
            return;
        }
    }
    throw std::invalid_argument("not a node of this scene");
}
int Scene::holds(Node* gone) const {
    int n = 0;
    for (Node* p : nodes_) n += p == gone;
    return n;
}
void node_free(Node* gone) { delete gone; }

Node* scene_front(Scene* scene) { return scene->first(); }
int peek(const Node* node) { return node->value; }
int weigh(Node* node) { return 2 * node->value; }
Node* make_node(int value) { return new Node(value); }
Node* pooled_node() {
    static Node* pool = new Node(99);
    return pool;
}
Node* mystery_node() { return pooled_node(); }

std::unique_ptr<Node> make_unique_node(int value) { return std::make_unique<Node>(value); }
int consume(std::unique_ptr<Node> node) { return node->value; }

static int g_resources = 0;
static std::shared_ptr<Resource> g_kept;
Resource::Resource(int v) : value(v) { ++g_resources; }
Resource::~Resource() { --g_resources; }
int live_resources() { return g_resources; }
std::shared_ptr<Resource> make_resource(int value) { return std::make_shared<Resource>(value); }
int resource_value(std::shared_ptr<Resource> r) { return r->value; }
long use_count(const std::shared_ptr<Resource>& r) { return r.use_count(); }
void keep(std::shared_ptr<Resource> r) { g_kept = r; }
void release_kept() { g_kept.reset(); }

Outer make_outer() { return Outer(); }

static int g_closed = 0;
static int g_freed = 0;
Handle* handle_open(int id) { return new Handle{id, nullptr}; }
void handle_close(Handle* h) {
    ++g_closed;
    delete h;
}
int closed_handles() { return g_closed; }
static int g_closables = 0;
Closable* Closable::open(int id) { return new Closable{id}; }
void Closable::close(Closable* c) {
    ++g_closables;
    delete c;
}
int closed_closables() { return g_closables; }
char* handle_name(const Handle* h) {
    std::string name = "handle-" + std::to_string(h->id);
    char* text = static_cast<char*>(std::malloc(name.size() + 1));
    std::memcpy(text, name.c_str(), name.size() + 1);
    return text;
}
void text_free(char* text) {
    ++g_freed;
    std::free(text);
}
int freed_texts() { return g_freed; }

}  // namespace own
