#pragma once
int saxpy(float a, const float *x, float *y, int n);
int scale(float *p, float s, int n);
extern "C" int c_answer(void);
