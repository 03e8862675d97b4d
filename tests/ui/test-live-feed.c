/* test-live-feed.c — the dashboard's live feed on a private X server: the bundled demo session
 * played through capture, tracker and observer into the window (camera view overlays, camera
 * events in the engine, the recording's events found in order); a camera that is unplugged
 * mid-game shows the banner and comes back with the game intact; a card the tracker could not
 * read is named by the judge. Detection is taken from the recording's truth (the cards' outlines
 * and names in frame-NNNN.json): the detector and title reader have their own tests; this one
 * proves the wiring. Saves screenshots/10-live-feed.png. */
#include "ts-application.h"
#include "ts-live-feed.h"
#include "ts-source-dialog.h"
#include "ts-window.h"
#include "truth-shape.h"
#include "cv.h"
#include "detect.h"
#include "observe.h"
#include "ui-helpers.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

/* ---- the recording's truth as a detector --------------------------------------------------- */

typedef struct {
  GArray *cands;        /* TsCardCandidate */
  GPtrArray *names;     /* char*, NULL = pretend the title could not be read */
} TruthFrame;

typedef struct {
  GPtrArray *frames;    /* TsImage*: the demo's first frames; the last repeats */
  guint next;
  gint held_at;         /* atomic: frames stop advancing at this one (repeat it) */
  gint unplug;          /* atomic: the next read loses the device */
  gint plugged;         /* atomic: 0 = open fails */
  guint last_frame;     /* the recording's frame delivered last (worker thread) */
} FakeCamera;

typedef struct {
  GPtrArray *frames;    /* TruthFrame* */
  guint blank_id;       /* this card's name is withheld (0: none) */
  FakeCamera *camera;   /* frames come from it (borrowed), else frame i is recording frame i */
} Truth;

static void
truth_frame_free (gpointer data)
{
  TruthFrame *tf = data;
  g_array_unref (tf->cands);
  g_ptr_array_unref (tf->names);
  g_free (tf);
}

static void
truth_free (gpointer data)
{
  Truth *t = data;
  g_ptr_array_unref (t->frames);
  g_free (t);
}

static char *
demo_dir (void)
{
  return g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures", "demo-session", NULL);
}

/* The small recorded session as a capture source. */
static TsCaptureSource *
demo_source (void)
{
  g_autofree char *dir = demo_dir ();
  g_autofree char *spec = g_strdup_printf ("dir:%s", dir);
  g_autoptr (GError) error = NULL;
  TsCaptureSource *source = ts_capture_open (spec, &error);
  if (source == NULL)
    fail_msg ("%s", error->message);
  return source;
}

static void
read_points (JsonArray *a, double out[4][2])
{
  for (guint k = 0; k < 4 && k < json_array_get_length (a); k++) {
    JsonArray *p = json_array_get_array_element (a, k);
    out[k][0] = json_array_get_double_element (p, 0);
    out[k][1] = json_array_get_double_element (p, 1);
  }
}

static Truth *
truth_load (guint n_frames, guint blank_id)
{
  g_autofree char *dir = demo_dir ();
  Truth *t = g_new0 (Truth, 1);
  t->blank_id = blank_id;
  t->frames = g_ptr_array_new_with_free_func (truth_frame_free);
  for (guint i = 0; i < n_frames; i++) {
    g_autofree char *name = g_strdup_printf ("frame-%04u.json", i);
    g_autofree char *path = g_build_filename (dir, name, NULL);
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_autoptr (GError) error = NULL;
    if (!json_parser_load_from_file (parser, path, &error))
      fail_msg ("%s", error->message);
    JsonObject *root = json_node_get_object (json_parser_get_root (parser));
    int w = (int) json_object_get_int_member (root, "width");
    int h = (int) json_object_get_int_member (root, "height");
    JsonArray *cards = json_object_get_array_member (root, "cards");
    g_autoptr (GArray) seen = g_array_new (FALSE, TRUE, sizeof (TruthShape));
    for (guint c = 0; c < json_array_get_length (cards); c++) {
      JsonObject *card = json_array_get_object_element (cards, c);
      TruthShape sc = { .visible = json_object_get_double_member_with_default (card, "visible", 1) };
      read_points (json_object_get_array_member (card, "quad"), sc.quad);
      read_points (json_object_get_array_member (card, "title"), sc.title);
      g_array_append_val (seen, sc);
    }
    TruthFrame *tf = g_new0 (TruthFrame, 1);
    tf->cands = g_array_new (FALSE, TRUE, sizeof (TsCardCandidate));
    tf->names = g_ptr_array_new_with_free_func (g_free);
    for (guint c = 0; c < seen->len; c++) {
      if (!truth_shape_detectable (seen, c, w, h))
        continue;  /* a hand over it, or buried */
      JsonObject *card = json_array_get_object_element (cards, c);
      const TruthShape *sc = &g_array_index (seen, TruthShape, c);
      /* The outline alone, as the live tests give it: placing works the angle out. */
      TsCardCandidate cand = { .has_quad = TRUE, .confidence = 0.9 };
      memcpy (cand.quad, sc->quad, sizeof cand.quad);
      memcpy (cand.title, sc->title, sizeof cand.title);
      g_array_append_val (tf->cands, cand);
      guint id = (guint) json_object_get_int_member (card, "id");
      g_ptr_array_add (tf->names, id == blank_id ? NULL
                                                 : g_strdup (json_object_get_string_member (card, "name")));
    }
    g_ptr_array_add (t->frames, tf);
  }
  return t;
}

static gboolean
truth_detect (gpointer user_data, const TsImage *frame, guint64 index,
              const TsCalibration *calibration, GArray *inputs)
{
  Truth *t = user_data;
  guint k = t->camera != NULL ? t->camera->last_frame : (guint) index;
  const TruthFrame *tf = g_ptr_array_index (t->frames, MIN (k, t->frames->len - 1));
  guint first = inputs->len;
  ts_observe_place_candidates (calibration, (const TsCardCandidate *) tf->cands->data,
                               tf->cands->len, inputs);
  for (guint i = first; i < inputs->len; i++) {
    TsTrackInput *in = &g_array_index (inputs, TsTrackInput, i);
    in->name = g_ptr_array_index (tf->names, i - first);
    in->name_score = in->name != NULL ? 1.0 : 0.0;
  }
  return TRUE; /* the truth holds every card, title lines alone included */
}

/* ---- a camera that can be unplugged -------------------------------------------------------- */

static gboolean
fake_open (gpointer data, GError **error)
{
  FakeCamera *cam = data;
  if (!g_atomic_int_get (&cam->plugged)) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE, "fake camera: not plugged in");
    return FALSE;
  }
  return TRUE;
}

static TsImage *
fake_read (gpointer data, gint64 *out_time_us, GError **error)
{
  FakeCamera *cam = data;
  if (g_atomic_int_compare_and_exchange (&cam->unplug, 1, 0)) {
    g_atomic_int_set (&cam->plugged, 0);
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE, "fake camera: unplugged");
    return NULL;
  }
  g_usleep (15000); /* about the pace of a camera */
  guint k = MIN (cam->next, cam->frames->len - 1);
  k = MIN (k, (guint) g_atomic_int_get (&cam->held_at));
  const TsImage *img = g_ptr_array_index (cam->frames, k);
  cam->last_frame = k;
  cam->next = k + 1;
  *out_time_us = g_get_monotonic_time ();
  return ts_image_copy (img);
}

static void
fake_close (gpointer data)
{
}

static void
fake_free (gpointer data)
{
  FakeCamera *cam = data;
  g_ptr_array_unref (cam->frames);
  g_free (cam);
}

static const TsCaptureBackend fake_backend = { fake_open, fake_read, fake_close, fake_free };

/* ---- fixture ------------------------------------------------------------------------------- */

typedef UiFixture Fixture;

static const TsState *
state (Fixture *f)
{
  return ts_engine_get_state (ts_window_get_engine (f->window));
}

static guint
n_on_battlefield (Fixture *f)
{
  return state (f)->permanents->len;
}

static guint
n_tapped (Fixture *f)
{
  guint n = 0;
  for (guint i = 0; i < state (f)->permanents->len; i++)
    n += g_array_index (state (f)->permanents, TsPermanent, i).tapped;
  return n;
}

static TsCalibration *
demo_calibration (void)
{
  TsCalibration *cal = ts_calibration_new ();
  g_autoptr (GError) error = NULL;
  TsZoneLayout *layout = ts_zone_layout_load_named ("two-player-wide", &error);
  if (layout == NULL)
    fail_msg ("%s", error->message);
  ts_calibration_set_layout (cal, layout);
  return cal;
}

typedef struct {
  Fixture *f;
  guint n;
} Want;

static gboolean
has_permanents (gpointer data)
{
  Want *w = data;
  return n_on_battlefield (w->f) >= w->n;
}

static gboolean
has_tapped (gpointer data)
{
  return n_tapped (data) > 0;
}

static gboolean
feed_done (gpointer data)
{
  TsLiveFeed *feed = ts_window_get_live_feed (data);
  return feed == NULL || !ts_live_feed_is_running (feed);
}

/* Named overlays with both seats' colours are on show. */
static gboolean
overlays_named (gpointer data)
{
  TsCameraView *view = ts_window_get_camera_view (data);
  gboolean seat[2] = { FALSE, FALSE };
  guint named = 0;
  TsCameraOverlay o;
  for (guint i = 0; ts_camera_view_get_overlay (view, i, &o); i++) {
    if (o.label != NULL && *o.label != '\0' && o.id != 0 && !o.unknown)
      named++;
    if (o.owner == 0 || o.owner == 1)
      seat[o.owner] = TRUE;
  }
  return named >= 4 && seat[0] && seat[1];
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *list = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (list); i++) {
    g_autoptr (GObject) item = g_list_model_get_item (list, i);
    if (G_TYPE_CHECK_INSTANCE_TYPE (item, type))
      return GTK_WINDOW (item);
  }
  return NULL;
}

static gboolean
frame_shown (gpointer data)
{
  TsLiveFeed *feed = ts_window_get_live_feed (data);
  TsLiveFeedStats stats;
  if (feed == NULL)
    return FALSE;
  ts_live_feed_get_stats (feed, &stats);
  return stats.frames_shown > 0;
}

/* ---- tests --------------------------------------------------------------------------------- */

/* The whole demo recording through the feed: every recorded change reaches the engine as a
 * camera event, in order, and the view shows the cards as the tracker knows them. */
static void
test_live_feed__demo_session_reaches_view_and_engine (void **st)
{
  Fixture *f = *st;
  g_autoptr (GError) error = NULL;
  TsCaptureSource *source = demo_source ();
  TsLiveFeed *feed = ts_live_feed_new (f->window, source, demo_calibration (), NULL, NULL);
  ts_live_feed_set_detect_func (feed, truth_detect, truth_load (76, 0), truth_free);
  assert_true (ts_window_start_live (f->window, feed, TRUE, &error));
  assert_ptr_equal (ts_window_get_live_feed (f->window), feed);
  guint first_event = ts_engine_n_events (ts_window_get_engine (f->window));
  assert_true (state (f)->started);
  assert_int_equal (state (f)->n_players, 2);

  Want four = { f, 4 };
  assert_true (ui_wait (has_permanents, &four, 10000));
  assert_true (ui_wait (overlays_named, f->window, 10000));
  /* Frame 8: player 1 taps a Mountain. */
  assert_true (ui_wait (has_tapped, f, 10000));
  ui_wait_frame (GTK_WIDGET (f->window));
  g_autofree char *png = ui_screenshot (GTK_WIDGET (f->window), "10-live-feed");
  assert_non_null (png);

  assert_true (ui_wait (feed_done, f->window, 30000));
  TsLiveFeedStats stats;
  ts_live_feed_get_stats (feed, &stats);
  printf ("# %" G_GUINT64_FORMAT " frames read, %" G_GUINT64_FORMAT " shown, %" G_GUINT64_FORMAT
          " dropped, %" G_GUINT64_FORMAT " events applied; capture to view %.2f ms\n",
          stats.frames_read, stats.frames_shown, stats.frames_dropped, stats.events_applied,
          stats.mean_read_to_shown_ms);
  assert_int_equal (stats.frames_read, 76);
  assert_true (stats.frames_shown > 0);
  assert_int_equal (stats.frames_shown + stats.frames_dropped, stats.frames_read);
  assert_int_equal (stats.events_failed, 0);

  /* The recording's 14 changes: 6 cards entered, 4 taps, 3 untaps, one death. */
  guint entered = 0, taps = 0, untaps = 0, to_graveyard = 0, as_found = 0, setup_end = 0;
  TsEngine *engine = ts_window_get_engine (f->window);
  for (guint i = first_event; i < ts_engine_n_events (engine); i++) {
    const TsEvent *e = ts_engine_get_event (engine, i);
    g_autofree char *what = ts_engine_describe_event (engine, i);
    printf ("#   %s\n", what);
    assert_int_equal (e->source, TS_SOURCE_CAMERA);
    entered += e->kind == TS_EVENT_MOVE && e->zone == TS_ZONE_BATTLEFIELD;
    to_graveyard += e->kind == TS_EVENT_MOVE && e->zone == TS_ZONE_GRAVEYARD;
    taps += e->kind == TS_EVENT_TAP;
    as_found += (e->flags & TS_EVENT_FLAG_SETUP) != 0;
    setup_end += e->kind == TS_EVENT_SETUP_END;
    untaps += e->kind == TS_EVENT_UNTAP;
  }
  /* The four lands lying there when watching began are the table as found, not plays. */
  assert_int_equal (as_found, 4);
  assert_int_equal (setup_end, 1);
  assert_int_equal (entered, 6);
  assert_int_equal (taps, 4);
  assert_int_equal (untaps, 3);
  assert_int_equal (to_graveyard, 1);
  /* At the end: four lands and the Grizzly Bears, all untapped. */
  assert_int_equal (n_on_battlefield (f), 5);
  assert_int_equal (n_tapped (f), 0);
  gboolean bears = FALSE;
  for (guint i = 0; i < state (f)->permanents->len; i++)
    bears |= g_strcmp0 (g_array_index (state (f)->permanents, TsPermanent, i).card,
                        "Grizzly Bears") == 0;
  assert_true (bears);
}

static gboolean
banner_out_of_view (gpointer data)
{
  const char *text = ts_window_get_banner_text (data);
  return text != NULL && strstr (text, "does not show these zones whole") != NULL;
}

/* A table marked wider than the camera's picture: the banner names the zones cut off (the
 * right-hand third of the table, South's piles there), and the game goes on. */
static void
test_live_feed__zones_out_of_view_named_in_banner (void **st)
{
  Fixture *f = *st;
  g_autoptr (GError) error = NULL;
  TsCaptureSource *source = demo_source ();
  TsCalibration *cal = demo_calibration ();
  int n = 0;
  const double *marks = ts_zone_layout_get_marks (ts_calibration_get_layout (cal), &n);
  /* The table's corners 1.5 times the picture's width apart (the recording is 768x432). */
  const double px[8] = { 0, 0, 1152, 0, 1152, 432, 0, 432 };
  assert_int_equal (n, 4);
  assert_true (ts_calibration_set_table_points (cal, px, marks, 4, &error));
  TsLiveFeed *feed = ts_live_feed_new (f->window, source, cal, NULL, NULL);
  ts_live_feed_set_detect_func (feed, truth_detect, truth_load (76, 0), truth_free);
  assert_true (ts_window_start_live (f->window, feed, TRUE, &error));
  assert_true (ui_wait (banner_out_of_view, f->window, 10000));
  const char *text = ts_window_get_banner_text (f->window);
  assert_non_null (strstr (text, "South graveyard 0 %"));
  assert_non_null (strstr (text, "South battlefield 77 %"));
  assert_null (strstr (text, "North graveyard"));
  ui_pump (600); /* the banner slides in */
  ui_wait_frame (GTK_WIDGET (f->window));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "16-live-zones-out-of-view"));
  assert_true (ui_wait (feed_done, f->window, 30000));
  TsLiveFeedStats stats;
  ts_live_feed_get_stats (feed, &stats);
  assert_int_equal (stats.frames_read, 76); /* the whole recording played, warned or not */
  assert_true (stats.events_applied > 0);
}

typedef struct {
  Fixture *f;
  guint64 frames_shown;
} Progress;

static gboolean
banner_lost (gpointer data)
{
  const char *text = ts_window_get_banner_text (data);
  return text != NULL && g_str_has_prefix (text, "Camera lost — retrying");
}

static gboolean
resumed (gpointer data)
{
  Progress *p = data;
  TsLiveFeedStats stats;
  ts_live_feed_get_stats (ts_window_get_live_feed (p->f->window), &stats);
  return ts_window_get_banner_text (p->f->window) == NULL && stats.frames_shown > p->frames_shown + 3;
}

/* The Mountain (frame 8) and both Forests (21, 23). */
static gboolean
three_tapped (gpointer data)
{
  return n_tapped (data) >= 3;
}

static gboolean
has_unknown (gpointer data)
{
  TsCameraView *view = ts_window_get_camera_view (data);
  TsCameraOverlay o;
  for (guint i = 0; ts_camera_view_get_overlay (view, i, &o); i++)
    if (o.unknown && o.id != 0)
      return TRUE;
  return FALSE;
}

typedef struct {
  TsWindow *window;
  guint id;
  const char *name;
} Label;

static gboolean
overlay_labelled (gpointer data)
{
  Label *l = data;
  TsCameraOverlay o;
  for (guint i = 0; ts_camera_view_get_overlay (ts_window_get_camera_view (l->window), i, &o); i++)
    if (o.id == l->id)
      return !o.unknown && g_strcmp0 (o.label, l->name) == 0;
  return FALSE;
}

/* A camera: a card it cannot read shows as unknown until the judge names it; the camera is
 * unplugged, the banner says so, and when it is back the feed goes on with the same game. */
static void
test_live_feed__camera_lost_banner_and_recovery (void **st)
{
  Fixture *f = *st;
  g_autofree char *dir = demo_dir ();
  FakeCamera *cam = g_new0 (FakeCamera, 1);
  cam->plugged = 1;
  cam->held_at = 5;
  cam->frames = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_image_free);
  for (guint i = 0; i < 24; i++) {
    g_autofree char *name = g_strdup_printf ("frame-%04u.jpg", i);
    g_autofree char *path = g_build_filename (dir, name, NULL);
    g_autoptr (GError) error = NULL;
    TsImage *img = ts_image_load (path, &error);
    if (img == NULL)
      fail_msg ("%s", error->message);
    g_ptr_array_add (cam->frames, img);
  }
  TsCaptureSource *source = ts_capture_new_custom (&fake_backend, cam, "fake camera", TRUE);
  TsLiveFeed *feed = ts_live_feed_new (f->window, source, demo_calibration (), NULL, NULL);
  ts_capture_set_retry (source, 20, 40, 0);
  TsTrackerParams params;
  ts_tracker_params_init (&params);
  params.name_wait_ms = 300;
  ts_live_feed_set_tracker_params (feed, &params);
  /* Card 3 (player 2's Forest) never gets its name read. */
  Truth *truth = truth_load (24, 3);
  truth->camera = cam;
  ts_live_feed_set_detect_func (feed, truth_detect, truth, truth_free);
  g_autoptr (GError) error = NULL;
  assert_true (ts_window_start_live (f->window, feed, TRUE, &error));

  Want four = { f, 4 };
  assert_true (ui_wait (has_permanents, &four, 10000));
  assert_true (ui_wait (has_unknown, f->window, 10000));
  ui_wait_frame (GTK_WIDGET (f->window));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "12-live-unknown-card"));
  TsCameraOverlay o;
  guint unknown_id = 0;
  for (guint i = 0; ts_camera_view_get_overlay (ts_window_get_camera_view (f->window), i, &o); i++)
    if (o.unknown)
      unknown_id = o.id;
  assert_int_not_equal (unknown_id, 0);
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "name-card",
                                  g_variant_new ("(us)", unknown_id, "Forest"));
  Label label = { f->window, unknown_id, "Forest" };
  assert_true (ui_wait (overlay_labelled, &label, 5000));
  /* The table moves on: a Mountain is tapped at frame 8, at 21 player 2 taps that Forest,
   * at 23 the other one. The
   * tap of the card the camera could not read carries the judge's name. */
  g_atomic_int_set (&cam->held_at, G_MAXINT);
  assert_true (ui_wait (three_tapped, f, 10000));
  TsEngine *engine = ts_window_get_engine (f->window);
  guint named_taps = 0;
  for (guint i = 0; i < ts_engine_n_events (engine); i++) {
    const TsEvent *e = ts_engine_get_event (engine, i);
    named_taps += e->kind == TS_EVENT_TAP && g_strcmp0 (e->card, "Forest") == 0;
  }
  assert_int_equal (named_taps, 2);

  guint events_before = ts_engine_n_events (ts_window_get_engine (f->window));
  guint cards_before = n_on_battlefield (f);
  g_autofree char *store_before = g_strdup (ts_window_get_store_path (f->window));
  assert_non_null (store_before);
  g_atomic_int_set (&cam->unplug, 1);
  assert_true (ui_wait (banner_lost, f->window, 5000));
  ui_pump (600); /* the banner slides in */
  ui_wait_frame (GTK_WIDGET (f->window));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "13-live-camera-lost"));
  assert_true (ts_live_feed_is_running (feed));
  /* Unplugged for a while: retries fail, nothing on the table changes. */
  ui_pump (300);
  assert_true (banner_lost (f->window));
  TsLiveFeedStats stats;
  ts_live_feed_get_stats (feed, &stats);
  Progress progress = { f, stats.frames_shown };
  g_atomic_int_set (&cam->plugged, 1);
  assert_true (ui_wait (resumed, &progress, 10000));
  ts_live_feed_get_stats (feed, &stats);
  assert_true (stats.reconnects >= 1);
  assert_ptr_equal (ts_window_get_live_feed (f->window), feed);
  /* The same game, the same store, the same cards; nothing left the table. */
  assert_string_equal (ts_window_get_store_path (f->window), store_before);
  assert_int_equal (n_on_battlefield (f), cards_before);
  assert_true (ts_engine_n_events (ts_window_get_engine (f->window)) >= events_before);
  for (guint i = events_before; i < ts_engine_n_events (engine); i++)
    assert_int_not_equal (ts_engine_get_event (engine, i)->zone, TS_ZONE_GRAVEYARD);

  /* The judge starts a new game with the cards still on the table: they enter it as they
   * lie (tapped ones tapped, the judge's name kept), and nothing refers to the old game. */
  guint tapped_before = n_tapped (f);
  g_autoptr (TsEvent) start = ts_event_new (TS_EVENT_GAME_START);
  start->profile = g_strdup ("classic");
  start->n_players = 2;
  start->names[0] = g_strdup ("Ann");
  start->names[1] = g_strdup ("Bob");
  start->time_us = g_get_real_time ();
  assert_true (ts_window_new_game (f->window, start, &error));
  assert_int_equal (n_on_battlefield (f), 0);
  Want again = { f, cards_before };
  assert_true (ui_wait (has_permanents, &again, 10000));
  ui_pump (200);
  for (guint i = 0; i < state (f)->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (state (f)->permanents, TsPermanent, i);
    printf ("#   %u %s owner %d%s\n", p->id, p->card ? p->card : "(unread)", p->owner,
            p->tapped ? " tapped" : "");
  }
  assert_int_equal (n_on_battlefield (f), cards_before);
  assert_int_equal (n_tapped (f), tapped_before);
  for (guint i = 0; i < state (f)->permanents->len; i++)
    assert_non_null (g_array_index (state (f)->permanents, TsPermanent, i).card);
  TsLiveFeedStats after;
  ts_live_feed_get_stats (feed, &after);
  assert_int_equal (after.events_failed, 0);
}

/* The Camera or Recording dialog: the cameras found, and each recording both through the
 * camera pipeline and from its recorded truth; choosing the pipeline starts the feed. */
static void
test_live_feed__source_dialog_starts_feed (void **st)
{
  Fixture *f = *st;
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "choose-source", NULL);
  ui_pump (1);
  TsSourceDialog *sources = TS_SOURCE_DIALOG (find_toplevel (TS_TYPE_SOURCE_DIALOG));
  assert_non_null (sources);
  g_autoptr (GPtrArray) cameras = ts_capture_list_cameras (NULL);
  guint n_cameras = 0;
  int pipeline = -1, truth = -1;
  for (guint i = 0; i < ts_source_dialog_get_n_sources (sources); i++) {
    const char *spec = ts_source_dialog_get_spec (sources, i);
    if (g_str_has_prefix (spec, "dir:") && g_str_has_suffix (spec, "demo-session"))
      pipeline = (int) i;
    else if (g_str_has_prefix (spec, "truth:") && g_str_has_suffix (spec, "demo-session"))
      truth = (int) i;
    else if (!g_str_has_prefix (spec, "dir:") && !g_str_has_prefix (spec, "truth:"))
      n_cameras++;
  }
  assert_int_equal (n_cameras, cameras->len);
  assert_true (pipeline >= 0);
  assert_true (truth >= 0);
  ts_source_dialog_choose (sources, pipeline);
  ui_pump (10);
  assert_null (find_toplevel (TS_TYPE_SOURCE_DIALOG));
  TsLiveFeed *feed = ts_window_get_live_feed (f->window);
  assert_non_null (feed);
  assert_non_null (strstr (ts_live_feed_get_name (feed), "demo-session"));
  assert_false (ts_window_is_playing (f->window));
  assert_true (ui_wait (frame_shown, f->window, 10000));
  assert_true (state (f)->started);
}

/* The bundled demo game (the options' demo_dir, which `tablesight dashboard` sets to the
 * session the build renders) comes first among the recordings, through the camera pipeline
 * and from its truth; the test recordings follow. */
static void
test_live_feed__source_dialog_offers_bundled_demo_first (void **st)
{
  (void) st;
  g_autofree char *demo = g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures",
                                            "demo-session", NULL);
  TsDashboardOptions options = { .demo_dir = demo };
  TsApplication *app = NULL;
  TsWindow *window = ui_window_open_with (&options, &app);
  assert_non_null (window);
  g_action_group_activate_action (G_ACTION_GROUP (window), "choose-source", NULL);
  ui_pump (1);
  TsSourceDialog *sources = TS_SOURCE_DIALOG (find_toplevel (TS_TYPE_SOURCE_DIALOG));
  assert_non_null (sources);
  g_autofree char *pipeline = g_strdup_printf ("dir:%s", demo);
  g_autofree char *truth = g_strdup_printf ("truth:%s", demo);
  int first = -1, n_demo = 0;
  for (guint i = 0; i < ts_source_dialog_get_n_sources (sources); i++) {
    const char *spec = ts_source_dialog_get_spec (sources, i);
    if (first < 0 && (g_str_has_prefix (spec, "dir:") || g_str_has_prefix (spec, "truth:")))
      first = (int) i;
    if (g_strcmp0 (spec, pipeline) == 0 || g_strcmp0 (spec, truth) == 0)
      n_demo++;
  }
  assert_true (first >= 0);
  assert_string_equal (ts_source_dialog_get_spec (sources, (guint) first), pipeline);
  assert_string_equal (ts_source_dialog_get_spec (sources, (guint) first + 1), truth);
  /* The same folder is also a test recording: offered once more under its folder name. */
  assert_int_equal (n_demo, 4);
  gtk_window_destroy (GTK_WINDOW (sources));
  ui_window_close (app, window);
}

/* An upright detection (image pixels): a card's outline with its title band, or a title line
 * alone. */
static TsCardCandidate
upright_candidate (double x, double y, double w, double h, gboolean card)
{
  TsCardCandidate c = { .has_quad = card, .upright_known = TRUE, .confidence = 0.9 };
  const double q[4][2] = { { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } };
  memcpy (card ? c.quad : c.title, q, sizeof q);
  if (card) {
    const double t[4][2] = { { x + 0.08 * w, y + 0.04 * h }, { x + 0.92 * w, y + 0.04 * h },
                             { x + 0.92 * w, y + 0.10 * h }, { x + 0.08 * w, y + 0.10 * h } };
    memcpy (c.title, t, sizeof t);
  }
  return c;
}

/* Every frame, the same detections. */
typedef struct {
  const TsCardCandidate *cands;
  guint n;
} FixedCands;

static gboolean
fixed_detect (gpointer user_data, const TsImage *frame, guint64 index,
              const TsCalibration *calibration, GArray *inputs)
{
  (void) frame, (void) index;
  const FixedCands *fixed = user_data;
  ts_observe_place_candidates (calibration, fixed->cands, fixed->n, inputs);
  return TRUE;
}

/* A window of its own playing four blank frames, the same n detections in each, with a
 * tracker that reads nothing and waits too long to report a card unread ("? unknown"). */
typedef struct {
  FixedCands fixed;
  char *dir;
  TsCardDb *db;
  TsMatcher *matcher;
  TsApplication *app;
  TsWindow *window;
} BlankPlay;

#define BLANK_FRAMES 4

/* Returns the window's camera view once the frames have played. */
static TsCameraView *
blank_play_run (BlankPlay *b, const TsCardCandidate *cands, guint n, TsCalibration *calibration)
{
  b->fixed = (FixedCands) { cands, n };
  b->dir = g_dir_make_tmp ("ts-live-blank-XXXXXX", NULL);
  assert_non_null (b->dir);
  g_autoptr (TsImage) frame = ts_image_new (640, 480, 3);
  memset (frame->data, 90, (size_t) frame->stride * frame->height);
  g_autoptr (GError) error = NULL;
  for (int i = 0; i < BLANK_FRAMES; i++) {
    g_autofree char *path = g_strdup_printf ("%s/frame-%04d.jpg", b->dir, i);
    assert_true (ts_image_save (frame, path, &error));
  }
  b->db = ts_carddb_open_default (&error);
  assert_non_null (b->db);
  b->matcher = ts_matcher_new (b->db);
  TsDashboardOptions options = { 0 };
  b->window = ui_window_open_with (&options, &b->app);
  assert_non_null (b->window);
  g_autofree char *spec = g_strdup_printf ("dir:%s", b->dir);
  TsCaptureSource *source = ts_capture_open (spec, &error);
  assert_non_null (source);
  TsLiveFeed *feed = ts_live_feed_new (b->window, source, calibration, b->db, b->matcher);
  ts_live_feed_set_detect_func (feed, fixed_detect, &b->fixed, NULL);
  TsTrackerParams params;
  ts_tracker_params_init (&params);
  params.sync_reads = TRUE;
  params.name_wait_ms = 60000;
  ts_live_feed_set_tracker_params (feed, &params);
  assert_true (ts_window_start_live (b->window, feed, TRUE, &error));
  assert_true (ui_wait (feed_done, b->window, 10000));
  ui_pump (10);
  return ts_window_get_camera_view (b->window);
}

/* Closes the window (and frees its feed) before the cards it read with. */
static void
blank_play_end (BlankPlay *b)
{
  ui_window_close (b->app, b->window);
  ts_matcher_free (b->matcher);
  ts_carddb_free (b->db);
  for (int i = 0; i < BLANK_FRAMES; i++) {
    g_autofree char *path = g_strdup_printf ("%s/frame-%04d.jpg", b->dir, i);
    g_unlink (path);
  }
  g_rmdir (b->dir);
  g_free (b->dir);
}

/* The camera view draws the cards the tracker does not know yet, but not the pieces of a
 * larger card found this frame (a "?" on every type line and art box hid the cards that need
 * a look); a card lying across another, the same size, is drawn. */
static void
test_live_feed__pieces_of_a_card_not_drawn (void **st)
{
  (void) st;
  /* Two cards lying across each other, and three pieces of the first found on their own: its
   * type line (a title line alone), its art box (a small card-shaped quad), a line of text. */
  const TsCardCandidate cands[] = {
    upright_candidate (100, 100, 126, 176, TRUE),
    upright_candidate (180, 150, 126, 176, TRUE),
    upright_candidate (110, 200, 100, 12, FALSE),
    upright_candidate (115, 130, 90, 60, TRUE),
    upright_candidate (110, 240, 90, 10, FALSE),
  };
  BlankPlay b = { 0 };
  TsCameraView *view = blank_play_run (&b, cands, G_N_ELEMENTS (cands), NULL);
  assert_int_equal (ts_camera_view_get_n_overlays (view), 2);
  TsCameraOverlay o;
  for (guint i = 0; ts_camera_view_get_overlay (view, i, &o); i++) {
    assert_false (o.unknown);
    assert_false (o.library);
    assert_true (fabs (o.quad[0] - 100) < 1 || fabs (o.quad[0] - 180) < 1);
  }
  blank_play_end (&b);
}

/* An unread card on a library pile is the pile's back: the view labels it "library" rather
 * than "?" (a referee would take a "?" for a card to look at); one on the battlefield keeps
 * its "?". */
static void
test_live_feed__library_pile_labelled (void **st)
{
  (void) st;
  /* A card on South's library pile (the two-player-wide layout puts it at their left: x < 128,
   * y > 240 in a 640x480 picture) and one on their battlefield. */
  const TsCardCandidate cands[] = {
    upright_candidate (20, 290, 90, 126, TRUE),
    upright_candidate (300, 290, 90, 126, TRUE),
  };
  BlankPlay b = { 0 };
  TsCameraView *view = blank_play_run (&b, cands, G_N_ELEMENTS (cands), demo_calibration ());
  assert_int_equal (ts_camera_view_get_n_overlays (view), 2);
  TsCameraOverlay o;
  for (guint i = 0; ts_camera_view_get_overlay (view, i, &o); i++) {
    assert_null (o.label);
    assert_false (o.unknown);
    assert_int_equal (o.library, o.quad[0] < 128);
  }
  blank_play_end (&b);
}

/* The dashboard runs the live table as `tablesight watch` does: a card-shaped thing whose
 * title never reads (a blank card, a sleeve's back, a box lid) does not enter play, since a
 * camera over a busy table sees many such things that are not cards. */
static void
test_live_feed__unreadable_card_shape_does_not_enter (void **st)
{
  Fixture *f = *st;
  g_autofree char *dir = g_dir_make_tmp ("ts-live-blank-XXXXXX", NULL);
  assert_non_null (dir);
  g_autoptr (TsImage) frame = ts_image_new (640, 480, 3);
  memset (frame->data, 90, (size_t) frame->stride * frame->height);
  for (int y = 140; y < 316; y++)
    memset (frame->data + (size_t) y * frame->stride + 220 * 3, 235, 126 * 3);
  const double border[4][2] = { { 220, 140 }, { 346, 140 }, { 346, 316 }, { 220, 316 } };
  ts_cv_draw_polygon (frame, border, 4, 20, 20, 20, 6);
  g_autoptr (GError) error = NULL;
  /* Five seconds at 30 fps: past the tracker's wait for a name (name_wait_ms). */
  for (int i = 0; i < 150; i++) {
    g_autofree char *path = g_strdup_printf ("%s/frame-%04d.jpg", dir, i);
    assert_true (ts_image_save (frame, path, &error));
  }
  /* The detector does see a card there: only reading tells it is none. */
  g_autoptr (TsDetector) detector = ts_detector_new (NULL);
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_detector_detect (detector, frame, cands, NULL);
  gboolean card_seen = FALSE;
  for (guint i = 0; i < cands->len; i++)
    card_seen = card_seen || g_array_index (cands, TsCardCandidate, i).has_quad;
  assert_true (card_seen);

  g_autofree char *spec = g_strdup_printf ("dir:%s", dir);
  assert_true (ts_window_open_live (f->window, spec, NULL, TRUE, &error));
  TsLiveFeed *feed = ts_window_get_live_feed (f->window);
  assert_non_null (feed);
  assert_true (ui_wait (feed_done, f->window, 30000));
  TsLiveFeedStats stats;
  ts_live_feed_get_stats (feed, &stats);
  assert_int_equal (stats.frames_read, 150);
  assert_int_equal (stats.events_applied, 0);
  assert_int_equal (n_on_battlefield (f), 0);
  for (int i = 0; i < 150; i++) {
    g_autofree char *path = g_strdup_printf ("%s/frame-%04d.jpg", dir, i);
    g_unlink (path);
  }
  g_rmdir (dir);
}

/* A source that cannot be opened is named in the error; the window keeps what it had. */
static void
test_live_feed__bad_source_names_it (void **st)
{
  Fixture *f = *st;
  g_autoptr (GError) error = NULL;
  TsLiveFeed *before = ts_window_get_live_feed (f->window);
  assert_false (ts_window_open_live (f->window, "dir:/nonexistent/session", NULL, TRUE, &error));
  assert_non_null (error);
  assert_non_null (strstr (error->message, "/nonexistent/session"));
  assert_ptr_equal (ts_window_get_live_feed (f->window), before);
}

int
main (void)
{
  gtk_init ();
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_live_feed__demo_session_reaches_view_and_engine),
    cmocka_unit_test (test_live_feed__camera_lost_banner_and_recovery),
    cmocka_unit_test (test_live_feed__source_dialog_starts_feed),
    cmocka_unit_test (test_live_feed__source_dialog_offers_bundled_demo_first),
    cmocka_unit_test (test_live_feed__pieces_of_a_card_not_drawn),
    cmocka_unit_test (test_live_feed__library_pile_labelled),
    cmocka_unit_test (test_live_feed__unreadable_card_shape_does_not_enter),
    cmocka_unit_test (test_live_feed__bad_source_names_it),
    cmocka_unit_test (test_live_feed__zones_out_of_view_named_in_banner),
  };
  return cmocka_run_group_tests_name ("live-feed", tests, ui_fixture_setup, ui_fixture_teardown);
}
