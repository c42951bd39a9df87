// A string literal glued to a macro name, as pre-C++11 code writes printf
// formats (Rodinia's mummergpu: "node ("fNID")").
#include <cstdio>
#define fNID "%d"
__global__ void show(int node) { printf("in node ("fNID")\n", node); }
void showHost(int node) { printf("in node ("fNID")\n", node); }
