/* observe.h — the live table's glue between vision and the engine: places detector candidates
 * on the calibrated table as tracker inputs, runs the title reader for the tracker, and turns
 * tracker observations into engine events (camera source, with a confidence each).
 *
 * Ownership: TsObserver is opaque (ts_observer_free); it borrows the calibration. Events
 * returned are new (ts_event_free). */
#pragma once

#include "calibration.h"
#include "cards.h"
#include "detect.h"
#include "engine.h"
#include "event.h"
#include "track.h"

G_BEGIN_DECLS

/* The detector's tuning for the live table (every frame of a camera), used by `tablesight
 * watch` and the dashboard's live feed alike. */
void ts_observe_detector_params_init (TsDetectorParams *params);

/* The tracker's tuning for the live table (`tablesight watch`, the dashboard's live feed):
 * ts_tracker_params_init's, but a card enters play only once its name is read (a camera
 * over a busy table sees many things that never read, and are not cards). */
void ts_observe_tracker_params_init (TsTrackerParams *params);

/* The live table's detection, cheap enough for every frame: whole cards on every frame, lone
 * title lines (the costly search, for cards whose outline is hidden) on every titles_every-th
 * frame only. Feed its frames to the tracker with ts_observe_track, which tells the
 * tracker which frames were searched for title lines. Not thread-safe; free with
 * ts_observe_detector_free. */
typedef struct _TsObserveDetector TsObserveDetector;

/* The default titles_every: a third of the frames. At 30 fps a card seen by its title line
 * alone is still looked at ten times a second; each frame more saves about a third of the
 * title search and adds a frame to such a card's tap latency. */
#define TS_OBSERVE_TITLES_EVERY 3

/* titles_every <= 1: every frame (the detector alone). */
TsObserveDetector *ts_observe_detector_new (int titles_every);
void ts_observe_detector_free (TsObserveDetector *detector);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsObserveDetector, ts_observe_detector_free)

/* Appends image's candidates to out (a GArray of TsCardCandidate); *titles_searched tells
 * whether this frame was searched for lone title lines. Returns how many were appended. */
guint ts_observe_detector_detect (TsObserveDetector *detector, const TsImage *image,
                                  GArray *out, gboolean *titles_searched);

/* Feeds one frame's placed candidates to tracker: ts_tracker_update for a frame searched for
 * title lines, else ts_tracker_update_cards_only. */
void ts_observe_track (TsTracker *tracker, const TsImage *image, gint64 time_us,
                       const TsTrackInput *inputs, guint n, gboolean titles_searched,
                       GArray *out);

/* The engine's zone for a layout area. */
TsZone ts_observe_zone_for_area (TsAreaKind area);

/* Appends one TsTrackInput per candidate to inputs (a GArray of TsTrackInput), placed with
 * cal (which may have no table or layout: then image pixels and one battlefield). */
void ts_observe_place_candidates (const TsCalibration *cal, const TsCardCandidate *cands,
                                  guint n, GArray *inputs);

/* A TsTrackReader reading titles with a TsReader made on the tracker's worker thread. db and
 * matcher must outlive the tracker. min_score as for ts_reader_set_min_score (<= 0: default). */
void ts_observe_reader_init (TsTrackReader *out, const TsCardDb *db, const TsMatcher *matcher,
                             double min_score);
/* Frees what ts_observe_reader_init allocated; only after the tracker using it is freed. */
void ts_observe_reader_clear (TsTrackReader *reader);

/* One engine event made from an observation. */
typedef struct {
  TsEvent *event;             /* owned */
  guint track_id;
  double confidence;          /* 0..1 */
  gboolean needs_confirmation;
} TsObservedEvent;

void ts_observed_event_clear (TsObservedEvent *oe);
/* A GArray of TsObservedEvent that clears its elements. */
GArray *ts_observed_event_array_new (void);

typedef struct _TsObserver TsObserver;

/* time_offset_us is added to observation times to make wall-clock event times (microseconds
 * since the epoch): for a recording, its start time; for a camera, wall minus monotonic. */
TsObserver *ts_observer_new (gint64 time_offset_us);
void ts_observer_free (TsObserver *observer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsObserver, ts_observer_free)

/* Appends the events for obs to out (a ts_observed_event_array_new array): entering gives a
 * move (object 0: the engine assigns one; then call ts_observer_bind), and a tap when the card
 * came in tapped; taps, untaps and moves name the card's engine object. Returns how many. */
guint ts_observer_translate (TsObserver *observer, const TsObservation *obs, GArray *out);
/* Opens "the table as found" for a game whose watching starts with cards already in play:
 * cards seen entering before until_us (the observations' time base) become setup moves (no
 * cast, no land play, not summoning sick; a tapped one enters tapped, without a tap event).
 * Setup closes at the first other change (a tap, untap, move or departure) or the first entry
 * at or after until_us, with one setup_end event before that change's own events. */
void ts_observer_open_setup (TsObserver *observer, gint64 until_us);
/* Records that the engine gave track_id the object id (from its verdict). */
void ts_observer_bind (TsObserver *observer, guint track_id, guint object);
/* The engine object for a track; the track id itself until bound. */
guint ts_observer_object (const TsObserver *observer, guint track_id);
/* A person named track_id's card (name NULL forgets it): the events of that card the camera
 * gives no name carry this one from now on. */
void ts_observer_set_name (TsObserver *observer, guint track_id, const char *name);

/* Told of each event ts_observer_apply made from obs, once the engine took it; verdict is the
 * engine's (NULL without an engine). */
typedef void (*TsObserverEventFunc) (const TsObservation *obs, const TsObservedEvent *oe,
                                     const TsVerdict *verdict, gpointer user_data);

/* Translates obs and applies its events to engine in order (engine NULL: translation only),
 * binding a card that enters to the object the engine gives it, so that its tap on entry and
 * every later event name that object. func (may be NULL) is called for each event. FALSE
 * with the engine's error when it refused an event (its store could not record it): the
 * observation's remaining events are not applied. */
gboolean ts_observer_apply (TsObserver *observer, TsEngine *engine, const TsObservation *obs,
                            TsObserverEventFunc func, gpointer user_data, GError **error);

G_END_DECLS
