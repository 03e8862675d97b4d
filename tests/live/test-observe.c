/* test-observe.c — tracker observations become engine events: zones, objects, taps on entry,
 * face-down library piles ignored, low confidence asking for confirmation; and detector
 * candidates placed on the calibrated table. */
#include "observe.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

static TsObservation
obs_make (TsObservationKind kind, guint track, const char *name, int area, gboolean tapped,
          double confidence)
{
  TsObservation o = { 0 };
  o.kind = kind;
  o.track_id = track;
  o.name = (char *) name;
  o.area = area;
  o.from_area = area;
  o.owner = 1;
  o.tapped = tapped;
  o.time_us = 2000000;
  o.confidence = confidence;
  o.needs_confirmation = confidence < 0.6;
  return o;
}

static const TsEvent *
ev (GArray *a, guint i)
{
  return g_array_index (a, TsObservedEvent, i).event;
}

static void
test_observe__entries_taps_moves_and_departures (void **state)
{
  g_autoptr (TsObserver) o = ts_observer_new (1000);
  g_autoptr (GArray) out = ts_observed_event_array_new ();

  TsObservation e = obs_make (TS_OBS_ENTERED, 7, "Llanowar Elves", TS_AREA_BATTLEFIELD, TRUE,
                              0.9);
  assert_int_equal (ts_observer_translate (o, &e, out), 2);  /* came in tapped */
  assert_int_equal (ev (out, 0)->kind, TS_EVENT_MOVE);
  assert_int_equal (ev (out, 0)->zone, TS_ZONE_BATTLEFIELD);
  assert_int_equal (ev (out, 0)->from_zone, TS_ZONE_NONE);
  assert_int_equal (ev (out, 0)->object, 0);  /* the engine gives the id */
  assert_int_equal (ev (out, 0)->source, TS_SOURCE_CAMERA);
  assert_int_equal (ev (out, 0)->player, 1);
  assert_int_equal (ev (out, 0)->time_us, 2001000);
  assert_string_equal (ev (out, 0)->card, "Llanowar Elves");
  assert_int_equal (ev (out, 1)->kind, TS_EVENT_TAP);
  assert_false (g_array_index (out, TsObservedEvent, 0).needs_confirmation);

  ts_observer_bind (o, 7, 42);
  g_array_set_size (out, 0);
  TsObservation u = obs_make (TS_OBS_UNTAPPED, 7, "Llanowar Elves", TS_AREA_BATTLEFIELD, FALSE,
                              0.95);
  assert_int_equal (ts_observer_translate (o, &u, out), 1);
  assert_int_equal (ev (out, 0)->kind, TS_EVENT_UNTAP);
  assert_int_equal (ev (out, 0)->object, 42);

  TsObservation m = obs_make (TS_OBS_MOVED, 7, "Llanowar Elves", TS_AREA_GRAVEYARD, FALSE, 0.9);
  m.from_area = TS_AREA_BATTLEFIELD;
  ts_observer_translate (o, &m, out);
  assert_int_equal (ev (out, 1)->kind, TS_EVENT_MOVE);
  assert_int_equal (ev (out, 1)->from_zone, TS_ZONE_BATTLEFIELD);
  assert_int_equal (ev (out, 1)->zone, TS_ZONE_GRAVEYARD);
  assert_int_equal (ev (out, 1)->object, 42);

  TsObservation l = obs_make (TS_OBS_LEFT, 7, "Llanowar Elves", 0, FALSE, 0.8);
  l.from_area = TS_AREA_GRAVEYARD;
  ts_observer_translate (o, &l, out);
  assert_int_equal (ev (out, 2)->zone, TS_ZONE_NONE);
  assert_int_equal (ev (out, 2)->from_zone, TS_ZONE_GRAVEYARD);
  assert_non_null (ev (out, 2)->note);
}

static void
test_observe__unsure_and_face_down (void **state)
{
  g_autoptr (TsObserver) o = ts_observer_new (0);
  g_autoptr (GArray) out = ts_observed_event_array_new ();
  /* The library pile is face down: not a card entering. */
  TsObservation lib = obs_make (TS_OBS_ENTERED, 1, NULL, TS_AREA_LIBRARY, FALSE, 0.5);
  assert_int_equal (ts_observer_translate (o, &lib, out), 0);
  /* Off every zone: not in the game. */
  TsObservation off = obs_make (TS_OBS_ENTERED, 2, "Mountain", TS_AREA_NONE, FALSE, 0.9);
  assert_int_equal (ts_observer_translate (o, &off, out), 0);
  /* An unread card on the battlefield: face-down move, to be confirmed. */
  TsObservation unread = obs_make (TS_OBS_ENTERED, 3, NULL, TS_AREA_BATTLEFIELD, FALSE, 0.9);
  assert_int_equal (ts_observer_translate (o, &unread, out), 1);
  assert_true (ev (out, 0)->flags & TS_EVENT_FLAG_FACEDOWN);
  assert_true (g_array_index (out, TsObservedEvent, 0).needs_confirmation);
  /* A doubtful tap asks for confirmation and says so in its note. */
  TsObservation tap = obs_make (TS_OBS_TAPPED, 3, "Mountain", TS_AREA_BATTLEFIELD, TRUE, 0.4);
  ts_observer_translate (o, &tap, out);
  assert_true (g_array_index (out, TsObservedEvent, 1).needs_confirmation);
  assert_non_null (strstr (ev (out, 1)->note, "confirm"));
}

static void
test_observe__candidates_placed_on_the_table (void **state)
{
  g_autoptr (TsCalibration) cal = ts_calibration_new ();
  ts_calibration_set_layout (cal, ts_zone_layout_load_named ("two-player-wide", NULL));
  ts_calibration_fit_image (cal, 1000, 562);
  assert_true (ts_calibration_has_table (cal));
  TsCardCandidate c[2];
  memset (c, 0, sizeof c);
  /* South's card, tapped (turned clockwise): its top edge now points right. */
  const double q[4][2] = { { 544, 370 }, { 544, 433 }, { 456, 433 }, { 456, 370 } };
  memcpy (c[0].quad, q, sizeof q);
  c[0].has_quad = TRUE;
  c[0].confidence = 0.8;
  /* A title alone (no outline), upright, in North's graveyard. */
  const double t[4][2] = { { 60, 40 }, { 110, 40 }, { 110, 46 }, { 60, 46 } };
  memcpy (c[1].title, t, sizeof t);
  c[1].upright_known = TRUE;
  g_autoptr (GArray) inputs = g_array_new (FALSE, FALSE, sizeof (TsTrackInput));
  ts_observe_place_candidates (cal, c, 2, inputs);
  assert_int_equal (inputs->len, 2);
  const TsTrackInput *a = &g_array_index (inputs, TsTrackInput, 0);
  assert_int_equal (a->area, TS_AREA_BATTLEFIELD);
  assert_int_equal (a->owner, 0);
  assert_true (fabs (a->rel_angle_deg - 90) < 1);
  assert_false (a->pile);
  assert_true (a->has_quad);
  const TsTrackInput *b = &g_array_index (inputs, TsTrackInput, 1);
  assert_int_equal (b->area, TS_AREA_GRAVEYARD);
  assert_int_equal (b->owner, 1);
  assert_true (b->pile);
  /* The card's centre lies below its title, and its size comes from the title's width. */
  assert_true (b->center[1] > 46);
  assert_true (b->size[1] > b->size[0]);
}

static void
test_observe__table_as_found_then_play (void **state)
{
  g_autoptr (TsObserver) o = ts_observer_new (0);
  g_autoptr (GArray) out = ts_observed_event_array_new ();
  ts_observer_open_setup (o, 6 * G_USEC_PER_SEC);

  /* Two cards already on the table, one of them tapped: setup moves, no tap event. */
  TsObservation a = obs_make (TS_OBS_ENTERED, 1, "Mountain", TS_AREA_BATTLEFIELD, TRUE, 0.9);
  TsObservation b = obs_make (TS_OBS_ENTERED, 2, "Grizzly Bears", TS_AREA_BATTLEFIELD, FALSE,
                              0.9);
  assert_int_equal (ts_observer_translate (o, &a, out), 1);
  assert_int_equal (ts_observer_translate (o, &b, out), 1);
  assert_true (ev (out, 0)->flags & TS_EVENT_FLAG_SETUP);
  assert_true (ev (out, 0)->flags & TS_EVENT_FLAG_TAPPED);
  assert_true (ev (out, 1)->flags & TS_EVENT_FLAG_SETUP);
  assert_false (ev (out, 1)->flags & TS_EVENT_FLAG_TAPPED);

  /* The first tap closes setup: setup_end comes first, then an ordinary tap. */
  TsObservation t = obs_make (TS_OBS_TAPPED, 2, "Grizzly Bears", TS_AREA_BATTLEFIELD, TRUE, 0.9);
  t.time_us = 3 * G_USEC_PER_SEC;
  assert_int_equal (ts_observer_translate (o, &t, out), 2);
  assert_int_equal (ev (out, 2)->kind, TS_EVENT_SETUP_END);
  assert_null (ev (out, 2)->card);
  assert_int_equal (ev (out, 3)->kind, TS_EVENT_TAP);
  assert_false (ev (out, 3)->flags & TS_EVENT_FLAG_SETUP);

  /* A card entering afterwards, still inside the window, is a play. */
  TsObservation c = obs_make (TS_OBS_ENTERED, 3, "Forest", TS_AREA_BATTLEFIELD, FALSE, 0.9);
  c.time_us = 4 * G_USEC_PER_SEC;
  assert_int_equal (ts_observer_translate (o, &c, out), 1);
  assert_false (ev (out, 4)->flags & TS_EVENT_FLAG_SETUP);
}

static void
test_observe__empty_table_at_start_has_no_setup (void **state)
{
  g_autoptr (TsObserver) o = ts_observer_new (0);
  g_autoptr (GArray) out = ts_observed_event_array_new ();
  ts_observer_open_setup (o, 6 * G_USEC_PER_SEC);

  /* The first card arrives after the window: a play, and no setup_end for an empty setup. */
  TsObservation a = obs_make (TS_OBS_ENTERED, 1, "Mountain", TS_AREA_BATTLEFIELD, FALSE, 0.9);
  a.time_us = 60 * G_USEC_PER_SEC;
  assert_int_equal (ts_observer_translate (o, &a, out), 1);
  assert_int_equal (ev (out, 0)->kind, TS_EVENT_MOVE);
  assert_false (ev (out, 0)->flags & TS_EVENT_FLAG_SETUP);
}

typedef struct {
  GPtrArray *kinds;   /* "move", "tap", ... as the events came */
  guint move_object;  /* the object the engine gave the entering card */
  guint tap_object;   /* the object its tap named */
} Applied;

static void
on_applied (const TsObservation *obs, const TsObservedEvent *oe, const TsVerdict *verdict,
            gpointer user_data)
{
  Applied *a = user_data;
  assert_non_null (verdict);
  g_ptr_array_add (a->kinds, (gpointer) ts_event_kind_name (oe->event->kind));
  if (oe->event->kind == TS_EVENT_MOVE && obs->kind == TS_OBS_ENTERED)
    a->move_object = verdict->object;
  if (oe->event->kind == TS_EVENT_TAP)
    a->tap_object = oe->event->object;
}

static TsEngine *
engine_with_game (void)
{
  TsEngine *engine = ts_engine_new (NULL, NULL);
  g_autoptr (TsEvent) start = ts_event_new (TS_EVENT_GAME_START);
  start->profile = g_strdup ("modern");
  start->n_players = 2;
  start->names[0] = g_strdup ("Ann");
  start->names[1] = g_strdup ("Bob");
  start->player = 0;
  assert_true (ts_engine_apply (engine, start, NULL, NULL));
  return engine;
}

/* One way from observations to the engine, for the watch command and the dashboard alike:
 * the card that came in tapped is tapped as the object the engine gave it, and later
 * events name that object too. */
static void
test_observe__apply_binds_the_engine_object (void **state)
{
  g_autoptr (TsEngine) engine = engine_with_game ();
  g_autoptr (TsObserver) o = ts_observer_new (0);
  Applied a = { g_ptr_array_new () };
  TsObservation e = obs_make (TS_OBS_ENTERED, 9, "Forest", TS_AREA_BATTLEFIELD, TRUE, 0.9);
  assert_true (ts_observer_apply (o, engine, &e, on_applied, &a, NULL));
  assert_int_equal (a.kinds->len, 2);
  assert_string_equal (a.kinds->pdata[0], ts_event_kind_name (TS_EVENT_MOVE));
  assert_string_equal (a.kinds->pdata[1], ts_event_kind_name (TS_EVENT_TAP));
  assert_int_not_equal (a.move_object, 0);
  assert_int_not_equal (a.move_object, 9);  /* not the track id: the engine's object */
  assert_int_equal (a.tap_object, a.move_object);
  assert_int_equal (ts_observer_object (o, 9), a.move_object);
  const TsPermanent *p = ts_state_find_permanent (ts_engine_get_state (engine), a.move_object);
  assert_non_null (p);
  assert_true (p->tapped);
  TsObservation u = obs_make (TS_OBS_UNTAPPED, 9, "Forest", TS_AREA_BATTLEFIELD, FALSE, 0.9);
  assert_true (ts_observer_apply (o, engine, &u, on_applied, &a, NULL));
  p = ts_state_find_permanent (ts_engine_get_state (engine), a.move_object);
  assert_false (p->tapped);
  /* Without an engine it only translates. */
  g_autoptr (TsObserver) bare = ts_observer_new (0);
  guint before = a.kinds->len;
  assert_true (ts_observer_apply (bare, NULL, &u, NULL, NULL, NULL));
  assert_int_equal (a.kinds->len, before);
  g_ptr_array_unref (a.kinds);
}

/* The person's name stands for a card the camera cannot read, and only for that card. */
static void
test_observe__person_name_fills_unread_card (void **state)
{
  g_autoptr (TsObserver) o = ts_observer_new (0);
  g_autoptr (GArray) out = ts_observed_event_array_new ();
  ts_observer_set_name (o, 4, "Llanowar Elves");
  TsObservation e = obs_make (TS_OBS_ENTERED, 4, NULL, TS_AREA_BATTLEFIELD, FALSE, 0.9);
  assert_int_equal (ts_observer_translate (o, &e, out), 1);
  assert_string_equal (ev (out, 0)->card, "Llanowar Elves");
  assert_false (ev (out, 0)->flags & TS_EVENT_FLAG_FACEDOWN);
  TsObservation other = obs_make (TS_OBS_TAPPED, 5, NULL, TS_AREA_BATTLEFIELD, TRUE, 0.9);
  ts_observer_translate (o, &other, out);
  assert_null (ev (out, 1)->card);
  /* A name the camera read is its own. */
  TsObservation read = obs_make (TS_OBS_TAPPED, 4, "Elvish Archers", TS_AREA_BATTLEFIELD, TRUE,
                                 0.9);
  ts_observer_translate (o, &read, out);
  assert_string_equal (ev (out, 2)->card, "Elvish Archers");
  ts_observer_set_name (o, 4, NULL);
  TsObservation untap = obs_make (TS_OBS_UNTAPPED, 4, NULL, TS_AREA_BATTLEFIELD, FALSE, 0.9);
  ts_observer_translate (o, &untap, out);
  assert_null (ev (out, 3)->card);
}

/* The live detection searches a photo of cards for lone title lines on every third frame
 * only: frames between give whole cards alone, the same as the full search's whole cards. */
static void
test_observe__live_detection_searches_titles_every_third_frame (void **state)
{
  g_autofree char *path = g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures",
                                            "scenes", "mixed-frames.jpg", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsImage) image = ts_image_load (path, &error);
  assert_non_null (image);
  g_autoptr (TsObserveDetector) live = ts_observe_detector_new (3);
  g_autoptr (TsObserveDetector) every = ts_observe_detector_new (1);
  g_autoptr (GArray) full = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_observe_detector_detect (every, image, full, NULL);
  guint n_whole = 0, n_lines = 0;
  for (guint i = 0; i < full->len; i++) {
    n_whole += g_array_index (full, TsCardCandidate, i).has_quad;
    n_lines += !g_array_index (full, TsCardCandidate, i).has_quad;
  }
  assert_true (n_whole > 0 && n_lines > 0);
  for (int f = 0; f < 6; f++) {
    g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
    gboolean titles = !(f % 3 == 0);
    ts_observe_detector_detect (live, image, cands, &titles);
    assert_int_equal (titles, f % 3 == 0);
    if (titles) {
      assert_int_equal (cands->len, full->len);
      continue;
    }
    assert_int_equal (cands->len, n_whole);
    for (guint i = 0; i < cands->len; i++)
      assert_true (g_array_index (cands, TsCardCandidate, i).has_quad);
  }
  /* The live tracker tuning reports only cards that read; otherwise the tracker's own. */
  TsTrackerParams p, d;
  ts_observe_tracker_params_init (&p);
  ts_tracker_params_init (&d);
  assert_false (p.report_unread);
  assert_true (d.report_unread);
  assert_int_equal (p.tap_frames, d.tap_frames);
}

/* The live table's detector keeps to whole outlines and lines: it cuts no outline into
 * stacked cards and takes no name bar for a title line, as still photos do (both cost the
 * recorded sessions events: a hand over the cards makes card-long outlines and bars). */
static void
test_observe__live_detection_cuts_no_stacks_and_takes_no_bars (void **state)
{
  (void) state;
  TsDetectorParams live, photo;
  ts_observe_detector_params_init (&live);
  ts_detector_params_init_photo (&photo);
  assert_true (photo.stack_margin > 0);
  assert_true (photo.name_bars);
  assert_true (live.stack_margin <= 0);
  assert_false (live.name_bars);
}

int
main (void)
{
  g_setenv ("TS_LAYOUT_DIR", TS_LAYOUT_DIR_FOR_TESTS, TRUE);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_observe__entries_taps_moves_and_departures),
    cmocka_unit_test (test_observe__table_as_found_then_play),
    cmocka_unit_test (test_observe__empty_table_at_start_has_no_setup),
    cmocka_unit_test (test_observe__unsure_and_face_down),
    cmocka_unit_test (test_observe__candidates_placed_on_the_table),
    cmocka_unit_test (test_observe__apply_binds_the_engine_object),
    cmocka_unit_test (test_observe__person_name_fills_unread_card),
    cmocka_unit_test (test_observe__live_detection_searches_titles_every_third_frame),
    cmocka_unit_test (test_observe__live_detection_cuts_no_stacks_and_takes_no_bars),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
