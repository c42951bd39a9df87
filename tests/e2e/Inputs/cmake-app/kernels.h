#pragma once
int launch_fill(int *out, int n, int value);
int launch_scale(float *p, float s, int n);
