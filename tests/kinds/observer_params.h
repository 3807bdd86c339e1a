// A constructor's pointer to an object of a class with virtual functions is an observer or a sink
// the new object calls later (glog's `LogMessage(file, line, severity, LogSink* sink, ...)` sends
// to the sink when it is destroyed): the new object keeps it alive, copyable or not, directly
// polymorphic or through a base, while a pointer to a plain struct is only read in the call.
#pragma once

namespace obs {
class ObsSink {
public:
    ObsSink() { ++live; }
    ObsSink(const ObsSink &) { ++live; }
    virtual ~ObsSink() { --live; }
    virtual void send(int v) { last = v; }
    int last = 0;
    static inline int live = 0;
};
class ObsCountingSink : public ObsSink {  // polymorphic through its base
public:
    void send(int v) override { count += v; }
    int count = 0;
};
struct ObsPoint {
    int x = 0;
};
class ObsMessage {
public:
    ObsMessage(int v, ObsSink *sink) : v_(v), sink_(sink) {}
    ObsMessage(int v, ObsCountingSink *sink, const ObsPoint *at)
        : v_(v + (at ? at->x : 0)), sink_(sink) {}
    ~ObsMessage() { if (sink_) sink_->send(v_); }  // the sink is used when the message goes
    int value() const { return v_; }
private:
    int v_;
    ObsSink *sink_;
};
}  // namespace obs
