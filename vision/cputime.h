/* cputime.h — the calling thread's CPU time, for stage figures that say what work costs one
 * core whatever else the machine is doing (benchmarks run beside other work). Tesseract and
 * OpenCV run on the calling thread when limited to one thread (OMP_THREAD_LIMIT=1,
 * ts_cv_set_num_threads (1)); work they hand to other threads is not counted. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Microseconds of CPU the calling thread has used since it started. */
gint64 ts_cputime_now_us (void);

G_END_DECLS
