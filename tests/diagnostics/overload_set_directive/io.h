#pragma once
#include <vector>

struct Buffer {};

int read(int fd, int* n);
int read(const char* path, int*);

void seek(int* cursor);
void seek();

int status(int fd);
int status(const char* path);

void give(Buffer* b);
void give(int fd);

void grid(std::vector<const int*>* rows);
