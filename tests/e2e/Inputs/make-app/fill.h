#pragma once
#define FILL_VALUE 7
int fill(int *p, int n);
