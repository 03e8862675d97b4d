/* test-session.c — the tracker and observer on scripted recorded sessions, scored against
 * their ground truth: every event found in order, no spurious entries or departures from
 * hands and flicker, taps reported within 2 frames of settling. Detection is taken from the
 * truth (cards whose title is at least half visible), so this scores tracking alone; the
 * benchmark scores the whole pipeline with the real detector. */
#include "session-eval.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

static void
check (const EvalResult *r, const char *what)
{
  printf ("# %s: %d truth events, %d reported, %d matched; precision %.3f recall %.3f; "
          "%d/%d taps within 2 frames; %d spurious enter/leave\n", what, r->truth, r->reported,
          r->matched, r->precision, r->recall, r->taps_within_2, r->taps,
          r->spurious_enter_leave);
  if (r->recall < 1.0 || r->precision < 1.0 || r->in_order != r->matched ||
      r->spurious_enter_leave > 0 || r->taps_within_2 != r->taps)
    fail_msg ("%s:\n%s", what, r->log->str);
}

static void
test_session__demo_session_events_all_found_in_order (void **state)
{
  g_autofree char *dir = g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures",
                                           "demo-session", NULL);
  EvalResult r;
  g_autoptr (GError) error = NULL;
  assert_true (eval_session_dir (dir, EVAL_TRUTH_CANDIDATES, NULL, &r, &error));
  assert_true (r.truth > 10);
  check (&r, "demo session");
  eval_result_clear (&r);
}

/* Four identical Mountains, hands over them for seconds, taps and untaps, an attack, a death,
 * a card taken back to hand, flicker and shake. Small frames: only the truth is used here,
 * and rendering is the slow part. */
static const char *const busy_script =
  "size 320x180\n"
  "frames 330\n"
  "seed 11\n"
  "at 0 place 1 \"Mountain\" 1 0.27 0.74\n"
  "at 0 place 2 \"Mountain\" 1 0.41 0.74\n"
  "at 0 place 3 \"Mountain\" 1 0.55 0.74\n"
  "at 0 place 4 \"Mountain\" 1 0.69 0.74\n"
  "at 0 place 5 \"Forest\" 2 0.66 0.26\n"
  "at 4 tap 3\n"
  "at 6 tap 1\n"
  "at 12 enter 6 \"Hill Giant\" 2 0.46 0.26\n"
  "at 30 hand 0.20 1.30 0.45 0.70 90\n"
  "at 60 flicker 10\n"
  "at 130 untap 3\n"
  "at 132 untap 1\n"
  "at 140 enter 7 \"Grizzly Bears\" 2 0.30 0.26\n"
  "at 150 tap 5\n"
  "at 160 attack 6\n"
  "at 170 tap 6\n"
  "at 180 shake 6\n"
  "at 190 die 7\n"
  "at 200 retreat 6\n"
  "at 150 leave 2\n";

static void
test_session__busy_scripted_session (void **state)
{
  EvalResult r;
  g_autoptr (GError) error = NULL;
  if (!eval_session_script (busy_script, EVAL_TRUTH_CANDIDATES, NULL, &r, &error))
    fail_msg ("%s", error->message);
  assert_true (r.truth >= 15);
  check (&r, "busy session");
  eval_result_clear (&r);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_session__demo_session_events_all_found_in_order),
    cmocka_unit_test (test_session__busy_scripted_session),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
