/* cmd-watch.c — `tablesight watch`: the live table headless. Frames from a source go through
 * the detector and the tracker; what changes on the table is printed as events and, with
 * --log, applied by the rules engine and appended to the game store. */
#include "ts-config.h"
#include "commands.h"
#include "calibration.h"
#include "capture.h"
#include "detect.h"
#include "engine.h"
#include "observe.h"
#include "store.h"
#include "track.h"

#include <glib-unix.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  gboolean json;
  TsEngine *engine;
  TsObserver *observer;
  const TsZoneLayout *layout;
  guint64 n_events, n_confirm;
} Output;

static const char *
player_name (const Output *o, int player)
{
  if (o->layout && player >= 0 && player < ts_zone_layout_get_n_players (o->layout))
    return ts_zone_layout_get_player_name (o->layout, player);
  return player >= 0 ? "" : "nobody";
}

static void
print_event (Output *o, const TsObservation *obs, const TsObservedEvent *oe,
             const TsVerdict *verdict)
{
  gboolean applied = verdict != NULL;
  const TsEvent *e = oe->event;
  if (o->json) {
    g_autoptr (JsonBuilder) b = json_builder_new ();
    json_builder_begin_object (b);
    json_builder_set_member_name (b, "frame");
    json_builder_add_int_value (b, (gint64) obs->frame);
    json_builder_set_member_name (b, "seconds");
    json_builder_add_double_value (b, obs->time_us / 1e6);
    json_builder_set_member_name (b, "observation");
    json_builder_add_string_value (b, ts_observation_kind_name (obs->kind));
    json_builder_set_member_name (b, "track");
    json_builder_add_int_value (b, oe->track_id);
    json_builder_set_member_name (b, "confidence");
    json_builder_add_double_value (b, round (oe->confidence * 1000) / 1000);
    json_builder_set_member_name (b, "confirm");
    json_builder_add_boolean_value (b, oe->needs_confirmation);
    json_builder_set_member_name (b, "event");
    json_builder_add_value (b, ts_event_to_json_node (e));
    if (applied) {
      json_builder_set_member_name (b, "warnings");
      json_builder_add_int_value (b, verdict->n_warnings);
    }
    json_builder_end_object (b);
    g_autoptr (JsonGenerator) gen = json_generator_new ();
    g_autoptr (JsonNode) root = json_builder_get_root (b);
    json_generator_set_root (gen, root);
    g_autofree char *text = json_generator_to_data (gen, NULL);
    printf ("%s\n", text);
  } else {
    g_autofree char *what = NULL;
    const char *card = e->card ? e->card : "(unread card)";
    switch (e->kind) {
    case TS_EVENT_MOVE:
      what = g_strdup_printf ("%s: %s -> %s", card,
                              e->from_zone ? ts_zone_name (e->from_zone) : "table",
                              e->zone ? ts_zone_name (e->zone) : "gone");
      break;
    case TS_EVENT_TAP:
    case TS_EVENT_UNTAP:
      what = g_strdup_printf ("%s %s", ts_event_kind_name (e->kind), card);
      break;
    case TS_EVENT_SETUP_END:
      /* not the card's: the first change seen closes the table as found */
      printf ("%8.2fs  frame %-6" G_GUINT64_FORMAT " the table as found is complete; play "
              "begins\n", obs->time_us / 1e6, obs->frame);
      break;
    default:
      what = g_strdup (e->note ? e->note : ts_event_kind_name (e->kind));
      break;
    }
    if (what != NULL)
      printf ("%8.2fs  frame %-6" G_GUINT64_FORMAT " card #%-3u %-8s %-44s %-8s conf %.2f%s\n",
              obs->time_us / 1e6, obs->frame, oe->track_id, ts_observation_kind_name (obs->kind),
              what, player_name (o, e->player), oe->confidence,
              oe->needs_confirmation ? "  [confirm?]" : "");
    if (applied && o->engine && verdict->n_warnings > 0) {
      const TsState *st = ts_engine_get_state (o->engine);
      for (guint i = 0; i < verdict->n_warnings; i++) {
        const TsWarning *w = &g_array_index (st->warnings, TsWarning,
                                             verdict->first_warning + i);
        printf ("          warning: %s (%s)\n", w->message, w->rule);
      }
    }
  }
  fflush (stdout);
}

static void
on_event (const TsObservation *obs, const TsObservedEvent *oe, const TsVerdict *verdict,
          gpointer user_data)
{
  Output *o = user_data;
  o->n_events++;
  o->n_confirm += oe->needs_confirmation;
  print_event (o, obs, oe, verdict);
}

/* Translates, applies (when there is an engine) and prints what the tracker saw. */
static gboolean
handle_observations (Output *o, GArray *observations, GError **error)
{
  gboolean ok = TRUE;
  for (guint i = 0; i < observations->len && ok; i++)
    ok = ts_observer_apply (o->observer, o->engine,
                            &g_array_index (observations, TsObservation, i), on_event, o, error);
  g_array_set_size (observations, 0);
  return ok;
}

static gboolean
on_signal (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_CONTINUE;
}

/* The source to use when none is given: the first camera, else the bundled demo session. */
static char *
default_source (void)
{
  g_autoptr (GPtrArray) cams = ts_capture_list_cameras (NULL);
  if (cams->len > 0)
    return g_strdup (((TsCameraInfo *) cams->pdata[0])->spec);
  g_autofree char *demo = ts_demo_session_path ();
  if (demo != NULL)
    return g_strdup_printf ("dir:%s", demo);
  return NULL;
}

/* How long after the first frame entering cards count as the table as found: the tracker
 * reports a card after a few frames and an unreadable one after its name wait (4 s). */
#define TABLE_AS_FOUND_US (6 * G_USEC_PER_SEC)

/* Starts a new game in an empty store from the layout's seats. */
static gboolean
start_game (TsEngine *engine, const TsZoneLayout *layout, const char *profile, GError **error)
{
  g_autoptr (TsEvent) start = ts_event_new (TS_EVENT_GAME_START);
  start->source = TS_SOURCE_CAMERA;
  start->time_us = g_get_real_time ();
  start->profile = g_strdup (profile);
  start->n_players = layout ? ts_zone_layout_get_n_players (layout) : 2;
  for (int p = 0; p < start->n_players && p < TS_MAX_PLAYERS; p++)
    start->names[p] = g_strdup (layout ? ts_zone_layout_get_player_name (layout, p)
                                       : (p == 0 ? "Player 1" : "Player 2"));
  start->player = 0;
  return ts_engine_apply (engine, start, NULL, error);
}

int
ts_cmd_watch (int argc, char **argv)
{
  g_autofree char *source_spec = NULL, *calib_path = NULL, *log_path = NULL, *cards_path = NULL;
  g_autofree char *profile = NULL, *layout_name = NULL;
  gboolean json = FALSE, quiet_stats = FALSE;
  int max_frames = 0;
  double min_score = 0;
  GOptionEntry entries[] = {
    { "source", 's', 0, G_OPTION_ARG_STRING, &source_spec,
      "Where frames come from: v4l2:/dev/video0, libcamera:ID, video:FILE, dir:FOLDER[?fps=N], "
      "file:IMAGE (default: the first camera, else the bundled demo session)", "SPEC" },
    { "calibration", 'c', 0, G_OPTION_ARG_FILENAME, &calib_path,
      "Calibration file from 'tablesight calibrate' (default: image pixels, one battlefield)",
      "FILE" },
    { "layout", 0, 0, G_OPTION_ARG_STRING, &layout_name,
      "Zone layout to use when the calibration has none (two-player, four-player, FILE)",
      "NAME" },
    { "log", 'l', 0, G_OPTION_ARG_FILENAME, &log_path,
      "Game store: events are applied by the rules engine and appended (a game in it resumes)",
      "GAME.db" },
    { "cards", 0, 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database (Scryfall JSON or tablesight database; default: the bundled one)", "DB" },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile,
      "Rules profile for a new game: classic or modern (default modern)", "ID" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "One JSON object per event", NULL },
    { "max-frames", 0, 0, G_OPTION_ARG_INT, &max_frames, "Stop after N frames", "N" },
    { "min-score", 0, 0, G_OPTION_ARG_DOUBLE, &min_score,
      "Name match score needed to accept a reading (0..1)", "S" },
    { "no-stats", 0, 0, G_OPTION_ARG_NONE, &quiet_stats, "Do not print timings at the end", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— watch the table and print events");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Runs headless: every card entering or leaving a zone, tapped or untapped is printed\n"
    "with a confidence; low-confidence events are marked [confirm?]. A lost camera is\n"
    "reported and reopened; the game in --log is never lost. Ctrl-C stops.\n"
    "Timings (per frame: capture, detection, tracking; a recording's titles are read in\n"
    "step with its frames, so its tracking time includes reading) go to stderr at the end.\n");
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (source_spec == NULL) {
    source_spec = default_source ();
    if (source_spec == NULL) {
      fprintf (stderr, "%s: no camera found and no demo session; give --source (see "
               "'tablesight sources')\n", argv[0]);
      return 2;
    }
    /* The demo session's table fills the picture, libraries left, graveyards right. */
    if (g_str_has_prefix (source_spec, "dir:") && calib_path == NULL && layout_name == NULL)
      layout_name = g_strdup ("two-player-wide");
  }

  g_autoptr (TsCalibration) cal = NULL;
  if (calib_path) {
    cal = ts_calibration_load (calib_path, &error);
    if (cal == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  } else
    cal = ts_calibration_new ();
  if (layout_name && ts_calibration_get_layout (cal) == NULL) {
    TsZoneLayout *layout = ts_zone_layout_load_named (layout_name, &error);
    if (layout == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    ts_calibration_set_layout (cal, layout);
  }

  g_autoptr (TsCardDb) db = cards_path ? ts_carddb_open (cards_path, &error)
                                       : ts_carddb_open_default (&error);
  if (db == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  g_autoptr (TsMatcher) matcher = ts_matcher_new (db);

  g_autoptr (TsCaptureSource) source = ts_capture_open (source_spec, &error);
  if (source == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }

  g_autoptr (TsStore) store = NULL;
  g_autoptr (TsEngine) engine = NULL;
  gboolean new_game = TRUE;
  if (log_path) {
    store = ts_store_open (log_path, &error);
    if (store == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    engine = ts_engine_new (NULL, db);
    if (!ts_engine_load_store (engine, store, &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    new_game = ts_store_count (store) == 0;
    if (new_game &&
        !start_game (engine, ts_calibration_get_layout (cal), profile ? profile : "modern",
                     &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    fprintf (stderr, "%s: game store %s (%u events)\n", argv[0], log_path,
             ts_store_count (store));
  }

  gboolean live = ts_capture_is_live (source);
  TsTrackerParams params;
  ts_observe_tracker_params_init (&params);
  /* A recording is evaluated exactly: read names in step with the frames. */
  params.sync_reads = !live;
  TsTrackReader reader;
  ts_observe_reader_init (&reader, db, matcher, min_score);
  g_autoptr (TsTracker) tracker = ts_tracker_new (&params, &reader);
  g_autoptr (TsObserveDetector) detector = ts_observe_detector_new (TS_OBSERVE_TITLES_EVERY);
  g_autoptr (TsObserver) observer = ts_observer_new (live ? g_get_real_time () -
                                                              g_get_monotonic_time ()
                                                          : g_get_real_time ());
  Output out = { .json = json, .engine = engine, .observer = observer,
                 .layout = ts_calibration_get_layout (cal) };

  gboolean stop = FALSE;
  guint sig_int = g_unix_signal_add (SIGINT, on_signal, &stop);
  guint sig_term = g_unix_signal_add (SIGTERM, on_signal, &stop);

  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  g_autoptr (GArray) inputs = g_array_new (FALSE, FALSE, sizeof (TsTrackInput));
  g_autoptr (GArray) observations = ts_observation_array_new ();
  double ms_capture = 0, ms_detect = 0, ms_track = 0;
  guint64 frames = 0;
  gint64 last_time = 0;
  int status = 0;
  fprintf (stderr, "%s: watching %s\n", argv[0], ts_capture_get_name (source));
  if (!json) {
    /* An event is printed when its frame is reported, stamped with when the change was seen,
     * which can be earlier (a card's name read a few frames on; a card that left, when it was
     * last seen): the times need not rise down the list. */
    printf ("%9s  %-12s %-9s %-8s %-44s %-8s %s\n", "seen at", "reported at", "card", "change",
            "what", "player", "confidence");
    fflush (stdout);
  }
  while (!stop && (max_frames <= 0 || frames < (guint64) max_frames)) {
    g_main_context_iteration (NULL, FALSE);
    TsImage *frame = NULL;
    gint64 t = 0;
    g_autoptr (GError) err = NULL;
    gint64 t0 = g_get_monotonic_time ();
    TsCaptureStatus st = ts_capture_read (source, &frame, &t, &err);
    gint64 t1 = g_get_monotonic_time ();
    if (st == TS_CAPTURE_END)
      break;
    if (st == TS_CAPTURE_AGAIN) {
      fprintf (stderr, "%s: %s\n", argv[0], err->message);
      continue;
    }
    if (st == TS_CAPTURE_ERROR) {
      fprintf (stderr, "%s: %s\n", argv[0], err->message);
      status = 1;
      break;
    }
    if (frames == 0) {
      ts_calibration_fit_image (cal, frame->width, frame->height);
      g_autofree char *cut = ts_calibration_describe_out_of_view (cal, frame->width,
                                                                  frame->height);
      if (cut)
        fprintf (stderr, "%s: warning: the camera's picture does not show these zones whole "
                 "(share in view): %s; cards there are cut by its edge or unseen\n", argv[0],
                 cut);
      /* What lies on the table when a new game's watching begins was there before: once the
       * tracker has settled on it and read it, it is the table as found, not plays. */
      if (new_game)
        ts_observer_open_setup (observer, t + TABLE_AS_FOUND_US);
    }
    g_array_set_size (cands, 0);
    g_array_set_size (inputs, 0);
    gboolean titles_searched;
    ts_observe_detector_detect (detector, frame, cands, &titles_searched);
    gint64 t2 = g_get_monotonic_time ();
    ts_observe_place_candidates (cal, (const TsCardCandidate *) cands->data, cands->len, inputs);
    ts_observe_track (tracker, frame, t, (const TsTrackInput *) inputs->data, inputs->len,
                      titles_searched, observations);
    gint64 t3 = g_get_monotonic_time ();
    ms_capture += (t1 - t0) / 1000.0;
    ms_detect += (t2 - t1) / 1000.0;
    ms_track += (t3 - t2) / 1000.0;
    ts_image_free (frame);
    frames++;
    last_time = t;
    if (!handle_observations (&out, observations, &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      status = 1;
      break;
    }
  }
  if (status == 0) {
    ts_tracker_finish (tracker, last_time, observations);
    if (!handle_observations (&out, observations, &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      status = 1;
    }
  }
  g_source_remove (sig_int);
  g_source_remove (sig_term);
  const GError *rerr = ts_tracker_get_reader_error (tracker);
  if (rerr)
    fprintf (stderr, "%s: names were not read: %s\n", argv[0], rerr->message);
  if (!quiet_stats && frames > 0)
    fprintf (stderr,
             "%s: %" G_GUINT64_FORMAT " frames, %" G_GUINT64_FORMAT " events (%" G_GUINT64_FORMAT
             " to confirm), %u titles read; per frame: capture %.2f ms, detection %.2f ms, "
             "%s %.3f ms\n",
             argv[0], frames, out.n_events, out.n_confirm, ts_tracker_get_n_reads (tracker),
             ms_capture / frames, ms_detect / frames,
             /* A recording's titles are read in step with its frames; a camera's off the loop. */
             live ? "tracking" : "tracking with title reading", ms_track / frames);
  g_clear_pointer (&tracker, ts_tracker_free);
  ts_observe_reader_clear (&reader);
  return status;
}
