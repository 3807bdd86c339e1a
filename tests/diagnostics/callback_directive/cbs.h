#pragma once
typedef void (*listener_fn)(void *user, int event);
void add(listener_fn cb, void *user);  // swiggen: callback(cb, data)
void add2(listener_fn cb, int n, void *user);  // swiggen: callback(n, user)
void add3(listener_fn cb, void *user);  // swiggen: callback(cb, user, until=remove_it)
