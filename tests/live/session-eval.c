/* session-eval.c — scoring the live pipeline's events against a session's ground truth. */
#include "session-eval.h"
#include "truth-shape.h"
#include "detect.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  TruthShape shape;  /* first: truth_shape_detectable() reads it */
  char *name;
  gboolean in_view;
} TruthCard;

typedef struct {
  int frame;
  char *kind;      /* entered, tapped, untapped, left */
  int id;
  char *name;
  int player;      /* 0-based seat */
  char *zone;
} TruthEvent;

typedef struct {
  guint64 frame;   /* when it was reported */
  int when;        /* the frame its time stamp names (a departure: when last seen) */
  TsEventKind kind;
  TsZone zone, from_zone;
  char *card;
  int player;
  guint track;
  char *near;      /* diagnosis: the truth card nearest the track when reported, or NULL */
  double near_d;   /* its distance in card lengths */
} Reported;

void
eval_result_clear (EvalResult *r)
{
  if (r->log)
    g_string_free (r->log, TRUE);
  memset (r, 0, sizeof *r);
}

static void
truth_card_clear (TruthCard *c)
{
  g_free (c->name);
}

static void
truth_event_clear (TruthEvent *e)
{
  g_free (e->kind);
  g_free (e->name);
  g_free (e->zone);
}

static void
reported_clear (Reported *r)
{
  g_free (r->card);
  g_free (r->near);
}

static void
read_points (JsonArray *a, double out[4][2])
{
  for (guint i = 0; i < 4 && a && i < json_array_get_length (a); i++) {
    JsonArray *p = json_array_get_array_element (a, i);
    out[i][0] = json_array_get_double_element (p, 0);
    out[i][1] = json_array_get_double_element (p, 1);
  }
}

static GArray *
truth_cards_from_json (const char *path, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  if (!json_parser_load_from_file (parser, path, error))
    return NULL;
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  JsonArray *cards = json_object_get_array_member (root, "cards");
  GArray *out = g_array_new (FALSE, TRUE, sizeof (TruthCard));
  g_array_set_clear_func (out, (GDestroyNotify) truth_card_clear);
  for (guint i = 0; i < json_array_get_length (cards); i++) {
    JsonObject *c = json_array_get_object_element (cards, i);
    TruthCard t = { 0 };
    t.name = g_strdup (json_object_get_string_member_with_default (c, "name", ""));
    if (json_object_has_member (c, "quad") && !json_object_get_null_member (c, "quad"))
      read_points (json_object_get_array_member (c, "quad"), t.shape.quad);
    read_points (json_object_get_array_member (c, "title"), t.shape.title);
    t.shape.visible = json_object_get_double_member_with_default (c, "visible", 1);
    t.in_view = json_object_get_boolean_member_with_default (c, "in_view", TRUE);
    g_array_append_val (out, t);
  }
  return out;
}

static GArray *
truth_cards_from_scene (const TsSynthScene *scene)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (TruthCard));
  g_array_set_clear_func (out, (GDestroyNotify) truth_card_clear);
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *c = &g_array_index (scene->cards, TsSynthCard, i);
    TruthCard t = { 0 };
    t.name = g_strdup (c->name);
    memcpy (t.shape.quad, c->quad, sizeof t.shape.quad);
    memcpy (t.shape.title, c->title, sizeof t.shape.title);
    t.shape.visible = c->visible;
    t.in_view = c->in_view;
    g_array_append_val (out, t);
  }
  return out;
}

static GArray *
truth_events_parse (const char *text, GError **error)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (TruthEvent));
  g_array_set_clear_func (out, (GDestroyNotify) truth_event_clear);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    if (*g_strstrip (lines[i]) == '\0')
      continue;
    g_autoptr (JsonParser) parser = json_parser_new ();
    if (!json_parser_load_from_data (parser, lines[i], -1, error)) {
      g_array_unref (out);
      return NULL;
    }
    JsonObject *o = json_node_get_object (json_parser_get_root (parser));
    TruthEvent e = { 0 };
    e.frame = (int) json_object_get_int_member (o, "frame");
    e.kind = g_strdup (json_object_get_string_member (o, "event"));
    e.id = (int) json_object_get_int_member (o, "id");
    e.name = g_strdup (json_object_get_string_member (o, "name"));
    e.player = (int) json_object_get_int_member (o, "player") - 1;
    e.zone = g_strdup (json_object_get_string_member_with_default (o, "zone", ""));
    g_array_append_val (out, e);
  }
  return out;
}

/* Which truth event kind a reported engine event stands for (NULL: none). */
static const char *
reported_kind (const Reported *r)
{
  switch (r->kind) {
  case TS_EVENT_TAP: return "tapped";
  case TS_EVENT_UNTAP: return "untapped";
  case TS_EVENT_MOVE:
    if (r->from_zone == TS_ZONE_NONE && r->zone == TS_ZONE_BATTLEFIELD)
      return "entered";
    if (r->from_zone == TS_ZONE_BATTLEFIELD && r->zone != TS_ZONE_BATTLEFIELD)
      return "left";
    return NULL;
  default: return NULL;
  }
}

static gboolean
zone_agrees (const TruthEvent *t, const Reported *r)
{
  if (strcmp (t->kind, "left") != 0)
    return TRUE;
  if (strcmp (t->zone, "graveyard") == 0)
    return r->zone == TS_ZONE_GRAVEYARD;
  return r->zone == TS_ZONE_NONE || r->zone == TS_ZONE_HAND || r->zone == TS_ZONE_EXILE;
}

typedef struct {
  EvalMode mode;
  TsCalibration *cal;
  TsTracker *tracker;
  TsObserveDetector *detector;
  gboolean titles_searched;     /* the frame being run was searched for title lines */
  TsObserver *observer;
  TsTrackReader reader;
  gboolean have_reader;
  GArray *observations, *events, *reported, *inputs, *cands;
  const TsCardDb *db;
  TsMatcher *matcher;
  int frames;
  double ms_detect, ms_track;
  /* TS_EVAL_CACHE (a folder): candidates and readings kept from an earlier run of the same
   * session, so that tuning the tracker does not wait for the detector and the reader. */
  char *cache_base;
  GByteArray *cands_cache;     /* per frame: guint32 n, then n TsCardCandidate */
  gsize cands_pos;
  gboolean cands_cached;
  GHashTable *reads_cache;     /* key -> "score\tname" */
  gboolean reads_dirty;
  TsTrackReader inner;
  /* Truth of the frame being run (diagnosis): placed centres and names. */
  GArray *truth_at;            /* TruthAt */
} Run;

typedef struct {
  double center[2], long_side;
  const char *name;            /* borrowed from the frame's truth, valid during collect */
  gboolean seen;
} TruthAt;

static char *
cached_read (gpointer worker, const TsTrackReadRequest *req, double *out_score);

static char *
read_key (const Run *run, const TsTrackReadRequest *req)
{
  guint32 sum = 0;
  const TsImage *im = req->image;
  gsize total = (gsize) im->stride * im->height;
  for (gsize i = 0; i < total; i += 61)
    sum = sum * 31 + im->data[i];
  return g_strdup_printf ("%d %dx%d %u %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %d", run->frames,
                          im->width, im->height, sum, req->title_px[0][0], req->title_px[0][1],
                          req->title_px[1][0], req->title_px[1][1], req->title_px[2][0],
                          req->title_px[2][1], req->title_px[3][0], req->title_px[3][1],
                          req->has_quad);
}

typedef struct {
  Run *run;
  gpointer worker;
  gboolean tried;
} CachedWorker;

static gpointer
cached_worker_new (gpointer user_data, GError **error)
{
  (void) error;
  CachedWorker *w = g_new0 (CachedWorker, 1);
  w->run = user_data;
  return w;
}

static char *
cached_read (gpointer worker, const TsTrackReadRequest *req, double *out_score)
{
  CachedWorker *w = worker;
  Run *run = w->run;
  g_autofree char *key = read_key (run, req);
  const char *hit = g_hash_table_lookup (run->reads_cache, key);
  if (hit) {
    char *end;
    *out_score = g_ascii_strtod (hit, &end);
    if (g_getenv ("TS_EVAL_READS"))
      g_printerr ("read frame %d title (%.0f,%.0f) quad %d: %s\n", run->frames,
                  req->origin[0] + (req->title_px[0][0] + req->title_px[2][0]) / 2,
                  req->origin[1] + (req->title_px[0][1] + req->title_px[2][1]) / 2,
                  req->has_quad, hit);
    return *end == '\t' && end[1] ? g_strdup (end + 1) : NULL;
  }
  if (!w->tried) {
    w->tried = TRUE;
    w->worker = run->inner.worker_new (run->inner.user_data, NULL);
  }
  char *name = w->worker ? run->inner.read (w->worker, req, out_score) : NULL;
  g_hash_table_insert (run->reads_cache, g_steal_pointer (&key),
                       g_strdup_printf ("%.6f\t%s", *out_score, name ? name : ""));
  run->reads_dirty = TRUE;
  return name;
}

static void
cached_worker_free (gpointer worker)
{
  CachedWorker *w = worker;
  if (w->worker)
    w->run->inner.worker_free (w->worker);
  g_free (w);
}

static void
cache_open (Run *run, const char *what)
{
  const char *dir = g_getenv ("TS_EVAL_CACHE");
  if (dir == NULL || run->mode != EVAL_DETECTOR)
    return;
  g_mkdir_with_parents (dir, 0755);
  const char *every = g_getenv ("TS_EVAL_TITLES_EVERY");
  /* The candidates are kept as TsCardCandidate bytes: a cache of another layout is not read. */
  run->cache_base = g_strdup_printf ("%s/%08x-%s-%zu", dir, g_str_hash (what), every ? every : "d",
                                     sizeof (TsCardCandidate));
  g_autofree char *cp = g_strconcat (run->cache_base, ".cands", NULL);
  g_autofree char *rp = g_strconcat (run->cache_base, ".reads", NULL);
  gchar *data;
  gsize len;
  run->cands_cache = g_byte_array_new ();
  if (g_file_get_contents (cp, &data, &len, NULL)) {
    g_byte_array_append (run->cands_cache, (guint8 *) data, len);
    run->cands_cached = TRUE;
    g_free (data);
  }
  run->reads_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *text = NULL;
  if (g_file_get_contents (rp, &text, NULL, NULL)) {
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
    for (guint i = 0; lines[i]; i++) {
      char *bar = strchr (lines[i], '|');
      if (bar == NULL)
        continue;
      *bar = '\0';
      g_hash_table_insert (run->reads_cache, g_strdup (lines[i]), g_strdup (bar + 1));
    }
  }
  run->inner = run->reader;
  run->reader.worker_new = cached_worker_new;
  run->reader.read = cached_read;
  run->reader.worker_free = cached_worker_free;
  run->reader.user_data = run;
}

static void
cache_close (Run *run)
{
  if (run->cache_base == NULL)
    return;
  if (!run->cands_cached) {
    g_autofree char *cp = g_strconcat (run->cache_base, ".cands", NULL);
    g_file_set_contents (cp, (const char *) run->cands_cache->data, run->cands_cache->len,
                         NULL);
  }
  if (run->reads_dirty) {
    g_autoptr (GString) s = g_string_new (NULL);
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init (&it, run->reads_cache);
    while (g_hash_table_iter_next (&it, &k, &v))
      g_string_append_printf (s, "%s|%s\n", (char *) k, (char *) v);
    g_autofree char *rp = g_strconcat (run->cache_base, ".reads", NULL);
    g_file_set_contents (rp, s->str, s->len, NULL);
  }
  run->reader = run->inner;
  g_byte_array_unref (run->cands_cache);
  g_hash_table_unref (run->reads_cache);
  g_free (run->cache_base);
}

/* The frame's candidates: from the cache when there is one, else from the detector. */
static void
detect_frame (Run *run, const TsImage *image)
{
  if (run->cands_cached) {
    guint32 n = 0, titles = 1;
    if (run->cands_pos + 2 * sizeof n <= run->cands_cache->len) {
      memcpy (&n, run->cands_cache->data + run->cands_pos, sizeof n);
      memcpy (&titles, run->cands_cache->data + run->cands_pos + sizeof n, sizeof titles);
      run->titles_searched = titles;
      run->cands_pos += 2 * sizeof n;
      g_array_append_vals (run->cands, run->cands_cache->data + run->cands_pos, n);
      run->cands_pos += n * sizeof (TsCardCandidate);
    }
    return;
  }
  ts_observe_detector_detect (run->detector, image, run->cands, &run->titles_searched);
  if (run->cands_cache) {
    guint32 n = run->cands->len, titles = run->titles_searched;
    g_byte_array_append (run->cands_cache, (guint8 *) &n, sizeof n);
    g_byte_array_append (run->cands_cache, (guint8 *) &titles, sizeof titles);
    g_byte_array_append (run->cands_cache, (guint8 *) run->cands->data,
                         n * sizeof (TsCardCandidate));
  }
}

static void
run_init (Run *run, EvalMode mode, const TsCardDb *db, const char *what)
{
  memset (run, 0, sizeof *run);
  run->mode = mode;
  run->db = db;
  run->cal = ts_calibration_new ();
  ts_calibration_set_layout (run->cal, ts_zone_layout_load_named ("two-player-wide", NULL));
  TsTrackerParams p;
  ts_observe_tracker_params_init (&p);
  p.sync_reads = TRUE;  /* reproducible: readings land in the frame that asked */
  if (g_getenv ("TS_EVAL_UNREAD"))
    p.report_unread = atoi (g_getenv ("TS_EVAL_UNREAD"));
  if (mode == EVAL_DETECTOR) {
    run->matcher = ts_matcher_new (db);
    ts_observe_reader_init (&run->reader, db, run->matcher, 0);
    run->have_reader = TRUE;
    cache_open (run, what);
    const char *every = g_getenv ("TS_EVAL_TITLES_EVERY");
    run->detector = ts_observe_detector_new (every ? atoi (every) : TS_OBSERVE_TITLES_EVERY);
  }
  run->tracker = ts_tracker_new (&p, run->have_reader ? &run->reader : NULL);
  run->observer = ts_observer_new (0);
  run->observations = ts_observation_array_new ();
  run->events = ts_observed_event_array_new ();
  run->reported = g_array_new (FALSE, TRUE, sizeof (Reported));
  g_array_set_clear_func (run->reported, (GDestroyNotify) reported_clear);
  run->inputs = g_array_new (FALSE, FALSE, sizeof (TsTrackInput));
  run->cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  run->truth_at = g_array_new (FALSE, FALSE, sizeof (TruthAt));
}

static void
run_clear (Run *run)
{
  ts_tracker_free (run->tracker);
  cache_close (run);
  if (run->have_reader)
    ts_observe_reader_clear (&run->reader);
  ts_matcher_free (run->matcher);
  ts_observe_detector_free (run->detector);
  ts_observer_free (run->observer);
  ts_calibration_free (run->cal);
  g_array_unref (run->observations);
  g_array_unref (run->events);
  g_array_unref (run->reported);
  g_array_unref (run->inputs);
  g_array_unref (run->cands);
  g_array_unref (run->truth_at);
}

static void
collect (Run *run)
{
  for (guint i = 0; i < run->observations->len; i++) {
    const TsObservation *obs = &g_array_index (run->observations, TsObservation, i);
    g_array_set_size (run->events, 0);
    ts_observer_translate (run->observer, obs, run->events);
    for (guint k = 0; k < run->events->len; k++) {
      const TsObservedEvent *oe = &g_array_index (run->events, TsObservedEvent, k);
      Reported r = { obs->frame, (int) ((obs->time_us + 16666) / 33333), oe->event->kind,
                     oe->event->zone, oe->event->from_zone, g_strdup (oe->event->card),
                     oe->event->player, obs->track_id, NULL, 0 };
      double best = G_MAXDOUBLE;
      for (guint t = 0; t < run->truth_at->len; t++) {
        const TruthAt *ta = &g_array_index (run->truth_at, TruthAt, t);
        double d = hypot (ta->center[0] - obs->center[0], ta->center[1] - obs->center[1]) /
                   ta->long_side;
        if (d < best) {
          best = d;
          g_free (r.near);
          r.near = g_strdup_printf ("%s%s", ta->name, ta->seen ? "" : " (hidden)");
          r.near_d = d;
        }
      }
      g_array_append_val (run->reported, r);
    }
  }
  g_array_set_size (run->observations, 0);
}

static void
run_frame (Run *run, const TsImage *image, const GArray *truth)
{
  if (run->frames == 0)
    ts_calibration_fit_image (run->cal, image->width, image->height);
  g_array_set_size (run->inputs, 0);
  run->titles_searched = TRUE;
  gint64 t0 = g_get_monotonic_time ();
  if (run->mode == EVAL_DETECTOR) {
    g_array_set_size (run->cands, 0);
    detect_frame (run, image);
    ts_observe_place_candidates (run->cal, (const TsCardCandidate *) run->cands->data,
                                 run->cands->len, run->inputs);
  } else {
    for (guint i = 0; i < truth->len; i++) {
      const TruthCard *c = &g_array_index (truth, TruthCard, i);
      if (!truth_shape_detectable (truth, i, image->width, image->height))
        continue;  /* a hand over it, or buried: the detector would not see it */
      TsCardCandidate cand;
      memset (&cand, 0, sizeof cand);
      memcpy (cand.quad, c->shape.quad, sizeof cand.quad);
      memcpy (cand.title, c->shape.title, sizeof cand.title);
      cand.has_quad = TRUE;
      cand.confidence = 0.9;
      ts_observe_place_candidates (run->cal, &cand, 1, run->inputs);
      TsTrackInput *in = &g_array_index (run->inputs, TsTrackInput, run->inputs->len - 1);
      in->name = c->name;
      in->name_score = 0.95;
    }
  }
  gint64 t1 = g_get_monotonic_time ();
  g_array_set_size (run->truth_at, 0);
  for (guint i = 0; i < truth->len; i++) {
    const TruthCard *c = &g_array_index (truth, TruthCard, i);
    TsPlacement pl;
    ts_calibration_place (run->cal, c->shape.quad, FALSE, &pl);
    TruthAt ta = { { pl.center[0], pl.center[1] }, MAX (MAX (pl.size[0], pl.size[1]), 1),
                   c->name, truth_shape_detectable (truth, i, image->width, image->height) };
    g_array_append_val (run->truth_at, ta);
  }
  if (g_getenv ("TS_EVAL_DEBUG"))
    for (guint i = 0; i < run->truth_at->len; i++) {
      const TruthAt *ta = &g_array_index (run->truth_at, TruthAt, i);
      if (run->frames % 10 == 0)
        g_printerr ("f%d truth %s (%.0f,%.0f)%s\n", run->frames, ta->name, ta->center[0],
                    ta->center[1], ta->seen ? "" : " hidden");
    }
  if (g_getenv ("TS_EVAL_DEBUG") && (run->frames < 26 || g_getenv ("TS_EVAL_DEBUG")[0] == '2')) {
    for (guint i = 0; i < run->inputs->len; i++) {
      const TsTrackInput *in = &g_array_index (run->inputs, TsTrackInput, i);
      g_printerr ("frame %d in %u: %s c=(%.0f,%.0f) a=%.1f area %d owner %d quad %d conf %.2f "
                  "title px (%.0f,%.0f) size %.0fx%.0f\n", run->frames, i,
                  in->name ? in->name : "-", in->center[0], in->center[1], in->rel_angle_deg,
                  in->area, in->owner, in->has_quad, in->confidence,
                  (in->title_px[0][0] + in->title_px[2][0]) / 2,
                  (in->title_px[0][1] + in->title_px[2][1]) / 2, in->size[0], in->size[1]);
    }
    for (guint i = 0; i < truth->len; i++) {
      const TruthCard *c = &g_array_index (truth, TruthCard, i);
      g_printerr ("frame %d truth %s title px (%.0f,%.0f) visible %.2f\n", run->frames, c->name,
                  (c->shape.title[0][0] + c->shape.title[2][0]) / 2,
                  (c->shape.title[0][1] + c->shape.title[2][1]) / 2, c->shape.visible);
    }
  }
  ts_observe_track (run->tracker, image, (gint64) run->frames * 33333,
                    (const TsTrackInput *) run->inputs->data, run->inputs->len,
                    run->titles_searched, run->observations);
  gint64 t2 = g_get_monotonic_time ();
  run->ms_detect += (t1 - t0) / 1000.0;
  run->ms_track += (t2 - t1) / 1000.0;
  run->frames++;
  collect (run);
}

/* Greedy matching in truth order: each truth event takes the earliest unused reported event
 * of its kind, card, player and zone within a window of frames, and of the same physical card
 * once that card's identity is known. */
static void
score (Run *run, const GArray *truth, EvalResult *out)
{
  out->log = g_string_new (NULL);
  out->truth = (int) truth->len;
  out->reported = 0;
  g_autofree gboolean *used = g_new0 (gboolean, run->reported->len + 1);
  g_autoptr (GHashTable) ids = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < run->reported->len; i++) {
    const Reported *r = &g_array_index (run->reported, Reported, i);
    out->reported += reported_kind (r) != NULL;
    if (g_getenv ("TS_EVAL_DEBUG"))
      g_printerr ("reported frame %3d when %3d %-10s %s track %u player %d zone %d<-%d near %s %.2f\n",
                  (int) r->frame, r->when, ts_event_kind_name (r->kind), r->card ? r->card : "-",
                  r->track, r->player, r->zone, r->from_zone, r->near ? r->near : "-", r->near_d);
  }
  int last_when = -1000000;
  for (guint t = 0; t < truth->len; t++) {
    const TruthEvent *te = &g_array_index (truth, TruthEvent, t);
    gboolean tap = strcmp (te->kind, "tapped") == 0 || strcmp (te->kind, "untapped") == 0;
    int lo = te->frame - (tap ? 3 : 12), hi = te->frame + (tap ? 12 : 45);
    int found = -1;
    for (guint i = 0; i < run->reported->len && found < 0; i++) {
      const Reported *r = &g_array_index (run->reported, Reported, i);
      const char *k = reported_kind (r);
      if (used[i] || k == NULL || strcmp (k, te->kind) != 0 || r->when < lo ||
          r->when > hi || r->player != te->player || !zone_agrees (te, r))
        continue;
      if (r->card == NULL || strcmp (r->card, te->name) != 0)
        continue;
      gpointer mapped;
      if (g_hash_table_lookup_extended (ids, GINT_TO_POINTER (te->id), NULL, &mapped) &&
          GPOINTER_TO_UINT (mapped) != r->track)
        continue;
      found = (int) i;
    }
    if (found < 0) {
      g_string_append_printf (out->log, "missed   frame %3d %-8s %s (card %d, player %d%s%s)\n",
                              te->frame, te->kind, te->name, te->id, te->player + 1,
                              strcmp (te->kind, "left") == 0 ? ", to " : "",
                              strcmp (te->kind, "left") == 0 ? te->zone : "");
      continue;
    }
    const Reported *r = &g_array_index (run->reported, Reported, found);
    used[found] = TRUE;
    out->matched++;
    g_hash_table_insert (ids, GINT_TO_POINTER (te->id), GUINT_TO_POINTER (r->track));
    /* In order: not earlier than the event matched before it, to within 6 frames (0.2 s:
     * a departure is stamped when the card was last seen, as it is lifted, while the truth
     * stamps it once the card is off the table). */
    if (r->when >= last_when - 6)
      out->in_order++;
    last_when = r->when;
    if (tap) {
      out->taps++;
      int latency = (int) r->frame - te->frame;
      out->taps_within_2 += latency <= 2;
      out->tap_latency_mean += latency;
      out->tap_latency_max = out->taps == 1 ? latency : MAX (out->tap_latency_max, latency);
    }
    g_string_append_printf (out->log, "found    frame %3d %-8s %s (card %d) at frame %d, "
                            "reported at %d\n", te->frame, te->kind, te->name, te->id, r->when,
                            (int) r->frame);
  }
  for (guint i = 0; i < run->reported->len; i++) {
    const Reported *r = &g_array_index (run->reported, Reported, i);
    const char *k = reported_kind (r);
    if (used[i] || k == NULL)
      continue;
    if (strcmp (k, "entered") == 0 || strcmp (k, "left") == 0)
      out->spurious_enter_leave++;
    g_string_append_printf (out->log, "spurious frame %3d %-8s %s (track %u, player %d, dated %d",
                            (int) r->frame, k, r->card ? r->card : "(unnamed)", r->track,
                            r->player + 1, r->when);
    if (strcmp (k, "entered") == 0 || strcmp (k, "left") == 0)
      g_string_append_printf (out->log, ", to %s", ts_zone_name ((TsZone) r->zone));
    g_string_append_c (out->log, ')');
    if (r->near)
      g_string_append_printf (out->log, " near %s at %.2f", r->near, r->near_d);
    g_string_append_c (out->log, '\n');
  }
  if (out->taps > 0)
    out->tap_latency_mean /= out->taps;
  out->precision = out->reported ? (double) out->matched / out->reported : 1.0;
  out->recall = out->truth ? (double) out->matched / out->truth : 1.0;
  out->frames = run->frames;
  out->ms_detect = run->frames ? run->ms_detect / run->frames : 0;
  out->ms_track = run->frames ? run->ms_track / run->frames : 0;
}

gboolean
eval_session_dir (const char *dir, EvalMode mode, const TsCardDb *db, EvalResult *out,
                  GError **error)
{
  memset (out, 0, sizeof *out);
  g_autofree char *events_path = g_build_filename (dir, "events.jsonl", NULL);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (events_path, &text, NULL, error))
    return FALSE;
  g_autoptr (GArray) truth = truth_events_parse (text, error);
  if (truth == NULL)
    return FALSE;
  Run run;
  run_init (&run, mode, db, dir);
  gboolean ok = TRUE;
  for (int f = 0;; f++) {
    g_autofree char *jpg = g_strdup_printf ("%s/frame-%04d.jpg", dir, f);
    g_autofree char *json = g_strdup_printf ("%s/frame-%04d.json", dir, f);
    if (!g_file_test (jpg, G_FILE_TEST_EXISTS))
      break;
    g_autoptr (TsImage) image = ts_image_load (jpg, error);
    g_autoptr (GArray) cards = image ? truth_cards_from_json (json, error) : NULL;
    if (cards == NULL) {
      ok = FALSE;
      break;
    }
    run_frame (&run, image, cards);
  }
  if (ok) {
    g_array_set_size (run.truth_at, 0);  /* the frames' truth is gone */
    ts_tracker_finish (run.tracker, (gint64) run.frames * 33333, run.observations);
    collect (&run);
    score (&run, truth, out);
  }
  run_clear (&run);
  return ok;
}

gboolean
eval_session_script (const char *script, EvalMode mode, const TsCardDb *db, EvalResult *out,
                     GError **error)
{
  memset (out, 0, sizeof *out);
  g_autoptr (TsSynthSession) session = ts_synth_session_new_from_script (script, "script",
                                                                          error);
  if (session == NULL)
    return FALSE;
  g_autofree char *text = ts_synth_session_events_jsonl (session);
  g_autoptr (GArray) truth = truth_events_parse (text, error);
  if (truth == NULL)
    return FALSE;
  g_autoptr (TsSynthDeck) deck = db ? ts_synth_deck_new_from_carddb (db)
                                    : ts_synth_deck_new_builtin ();
  Run run;
  run_init (&run, mode, db, script);
  gboolean ok = TRUE;
  int n = ts_synth_session_n_frames (session);
  for (int f = 0; f < n && ok; f++) {
    g_autoptr (TsSynthScene) scene = ts_synth_session_render_frame (session, deck, f, error);
    if (scene == NULL) {
      ok = FALSE;
      break;
    }
    g_autoptr (GArray) cards = truth_cards_from_scene (scene);
    run_frame (&run, scene->image, cards);
  }
  if (ok) {
    g_array_set_size (run.truth_at, 0);  /* the frames' truth is gone */
    ts_tracker_finish (run.tracker, (gint64) run.frames * 33333, run.observations);
    collect (&run);
    score (&run, truth, out);
  }
  run_clear (&run);
  return ok;
}
