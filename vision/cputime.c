/* cputime.c — the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID). */
#include "cputime.h"

#include <time.h>

gint64
ts_cputime_now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}
