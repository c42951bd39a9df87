/* Rodinia's backprop prints no result: tests/e2e/emulated/Inputs/rodinia.sh
   compiles its facetrain.c with bpnn_free renamed to this, which saves the
   trained network with backprop.c's own bpnn_save before freeing it. */
#include "backprop.h"

void rodinia_save_and_free(BPNN *net) {
  bpnn_save(net, "output.dat");
  bpnn_free(net);
}
