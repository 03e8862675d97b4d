/* observe.c — from candidates to tracker inputs, from tracker observations to engine events. */
#include "observe.h"
#include "reader.h"

#include <math.h>
#include <string.h>

void
ts_observe_detector_params_init (TsDetectorParams *params)
{
  ts_detector_params_init (params);
  /* A camera over the table is focused on it: the half-size look for large blurred titles
   * (photos taken close) would cost about 2 ms a 1080p frame for nothing. */
  params->coarse_titles = FALSE;
  /* On recorded sessions the longer frame-line test let stray lines through to the tracker:
   * event precision 0.74 -> 0.58, recall 0.69 -> 0.53. */
  params->long_frame_lines = FALSE;
  /* Cutting an outline around two stacked cards in two cost the recorded sessions dearly
   * (seed 29: event precision .744 -> .525, recall .727 -> .477): a hand or a card being
   * carried lies over the cards on the table and makes card-long outlines to cut. */
  params->stack_margin = 0;
  /* Reading alone a card's name line that a higher line displaced reported seed 29's Chaos
   * Orb 28 frames later, and its tap with it (the eight 1080p games otherwise the same). */
  params->displaced_lines = FALSE;
  /* A graveyard at the picture's edge: its top card's name, its outline run out of the
   * picture, was found only as its name bar's empty end. On the six recorded eights, their
   * detections made afresh: 1,777 -> 1,779 of 1,839 events found, 1,805 reported either way
   * (563's Purelace, 397's Word of Command and 61's Mons's Goblin Raiders put on their
   * graveyards, 503's Contract from Below tap; lost: 557's Tropical Island, cast and killed
   * within 12 frames, and 491's Nettling Imp tap). */
  params->long_solid_frames = TRUE;
}

void
ts_observe_tracker_params_init (TsTrackerParams *params)
{
  ts_tracker_params_init (params);
  params->report_unread = FALSE;
}

struct _TsObserveDetector {
  TsDetector *full, *cards;  /* cards: the same tuning without the title line search */
  int titles_every;
  guint64 frame;
};

TsObserveDetector *
ts_observe_detector_new (int titles_every)
{
  TsObserveDetector *d = g_new0 (TsObserveDetector, 1);
  TsDetectorParams p;
  ts_observe_detector_params_init (&p);
  d->full = ts_detector_new (&p);
  d->titles_every = MAX (titles_every, 1);
  if (d->titles_every > 1 && p.find_titles) {
    p.find_titles = FALSE;
    d->cards = ts_detector_new (&p);
  }
  return d;
}

void
ts_observe_detector_free (TsObserveDetector *d)
{
  if (d == NULL)
    return;
  ts_detector_free (d->full);
  ts_detector_free (d->cards);
  g_free (d);
}

guint
ts_observe_detector_detect (TsObserveDetector *d, const TsImage *image, GArray *out,
                            gboolean *titles_searched)
{
  g_return_val_if_fail (d != NULL && image != NULL && out != NULL, 0);
  gboolean titles = d->cards == NULL || d->frame % (guint64) d->titles_every == 0;
  d->frame++;
  if (titles_searched)
    *titles_searched = titles;
  return ts_detector_detect (titles ? d->full : d->cards, image, out, NULL);
}

void
ts_observe_track (TsTracker *tracker, const TsImage *image, gint64 time_us,
                  const TsTrackInput *inputs, guint n, gboolean titles_searched, GArray *out)
{
  if (titles_searched)
    ts_tracker_update (tracker, image, time_us, inputs, n, out);
  else
    ts_tracker_update_cards_only (tracker, image, time_us, inputs, n, out);
}

TsZone
ts_observe_zone_for_area (TsAreaKind area)
{
  switch (area) {
  case TS_AREA_BATTLEFIELD: return TS_ZONE_BATTLEFIELD;
  case TS_AREA_HAND: return TS_ZONE_HAND;
  case TS_AREA_LIBRARY: return TS_ZONE_LIBRARY;
  case TS_AREA_GRAVEYARD: return TS_ZONE_GRAVEYARD;
  case TS_AREA_EXILE: return TS_ZONE_EXILE;
  default: return TS_ZONE_NONE;
  }
}

void
ts_observe_place_candidates (const TsCalibration *cal, const TsCardCandidate *cands, guint n,
                             GArray *inputs)
{
  for (guint i = 0; i < n; i++) {
    const TsCardCandidate *c = &cands[i];
    TsPlacement pl;
    /* A title alone gives the card's centre only when its up is known: otherwise the card may
     * lie on either side of it, and the title's own centre is the safer position. */
    ts_calibration_place (cal, c->has_quad ? c->quad : c->title,
                          !c->has_quad && c->upright_known, &pl);
    TsTrackInput in;
    memset (&in, 0, sizeof in);
    in.center[0] = pl.center[0];
    in.center[1] = pl.center[1];
    if (c->has_quad) {
      in.size[0] = pl.size[0];
      in.size[1] = pl.size[1];
    } else {
      /* A title alone: the card's size from the title's width (about 46 of 63 mm). */
      double w = pl.size[0] * 63.0 / 46.0;
      in.size[0] = w;
      in.size[1] = w * 88.0 / 63.0;
    }
    in.rel_angle_deg = pl.rel_angle_deg;
    in.area = pl.area;
    in.owner = pl.owner;
    in.pile = ts_area_kind_is_pile (pl.area);
    in.pile_face_down = pl.area == TS_AREA_LIBRARY;
    in.confidence = c->confidence;
    memcpy (in.title_px, c->title, sizeof in.title_px);
    memcpy (in.quad_px, c->quad, sizeof in.quad_px);
    in.has_quad = c->has_quad;
    g_array_append_val (inputs, in);
  }
}

/* ---- the reader on the tracker's worker thread ---- */

typedef struct {
  const TsCardDb *db;
  const TsMatcher *matcher;
  double min_score;
} ReaderConfig;

static gpointer
reader_worker_new (gpointer user_data, GError **error)
{
  const ReaderConfig *cfg = user_data;
  TsReader *r = ts_reader_new (cfg->db, cfg->matcher, error);
  if (r && cfg->min_score > 0)
    ts_reader_set_min_score (r, cfg->min_score);
  return r;
}

static char *
reader_read (gpointer worker, const TsTrackReadRequest *req, double *out_score)
{
  TsCardCandidate c;
  memset (&c, 0, sizeof c);
  memcpy (c.title, req->title_px, sizeof c.title);
  memcpy (c.quad, req->quad_px, sizeof c.quad);
  c.has_quad = req->has_quad;
  c.angle_deg = req->angle_deg >= 0 ? req->angle_deg : 0;
  c.upright_known = FALSE;
  c.confidence = 1;
  TsReading reading;
  memset (&reading, 0, sizeof reading);
  gboolean ok = ts_reader_read (worker, req->image, &c, &reading);
  char *name = ok && reading.name ? g_strdup (reading.name) : NULL;
  *out_score = reading.score;
  ts_reading_clear (&reading);
  return name;
}

static void
reader_worker_free (gpointer worker)
{
  ts_reader_free (worker);
}

void
ts_observe_reader_init (TsTrackReader *out, const TsCardDb *db, const TsMatcher *matcher,
                        double min_score)
{
  ReaderConfig *cfg = g_new0 (ReaderConfig, 1);
  cfg->db = db;
  cfg->matcher = matcher;
  cfg->min_score = min_score;
  out->worker_new = reader_worker_new;
  out->read = reader_read;
  out->worker_free = reader_worker_free;
  out->user_data = cfg;
}

void
ts_observe_reader_clear (TsTrackReader *reader)
{
  g_clear_pointer (&reader->user_data, g_free);
}

/* ---- observations to events ---- */

void
ts_observed_event_clear (TsObservedEvent *oe)
{
  g_clear_pointer (&oe->event, ts_event_free);
}

GArray *
ts_observed_event_array_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (TsObservedEvent));
  g_array_set_clear_func (a, (GDestroyNotify) ts_observed_event_clear);
  return a;
}

struct _TsObserver {
  gint64 offset_us;
  GHashTable *objects;  /* track id -> engine object id */
  GHashTable *names;    /* track id -> name a person gave it */
  gboolean setup_open;  /* entries are the table as found */
  gint64 setup_until_us;
  guint n_setup;        /* setup moves sent, so setup_end is sent only after some */
};

TsObserver *
ts_observer_new (gint64 time_offset_us)
{
  TsObserver *o = g_new0 (TsObserver, 1);
  o->offset_us = time_offset_us;
  o->objects = g_hash_table_new (g_direct_hash, g_direct_equal);
  o->names = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  return o;
}

void
ts_observer_free (TsObserver *o)
{
  if (o == NULL)
    return;
  g_hash_table_unref (o->objects);
  g_hash_table_unref (o->names);
  g_free (o);
}

void
ts_observer_open_setup (TsObserver *o, gint64 until_us)
{
  o->setup_open = TRUE;
  o->setup_until_us = until_us;
  o->n_setup = 0;
}

void
ts_observer_bind (TsObserver *o, guint track_id, guint object)
{
  g_hash_table_insert (o->objects, GUINT_TO_POINTER (track_id), GUINT_TO_POINTER (object));
}

guint
ts_observer_object (const TsObserver *o, guint track_id)
{
  gpointer v;
  if (g_hash_table_lookup_extended (o->objects, GUINT_TO_POINTER (track_id), NULL, &v))
    return GPOINTER_TO_UINT (v);
  return track_id;
}

void
ts_observer_set_name (TsObserver *o, guint track_id, const char *name)
{
  if (name != NULL)
    g_hash_table_insert (o->names, GUINT_TO_POINTER (track_id), g_strdup (name));
  else
    g_hash_table_remove (o->names, GUINT_TO_POINTER (track_id));
}

static TsEvent *
add (GArray *out, TsEventKind kind, const TsObservation *obs, gint64 offset)
{
  TsObservedEvent oe = { 0 };
  oe.event = ts_event_new (kind);
  oe.event->source = TS_SOURCE_CAMERA;
  oe.event->time_us = obs->time_us + offset;
  oe.event->player = obs->owner;
  oe.event->card = g_strdup (obs->name);
  oe.track_id = obs->track_id;
  oe.confidence = obs->confidence;
  oe.needs_confirmation = obs->needs_confirmation || obs->name == NULL;
  if (oe.needs_confirmation)
    oe.event->note = g_strdup_printf ("camera: confidence %.2f, please confirm", obs->confidence);
  g_array_append_val (out, oe);
  return oe.event;
}

guint
ts_observer_translate (TsObserver *o, const TsObservation *obs, GArray *out)
{
  guint before = out->len;
  guint object = ts_observer_object (o, obs->track_id);
  TsEvent *e;
  /* A face-down pile in the library zone is the library itself, not a card coming in; a card
   * off every zone is not in the game. */
  if (obs->kind == TS_OBS_ENTERED &&
      ((obs->area == TS_AREA_LIBRARY && obs->name == NULL) || obs->area == TS_AREA_NONE))
    return 0;
  gboolean setup = FALSE;
  if (o->setup_open && obs->kind != TS_OBS_NAMED) {
    setup = obs->kind == TS_OBS_ENTERED && obs->time_us < o->setup_until_us;
    if (!setup) {
      o->setup_open = FALSE;
      if (o->n_setup > 0) {
        e = add (out, TS_EVENT_SETUP_END, obs, o->offset_us);
        g_clear_pointer (&e->card, g_free);
        g_clear_pointer (&e->note, g_free);
        g_array_index (out, TsObservedEvent, out->len - 1).needs_confirmation = FALSE;
        g_array_index (out, TsObservedEvent, out->len - 1).track_id = 0;
      }
    }
  }
  switch (obs->kind) {
  case TS_OBS_ENTERED:
    e = add (out, TS_EVENT_MOVE, obs, o->offset_us);
    e->zone = ts_observe_zone_for_area (obs->area);
    e->from_zone = TS_ZONE_NONE;
    if (obs->name == NULL)
      e->flags |= TS_EVENT_FLAG_FACEDOWN;
    if (setup) {
      e->flags |= TS_EVENT_FLAG_SETUP;
      if (obs->tapped && obs->area == TS_AREA_BATTLEFIELD)
        e->flags |= TS_EVENT_FLAG_TAPPED;
      o->n_setup++;
    } else if (obs->tapped && obs->area == TS_AREA_BATTLEFIELD) {
      e = add (out, TS_EVENT_TAP, obs, o->offset_us);
      e->object = object;
    }
    break;
  case TS_OBS_MOVED:
    e = add (out, TS_EVENT_MOVE, obs, o->offset_us);
    e->object = object;
    e->zone = ts_observe_zone_for_area (obs->area);
    e->from_zone = ts_observe_zone_for_area (obs->from_area);
    break;
  case TS_OBS_TAPPED:
  case TS_OBS_UNTAPPED:
    e = add (out, obs->kind == TS_OBS_TAPPED ? TS_EVENT_TAP : TS_EVENT_UNTAP, obs, o->offset_us);
    e->object = object;
    break;
  case TS_OBS_LEFT:
    e = add (out, TS_EVENT_MOVE, obs, o->offset_us);
    e->object = object;
    e->from_zone = ts_observe_zone_for_area (obs->from_area);
    e->zone = TS_ZONE_NONE;
    if (e->note == NULL)
      e->note = g_strdup ("camera: left the table (where to was not seen)");
    break;
  case TS_OBS_NAMED:
    e = add (out, TS_EVENT_NOTE, obs, o->offset_us);
    g_free (e->note);
    e->note = g_strdup_printf ("camera: object %u is %s (score %.2f)", object,
                               obs->name ? obs->name : "?", obs->name_score);
    e->object = object;
    break;
  }
  /* The person's name stands for a card the camera still cannot read. */
  const char *named = g_hash_table_lookup (o->names, GUINT_TO_POINTER (obs->track_id));
  for (guint i = before; named != NULL && i < out->len; i++) {
    TsObservedEvent *oe = &g_array_index (out, TsObservedEvent, i);
    if (oe->event->card == NULL && oe->track_id == obs->track_id &&
        oe->event->kind != TS_EVENT_SETUP_END) {
      oe->event->card = g_strdup (named);
      oe->event->flags &= ~TS_EVENT_FLAG_FACEDOWN;
    }
  }
  return out->len - before;
}

gboolean
ts_observer_apply (TsObserver *o, TsEngine *engine, const TsObservation *obs,
                   TsObserverEventFunc func, gpointer user_data, GError **error)
{
  g_return_val_if_fail (o != NULL && obs != NULL, FALSE);
  g_autoptr (GArray) events = ts_observed_event_array_new ();
  ts_observer_translate (o, obs, events);
  for (guint k = 0; k < events->len; k++) {
    TsObservedEvent *oe = &g_array_index (events, TsObservedEvent, k);
    TsVerdict verdict = { 0 };
    /* A card that came in tapped: its tap was made before the move was bound to the
     * engine's object, so it named the track; name the object now. */
    if (obs->kind == TS_OBS_ENTERED && oe->event->kind == TS_EVENT_TAP)
      oe->event->object = ts_observer_object (o, obs->track_id);
    if (engine != NULL) {
      if (!ts_engine_apply (engine, oe->event, &verdict, error))
        return FALSE;
      if (obs->kind == TS_OBS_ENTERED && oe->event->kind == TS_EVENT_MOVE && verdict.object)
        ts_observer_bind (o, obs->track_id, verdict.object);
    }
    if (func != NULL)
      func (obs, oe, engine != NULL ? &verdict : NULL, user_data);
  }
  return TRUE;
}
