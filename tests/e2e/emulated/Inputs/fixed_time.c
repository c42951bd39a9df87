/* time() that always answers the same second (LD_PRELOAD): programs that
   seed from the clock give the same results in every run. */
#include <time.h>

time_t time(time_t *when) {
  if (when)
    *when = 1000000;
  return 1000000;
}
