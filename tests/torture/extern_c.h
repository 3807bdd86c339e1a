#pragma once
#ifdef __cplusplus
extern "C" {
#endif
typedef struct c_point {
    int x;
    int y;
} c_point;
typedef union c_value {  // expect SG301
    int i;
    float f;
} c_value;
struct c_rect {
    c_point origin;
    double size[2];
    char tag[8];
};
int c_point_sum(const c_point* p);
double c_rect_area(const struct c_rect* r);
#ifdef __cplusplus
}
#endif
