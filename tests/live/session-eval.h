/* session-eval.h — runs the live pipeline over a recorded (or scripted) session and scores the
 * events it reports against the session's ground truth. Shared by the session test and the
 * live benchmark. */
#pragma once

#include "observe.h"
#include "synth.h"

G_BEGIN_DECLS

typedef enum {
  EVAL_TRUTH_CANDIDATES,  /* perfect detection: the truth's quads of cards whose title is at
                           * least half visible, names given; scores tracking alone */
  EVAL_DETECTOR,          /* the real detector and title reader on the frames */
} EvalMode;

typedef struct {
  int truth, reported, matched;   /* events */
  int spurious_enter_leave;       /* reported entries/departures that match nothing */
  int in_order;                   /* matched events whose time stamps keep the truth's order
                                   * (to within 6 frames) */
  int taps, taps_within_2;        /* matched (un)taps, and those reported <= 2 frames after
                                   * the truth's settling frame */
  double tap_latency_mean;        /* frames from the truth's settling to the report, over the
                                   * matched (un)taps (negative: before it settled) */
  int tap_latency_max;
  double precision, recall;
  int frames;
  double ms_detect, ms_track;     /* per frame */
  GString *log;                   /* one line per event, for failure messages */
} EvalResult;

void eval_result_clear (EvalResult *r);

/* A session from a folder written by `tablesight synth --session --truth`. */
gboolean eval_session_dir (const char *dir, EvalMode mode, const TsCardDb *db,
                           EvalResult *out, GError **error);
/* A session rendered from script text in memory. */
gboolean eval_session_script (const char *script, EvalMode mode, const TsCardDb *db,
                              EvalResult *out, GError **error);

G_END_DECLS
