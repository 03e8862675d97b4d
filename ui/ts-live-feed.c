/* ts-live-feed.c — the live table pipeline behind the dashboard: capture, detection and
 * tracking on a worker thread; observer, engine and camera view on the main thread. */
#include "ts-config.h"
#include "ts-live-feed.h"
#include "ts-window.h"
#include "detect.h"
#include "observe.h"
#include "rectify.h"

#include <math.h>
#include <string.h>

/* What the tracker has told us about one card, for drawing it. Worker thread only. */
typedef struct {
  guint id;
  double center[2];      /* plane units, follows the card frame to frame */
  int area;              /* the caller's zone code, as the tracker last reported it */
  char *name;
  int owner;
  gboolean tapped;
  gboolean unknown;      /* unread, or read with low confidence */
  guint64 seen_frame;    /* last frame an input was matched to it */
} Track;

static void
track_free (gpointer data)
{
  Track *t = data;
  g_free (t->name);
  g_free (t);
}

typedef enum {
  STATUS_NONE,
  STATUS_LOST,      /* message: why; the source retries */
  STATUS_RESUMED,
  STATUS_BAD_FRAME, /* one recorded frame skipped */
  STATUS_ENDED,     /* a recording played through */
  STATUS_FAILED,    /* the source gave up */
  STATUS_OUT_OF_VIEW, /* message: the zones the camera's picture does not show whole */
} StatusKind;

typedef struct {
  StatusKind kind;
  char *message;
} Status;

static void
status_clear (gpointer data)
{
  g_free (((Status *) data)->message);
}

struct _TsLiveFeed {
  TsWindow *window;            /* borrowed */
  const TsCardDb *db;
  const TsMatcher *matcher;
  char *name;
  char **player_names;

  /* worker thread's */
  TsCaptureSource *source;
  TsCalibration *calibration;
  TsTrackerParams params;
  gboolean params_set;
  TsLiveFeedDetectFunc detect;
  gpointer detect_data;
  GDestroyNotify detect_destroy;
  GHashTable *tracks;          /* id -> Track */

  /* main thread's */
  TsObserver *observer;
  gint64 time_offset_us;       /* for the observer */
  TsEngine *engine_seen;       /* the window's engine the observer's bindings belong to */
  gboolean awaiting_reannounce; /* observations until the worker's new entries are stale */
  gboolean setup_pending;      /* a new game: what lies on the table is the table as found */
  TsLiveFeedStats stats;
  double read_to_shown_total_ms;
  gboolean running;

  GThread *thread;
  gint stop;                   /* atomic */

  /* hand-over, under lock */
  GMutex lock;
  guint idle_id;
  TsImage *frame;              /* newest frame not shown yet */
  gint64 frame_read_us;
  GArray *overlays;            /* TsCameraOverlay for frame; labels in labels */
  GPtrArray *labels;
  GArray *observations;        /* TsObservation, all not yet applied */
  GArray *statuses;            /* Status */
  GHashTable *relabels;        /* track id -> name, from the person */
  gboolean reannounce;         /* the window's game changed: enter every card again */
  gint reannounced_at;         /* index in observations where that starts, -1 none */
  gint64 reannounced_time_us;  /* its frame time */
  gboolean have_first_time;    /* the first frame was read, at first_time_us */
  gint64 first_time_us;
  guint64 frames_read, frames_dropped;
  guint reconnects;
  gboolean finished;
};

/* ---- worker thread ------------------------------------------------------------------------ */

static gboolean
default_detect (gpointer user_data, const TsImage *frame, guint64 index,
                const TsCalibration *calibration, GArray *inputs)
{
  TsObserveDetector *detector = user_data;
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  gboolean titles_searched = TRUE;
  ts_observe_detector_detect (detector, frame, cands, &titles_searched);
  ts_observe_place_candidates (calibration, (const TsCardCandidate *) cands->data, cands->len,
                               inputs);
  return titles_searched;
}

static void
set_name (Track *t, const char *name)
{
  g_free (t->name);
  t->name = g_strdup (name);
}

static void
tracks_apply (TsLiveFeed *feed, const TsObservation *obs)
{
  Track *t = g_hash_table_lookup (feed->tracks, GUINT_TO_POINTER (obs->track_id));
  switch (obs->kind) {
  case TS_OBS_ENTERED:
    if (t == NULL) {
      t = g_new0 (Track, 1);
      t->id = obs->track_id;
      g_hash_table_insert (feed->tracks, GUINT_TO_POINTER (t->id), t);
    }
    set_name (t, obs->name);
    t->unknown = obs->name == NULL || obs->needs_confirmation;
    break;
  case TS_OBS_LEFT:
    g_hash_table_remove (feed->tracks, GUINT_TO_POINTER (obs->track_id));
    return;
  case TS_OBS_NAMED:
    if (t != NULL) {
      set_name (t, obs->name);
      t->unknown = obs->name == NULL || obs->needs_confirmation;
    }
    break;
  case TS_OBS_MOVED:
  case TS_OBS_TAPPED:
  case TS_OBS_UNTAPPED:
    break;
  }
  if (t == NULL)
    return;
  t->center[0] = obs->center[0];
  t->center[1] = obs->center[1];
  t->owner = obs->owner;
  t->tapped = obs->tapped;
  if (obs->kind == TS_OBS_ENTERED || obs->kind == TS_OBS_MOVED)
    t->area = obs->area;
}

/* A new game in the window: every card on the table enters it as it lies now. */
static void
tracks_reannounce (TsLiveFeed *feed, gint64 time_us, guint64 index, GArray *observations)
{
  GHashTableIter it;
  gpointer value;
  g_hash_table_iter_init (&it, feed->tracks);
  while (g_hash_table_iter_next (&it, NULL, &value)) {
    const Track *t = value;
    TsObservation obs = {
      .kind = TS_OBS_ENTERED,
      .track_id = t->id,
      .name = g_strdup (t->name),
      .name_score = t->unknown ? 0.0 : 1.0,
      .area = t->area,
      .from_area = t->area,
      .owner = t->owner,
      .tapped = t->tapped,
      .center = { t->center[0], t->center[1] },
      .time_us = time_us,
      .frame = index,
      .confidence = t->unknown ? 0.5 : 1.0,
      .needs_confirmation = t->unknown,
    };
    g_array_append_val (observations, obs);
  }
}

/* The outline drawn for a detection: the card's, else its title line's (image pixels). */
static const double (*input_outline (const TsTrackInput *in))[2]
{
  return in->has_quad ? in->quad_px : in->title_px;
}

/* Whether detection i lies within a card found this frame at least twice its size: a piece
 * of that card (its type line, its art box, a line of its text), not a card of its own. */
static gboolean
inside_larger_card (const GArray *inputs, guint i)
{
  const TsTrackInput *in = &g_array_index (inputs, TsTrackInput, i);
  const double (*q)[2] = input_outline (in);
  double x, y, area = ts_rectify_quad_edge (q, 0) * ts_rectify_quad_edge (q, 1);
  ts_rectify_quad_center (q, &x, &y);
  for (guint j = 0; j < inputs->len; j++) {
    const TsTrackInput *card = &g_array_index (inputs, TsTrackInput, j);
    if (j == i || !card->has_quad)
      continue;
    double card_area = ts_rectify_quad_edge (card->quad_px, 0) *
                       ts_rectify_quad_edge (card->quad_px, 1);
    if (card_area >= 2 * area && ts_rectify_quad_contains (card->quad_px, x, y))
      return TRUE;
  }
  return FALSE;
}

/* Pairs this frame's cards with the tracks (nearest within half a card, each track once) and
 * draws each: a tracked card with what the tracker knows, a card not confirmed yet plainly.
 * A detection the tracker knows nothing of that lies within a larger card is not drawn: it is
 * a piece of that card, and a "?" on every type line would hide the cards that need a look. */
static void
make_overlays (TsLiveFeed *feed, const GArray *inputs, guint64 index, GArray *overlays,
               GPtrArray *labels)
{
  for (guint i = 0; i < inputs->len; i++) {
    const TsTrackInput *in = &g_array_index (inputs, TsTrackInput, i);
    double reach = 0.5 * MAX (in->size[0], in->size[1]);
    Track *best = NULL;
    double best_d = reach;
    GHashTableIter it;
    gpointer value;
    g_hash_table_iter_init (&it, feed->tracks);
    while (g_hash_table_iter_next (&it, NULL, &value)) {
      Track *t = value;
      if (t->seen_frame == index + 1)
        continue;
      double d = hypot (t->center[0] - in->center[0], t->center[1] - in->center[1]);
      if (d <= best_d) {
        best_d = d;
        best = t;
      }
    }
    if ((best == NULL || (best->name == NULL && !best->unknown)) &&
        inside_larger_card (inputs, i))
      continue;
    TsCameraOverlay o = { .owner = in->owner };
    const double (*q)[2] = input_outline (in);
    for (int k = 0; k < 4; k++) {
      o.quad[2 * k] = q[k][0];
      o.quad[2 * k + 1] = q[k][1];
    }
    if (best != NULL) {
      best->seen_frame = index + 1;
      best->center[0] = in->center[0];
      best->center[1] = in->center[1];
      o.id = best->id;
      o.owner = best->owner >= 0 ? best->owner : in->owner;
      o.tapped = best->tapped;
      o.unknown = best->unknown;
      if (best->name != NULL) {
        char *label = g_strdup (best->name);
        g_ptr_array_add (labels, label);
        o.label = label;
      }
    }
    /* A library is a pile of card backs: no name to read there, nothing to look at. */
    o.library = o.label == NULL && !o.unknown &&
                (best != NULL ? best->area : in->area) == TS_AREA_LIBRARY;
    g_array_append_val (overlays, o);
  }
}

static void
post_status (TsLiveFeed *feed, StatusKind kind, const char *message)
{
  Status s = { kind, g_strdup (message) };
  g_array_append_val (feed->statuses, s);
}

static gboolean deliver (gpointer data);

/* How long after the first frame entering cards count as the table as found: the tracker
 * reports a card after a few frames and an unreadable one after its name wait (4 s). */
#define TABLE_AS_FOUND_US (6 * G_USEC_PER_SEC)

/* Under lock: makes sure the main thread will pick up what is waiting. */
static void
schedule_locked (TsLiveFeed *feed)
{
  if (feed->idle_id == 0)
    feed->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver, feed, NULL);
}

/* Sleeps until the recording's frame time comes (a recording plays at its own pace), waking
 * often enough to stop promptly. */
static void
pace (TsLiveFeed *feed, gint64 due_us)
{
  while (!g_atomic_int_get (&feed->stop)) {
    gint64 wait = due_us - g_get_monotonic_time ();
    if (wait <= 0)
      return;
    g_usleep (MIN (wait, 20000));
  }
}

static gpointer
worker (gpointer data)
{
  TsLiveFeed *feed = data;
  gboolean live = ts_capture_is_live (feed->source);
  TsTrackerParams params = feed->params;
  if (!feed->params_set) {
    ts_observe_tracker_params_init (&params);
    /* A recording is played like `tablesight watch` evaluates it: names read in step. */
    params.sync_reads = !live;
  }
  TsTrackReader reader;
  gboolean with_reader = feed->db != NULL && feed->matcher != NULL;
  if (with_reader)
    ts_observe_reader_init (&reader, feed->db, feed->matcher, 0);
  TsTracker *tracker = ts_tracker_new (&params, with_reader ? &reader : NULL);
  TsObserveDetector *detector = NULL;
  if (feed->detect == NULL) {
    detector = ts_observe_detector_new (TS_OBSERVE_TITLES_EVERY);
    feed->detect = default_detect;
    feed->detect_data = detector;
  }

  g_autoptr (GArray) inputs = g_array_new (FALSE, FALSE, sizeof (TsTrackInput));
  g_autoptr (GArray) observations = ts_observation_array_new ();
  guint64 index = 0;
  gint64 start_us = 0, last_time = 0;
  gboolean lost = FALSE;
  while (!g_atomic_int_get (&feed->stop)) {
    TsImage *frame = NULL;
    gint64 t = 0;
    g_autoptr (GError) error = NULL;
    TsCaptureStatus st = ts_capture_read (feed->source, &frame, &t, &error);
    if (st == TS_CAPTURE_AGAIN) {
      gboolean device = g_error_matches (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE);
      lost = lost || device;
      g_mutex_lock (&feed->lock);
      post_status (feed, device ? STATUS_LOST : STATUS_BAD_FRAME, error->message);
      schedule_locked (feed);
      g_mutex_unlock (&feed->lock);
      continue;
    }
    if (st == TS_CAPTURE_END || st == TS_CAPTURE_ERROR) {
      ts_tracker_finish (tracker, last_time, observations);
      g_mutex_lock (&feed->lock);
      g_array_append_vals (feed->observations, observations->data, observations->len);
      /* The elements moved over: only forget them here. */
      g_array_set_clear_func (observations, NULL);
      g_array_set_size (observations, 0);
      post_status (feed, st == TS_CAPTURE_END ? STATUS_ENDED : STATUS_FAILED,
                   error ? error->message : NULL);
      feed->finished = TRUE;
      schedule_locked (feed);
      g_mutex_unlock (&feed->lock);
      break;
    }
    gint64 read_us = g_get_monotonic_time ();
    if (!live) {
      if (index == 0)
        start_us = read_us - t;
      pace (feed, start_us + t);
      read_us = g_get_monotonic_time ();
    }
    if (index == 0) {
      ts_calibration_fit_image (feed->calibration, frame->width, frame->height);
      g_autofree char *cut = ts_calibration_describe_out_of_view (feed->calibration,
                                                                  frame->width, frame->height);
      if (cut) {
        g_mutex_lock (&feed->lock);
        post_status (feed, STATUS_OUT_OF_VIEW, cut);
        schedule_locked (feed);
        g_mutex_unlock (&feed->lock);
      }
    }

    /* The person's names first: the tracker's observations of this frame carry them. */
    g_mutex_lock (&feed->lock);
    GHashTableIter it;
    gpointer key, value;
    g_hash_table_iter_init (&it, feed->relabels);
    while (g_hash_table_iter_next (&it, &key, &value)) {
      Track *tr = g_hash_table_lookup (feed->tracks, key);
      ts_tracker_set_name (tracker, GPOINTER_TO_UINT (key), value);
      if (tr != NULL) {
        set_name (tr, value);
        tr->unknown = FALSE;
      }
    }
    g_hash_table_remove_all (feed->relabels);
    g_mutex_unlock (&feed->lock);

    g_array_set_size (inputs, 0);
    gboolean titles_searched = feed->detect (feed->detect_data, frame, index,
                                             feed->calibration, inputs);
    ts_observe_track (tracker, frame, t, (const TsTrackInput *) inputs->data, inputs->len,
                      titles_searched, observations);
    last_time = t;

    g_mutex_lock (&feed->lock);
    gboolean reannounce = feed->reannounce;
    feed->reannounce = FALSE;
    g_mutex_unlock (&feed->lock);

    for (guint i = 0; i < observations->len; i++)
      tracks_apply (feed, &g_array_index (observations, TsObservation, i));
    g_autoptr (GArray) overlays = g_array_new (FALSE, FALSE, sizeof (TsCameraOverlay));
    g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
    make_overlays (feed, inputs, index, overlays, labels);
    if (reannounce) {
      /* The table as it lies now stands for this frame's changes too. */
      g_array_set_size (observations, 0);
      tracks_reannounce (feed, t, index, observations);
    }
    /* Inputs name strings belong to the detector stage: copied above, dropped now. */

    g_mutex_lock (&feed->lock);
    if (lost) {
      post_status (feed, STATUS_RESUMED, NULL);
      lost = FALSE;
    }
    if (feed->frame != NULL) {
      ts_image_free (feed->frame);
      feed->frames_dropped++;
    }
    feed->frame = frame;
    feed->frame_read_us = read_us;
    if (reannounce) {
      feed->reannounced_at = (gint) feed->observations->len;
      feed->reannounced_time_us = t;
    }
    if (index == 0) {
      feed->have_first_time = TRUE;
      feed->first_time_us = t;
    }
    g_clear_pointer (&feed->overlays, g_array_unref);
    g_clear_pointer (&feed->labels, g_ptr_array_unref);
    feed->overlays = g_steal_pointer (&overlays);
    feed->labels = g_steal_pointer (&labels);
    g_array_append_vals (feed->observations, observations->data, observations->len);
    feed->frames_read++;
    feed->reconnects = ts_capture_get_reconnect_count (feed->source);
    schedule_locked (feed);
    g_mutex_unlock (&feed->lock);
    g_array_set_clear_func (observations, NULL);
    g_array_set_size (observations, 0);
    g_array_set_clear_func (observations, (GDestroyNotify) ts_observation_clear);
    index++;
  }

  ts_tracker_free (tracker);
  if (with_reader)
    ts_observe_reader_clear (&reader);
  if (detector != NULL) {
    ts_observe_detector_free (detector);
    feed->detect = NULL;
    feed->detect_data = NULL;
  }
  return NULL;
}

/* ---- main thread -------------------------------------------------------------------------- */

static void
show_status (TsLiveFeed *feed, const Status *s)
{
  g_autofree char *text = NULL;
  switch (s->kind) {
  case STATUS_LOST:
    text = g_strdup_printf ("Camera lost — retrying (%s)", s->message ? s->message : "");
    ts_window_set_banner (feed->window, text);
    break;
  case STATUS_RESUMED:
    ts_window_set_banner (feed->window, NULL);
    break;
  case STATUS_BAD_FRAME:
    text = g_strdup_printf ("A frame was skipped: %s", s->message ? s->message : "");
    ts_window_set_banner (feed->window, text);
    break;
  case STATUS_FAILED:
    text = g_strdup_printf ("The camera stopped: %s — choose a source with Ctrl+K",
                            s->message ? s->message : "unknown error");
    ts_window_set_banner (feed->window, text);
    feed->running = FALSE;
    break;
  case STATUS_OUT_OF_VIEW:
    text = g_strdup_printf ("The camera does not show these zones whole: %s — cards there "
                            "are cut or unseen; move the camera and calibrate again",
                            s->message);
    ts_window_set_banner (feed->window, text);
    break;
  case STATUS_ENDED:
    feed->running = FALSE;
    break;
  case STATUS_NONE:
    break;
  }
}

static void
on_event_applied (const TsObservation *obs, const TsObservedEvent *oe, const TsVerdict *verdict,
                  gpointer user_data)
{
  TsLiveFeed *feed = user_data;
  feed->stats.events_applied++;
  feed->stats.events_to_confirm += oe->needs_confirmation;
}

static void
apply_observations (TsLiveFeed *feed, GArray *observations)
{
  TsEngine *engine = ts_window_get_engine (feed->window);
  for (guint i = 0; i < observations->len; i++) {
    g_autoptr (GError) error = NULL;
    if (!ts_observer_apply (feed->observer, engine,
                            &g_array_index (observations, TsObservation, i), on_event_applied,
                            feed, &error)) {
      feed->stats.events_failed++;
      ts_window_show_error (feed->window, "A camera event was not recorded", error);
    }
  }
}

static gboolean
deliver (gpointer data)
{
  TsLiveFeed *feed = data;
  g_mutex_lock (&feed->lock);
  feed->idle_id = 0;
  TsImage *frame = g_steal_pointer (&feed->frame);
  gint64 read_us = feed->frame_read_us;
  g_autoptr (GArray) overlays = g_steal_pointer (&feed->overlays);
  g_autoptr (GPtrArray) labels = g_steal_pointer (&feed->labels);
  g_autoptr (GArray) observations = feed->observations;
  feed->observations = ts_observation_array_new ();
  g_autoptr (GArray) statuses = feed->statuses;
  feed->statuses = g_array_new (FALSE, FALSE, sizeof (Status));
  g_array_set_clear_func (feed->statuses, status_clear);
  feed->stats.frames_read = feed->frames_read;
  feed->stats.frames_dropped = feed->frames_dropped;
  feed->stats.reconnects = feed->reconnects;
  gint reannounced_at = feed->reannounced_at;
  gint64 reannounced_time_us = feed->reannounced_time_us;
  feed->reannounced_at = -1;
  gboolean have_first_time = feed->have_first_time;
  gint64 first_time_us = feed->first_time_us;
  g_mutex_unlock (&feed->lock);

  /* A game started (or opened) in the window meanwhile: the observer's cards belong to the
   * old one. What was seen for it is dropped; the worker enters the table as it lies now. */
  TsEngine *engine = ts_window_get_engine (feed->window);
  if (engine != feed->engine_seen) {
    feed->engine_seen = engine;
    g_clear_pointer (&feed->observer, ts_observer_free);
    feed->observer = ts_observer_new (feed->time_offset_us);
    feed->awaiting_reannounce = TRUE;
    reannounced_at = -1;
    g_mutex_lock (&feed->lock);
    feed->reannounce = TRUE;
    g_mutex_unlock (&feed->lock);
  }
  if (feed->awaiting_reannounce && reannounced_at >= 0) {
    g_array_remove_range (observations, 0, (guint) reannounced_at);
    feed->awaiting_reannounce = FALSE;
    /* The cards entered again are the new game's table as found. */
    ts_observer_open_setup (feed->observer, reannounced_time_us + 1);
  }
  if (feed->setup_pending && have_first_time) {
    feed->setup_pending = FALSE;
    ts_observer_open_setup (feed->observer, first_time_us + TABLE_AS_FOUND_US);
  }
  if (!feed->awaiting_reannounce)
    apply_observations (feed, observations);
  for (guint i = 0; i < statuses->len; i++)
    show_status (feed, &g_array_index (statuses, Status, i));

  if (frame != NULL) {
    TsCameraView *view = ts_window_get_camera_view (feed->window);
    const TsState *state = ts_engine_get_state (ts_window_get_engine (feed->window));
    for (guint i = 0; overlays != NULL && i < overlays->len; i++) {
      TsCameraOverlay *o = &g_array_index (overlays, TsCameraOverlay, i);
      guint object = o->id != 0 ? ts_observer_object (feed->observer, o->id) : 0;
      const TsPermanent *p = object != 0 ? ts_state_find_permanent (state, object) : NULL;
      o->damage = p != NULL ? p->damage : 0;
    }
    ts_camera_view_set_frame (view, frame);
    ts_camera_view_set_overlays (view, overlays ? (const TsCameraOverlay *) overlays->data : NULL,
                                 overlays ? overlays->len : 0);
    feed->stats.frames_shown++;
    feed->stats.n_overlays = overlays ? overlays->len : 0;
    feed->stats.shown_read_us = read_us;
    feed->read_to_shown_total_ms += (g_get_monotonic_time () - read_us) / 1000.0;
    feed->stats.mean_read_to_shown_ms = feed->read_to_shown_total_ms / feed->stats.frames_shown;
    ts_image_free (frame);
  }
  return G_SOURCE_REMOVE;
}

/* ---- public ------------------------------------------------------------------------------- */

TsLiveFeed *
ts_live_feed_new (TsWindow *window, TsCaptureSource *source, TsCalibration *calibration,
                  const TsCardDb *db, const TsMatcher *matcher)
{
  g_return_val_if_fail (TS_IS_WINDOW (window), NULL);
  g_return_val_if_fail (source != NULL, NULL);
  TsLiveFeed *feed = g_new0 (TsLiveFeed, 1);
  feed->window = window;
  feed->source = source;
  feed->calibration = calibration != NULL ? calibration : ts_calibration_new ();
  feed->db = db;
  feed->matcher = matcher;
  feed->name = g_strdup (ts_capture_get_name (source));
  const TsZoneLayout *layout = ts_calibration_get_layout (feed->calibration);
  if (layout != NULL) {
    int n = ts_zone_layout_get_n_players (layout);
    feed->player_names = g_new0 (char *, n + 1);
    for (int p = 0; p < n; p++)
      feed->player_names[p] = g_strdup (ts_zone_layout_get_player_name (layout, p));
  }
  feed->tracks = g_hash_table_new_full (NULL, NULL, NULL, track_free);
  feed->time_offset_us = ts_capture_is_live (source)
                         ? g_get_real_time () - g_get_monotonic_time ()
                         : g_get_real_time ();
  feed->observer = ts_observer_new (feed->time_offset_us);
  g_mutex_init (&feed->lock);
  feed->observations = ts_observation_array_new ();
  feed->statuses = g_array_new (FALSE, FALSE, sizeof (Status));
  g_array_set_clear_func (feed->statuses, status_clear);
  feed->relabels = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  feed->reannounced_at = -1;
  /* A judge should see a lost camera come back within a couple of seconds. */
  ts_capture_set_retry (source, 250, 2000, 0);
  return feed;
}

TsLiveFeed *
ts_live_feed_open (TsWindow *window, const char *spec, const char *calibration_path,
                   const TsCardDb *db, const TsMatcher *matcher, GError **error)
{
  g_return_val_if_fail (spec != NULL, NULL);
  g_autoptr (TsCalibration) cal = NULL;
  if (calibration_path != NULL) {
    cal = ts_calibration_load (calibration_path, error);
    if (cal == NULL)
      return NULL;
  } else {
    cal = ts_calibration_new ();
  }
  g_autoptr (TsCaptureSource) source = ts_capture_open (spec, error);
  if (source == NULL)
    return NULL;
  /* The bundled sessions' table fills the picture: libraries left, graveyards right. */
  if (calibration_path == NULL && !ts_capture_is_live (source)) {
    TsZoneLayout *layout = ts_zone_layout_load_named ("two-player-wide", error);
    if (layout == NULL)
      return NULL;
    ts_calibration_set_layout (cal, layout);
  }
  return ts_live_feed_new (window, g_steal_pointer (&source), g_steal_pointer (&cal), db,
                           matcher);
}

void
ts_live_feed_set_detect_func (TsLiveFeed *feed, TsLiveFeedDetectFunc func, gpointer user_data,
                              GDestroyNotify destroy)
{
  g_return_if_fail (feed != NULL && feed->thread == NULL);
  if (feed->detect_destroy != NULL)
    feed->detect_destroy (feed->detect_data);
  feed->detect = func;
  feed->detect_data = user_data;
  feed->detect_destroy = destroy;
}

void
ts_live_feed_set_tracker_params (TsLiveFeed *feed, const TsTrackerParams *params)
{
  g_return_if_fail (feed != NULL && feed->thread == NULL);
  feed->params_set = params != NULL;
  if (params != NULL)
    feed->params = *params;
}

void
ts_live_feed_start (TsLiveFeed *feed, gboolean table_as_found)
{
  g_return_if_fail (feed != NULL && feed->thread == NULL);
  feed->running = TRUE;
  feed->setup_pending = table_as_found;
  feed->engine_seen = ts_window_get_engine (feed->window);
  feed->thread = g_thread_new ("ts-live-feed", worker, feed);
}

void
ts_live_feed_free (TsLiveFeed *feed)
{
  if (feed == NULL)
    return;
  g_atomic_int_set (&feed->stop, 1);
  if (feed->thread != NULL)
    g_thread_join (feed->thread);
  /* The worker is gone: nothing schedules any more; drop what it left. */
  g_clear_handle_id (&feed->idle_id, g_source_remove);
  if (feed->detect_destroy != NULL)
    feed->detect_destroy (feed->detect_data);
  g_clear_pointer (&feed->frame, ts_image_free);
  g_clear_pointer (&feed->overlays, g_array_unref);
  g_clear_pointer (&feed->labels, g_ptr_array_unref);
  g_clear_pointer (&feed->observations, g_array_unref);
  g_clear_pointer (&feed->statuses, g_array_unref);
  g_clear_pointer (&feed->relabels, g_hash_table_unref);
  g_clear_pointer (&feed->tracks, g_hash_table_unref);
  g_clear_pointer (&feed->observer, ts_observer_free);
  g_clear_pointer (&feed->source, ts_capture_free);
  g_clear_pointer (&feed->calibration, ts_calibration_free);
  g_mutex_clear (&feed->lock);
  g_strfreev (feed->player_names);
  g_free (feed->name);
  g_free (feed);
}

void
ts_live_feed_name_card (TsLiveFeed *feed, guint track_id, const char *name)
{
  g_return_if_fail (feed != NULL && name != NULL);
  g_mutex_lock (&feed->lock);
  g_hash_table_insert (feed->relabels, GUINT_TO_POINTER (track_id), g_strdup (name));
  g_mutex_unlock (&feed->lock);
  ts_observer_set_name (feed->observer, track_id, name);
}

gboolean
ts_live_feed_is_running (TsLiveFeed *feed)
{
  g_return_val_if_fail (feed != NULL, FALSE);
  return feed->running;
}

gboolean
ts_live_feed_is_recording (TsLiveFeed *feed)
{
  g_return_val_if_fail (feed != NULL, FALSE);
  return !ts_capture_is_live (feed->source);
}

const char *
ts_live_feed_get_name (TsLiveFeed *feed)
{
  g_return_val_if_fail (feed != NULL, NULL);
  return feed->name;
}

const char *const *
ts_live_feed_get_player_names (TsLiveFeed *feed)
{
  g_return_val_if_fail (feed != NULL, NULL);
  return (const char *const *) feed->player_names;
}

void
ts_live_feed_get_stats (TsLiveFeed *feed, TsLiveFeedStats *out)
{
  g_return_if_fail (feed != NULL && out != NULL);
  *out = feed->stats;
}
