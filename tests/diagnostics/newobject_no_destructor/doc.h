// Python cannot own an object of a class whose destructor is not public.
#pragma once
#include <memory>
class Node {
    friend class Doc;
    ~Node() {}
public:
    int value() const { return 1; }
};
class Doc {
public:
    Node* make();  // swiggen: newobject
    std::unique_ptr<Node> take();
    Node* root();
    int size() const;  // swiggen: keep_alive(n)
};
