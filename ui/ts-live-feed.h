/* ts-live-feed.h — the live table in the dashboard: frames from a capture source go through
 * the card detector and the tracker on a worker thread; the main thread shows the newest frame
 * with an overlay per card, and turns the tracker's observations into camera events for the
 * window's engine (through the observer). A lost camera shows a banner and the feed goes on
 * when it comes back; the game stays in the window's engine and store throughout.
 *
 * Threads: the worker owns the capture source, detector and tracker; the main thread owns the
 * observer and touches the window. Frames the window has not shown yet are replaced by newer
 * ones (dropped), observations never are. Recordings are paced at their recorded frame rate.
 *
 * Ownership: TsLiveFeed is opaque; ts_live_feed_free stops the worker and waits for it (at
 * most one capture read or backoff wait). It borrows the window, the card database and the
 * matcher, which must outlive it; call every function from the main thread. */
#pragma once

#include <gtk/gtk.h>
#include "calibration.h"
#include "capture.h"
#include "cards.h"
#include "track.h"

G_BEGIN_DECLS

typedef struct _TsWindow TsWindow;
typedef struct _TsLiveFeed TsLiveFeed;

/* Finds the cards in frame (number `index` from 0) and appends one TsTrackInput per card to
 * inputs (placed on the table as ts_observe_place_candidates does). Names in the inputs must
 * stay valid until the next call. Returns whether the frame was searched for lone title lines
 * (see ts_observe_track; a function that always looks returns TRUE). Runs on the worker
 * thread. Default: the live table's detection (ts_observe_detector_new), as `tablesight watch`
 * runs it. */
typedef gboolean (*TsLiveFeedDetectFunc) (gpointer user_data, const TsImage *frame,
                                          guint64 index, const TsCalibration *calibration,
                                          GArray *inputs);

/* source and calibration are taken (calibration NULL: image pixels, one battlefield). db and
 * matcher (may be NULL: no names are read) are borrowed. Nothing runs before _start. */
TsLiveFeed *ts_live_feed_new (TsWindow *window, TsCaptureSource *source,
                              TsCalibration *calibration, const TsCardDb *db,
                              const TsMatcher *matcher);
/* Opens spec (see capture.h) and calibration_path (NULL: none; a recorded folder then gets
 * the two-player-wide layout the bundled sessions use). NULL with an error naming the file. */
TsLiveFeed *ts_live_feed_open (TsWindow *window, const char *spec, const char *calibration_path,
                               const TsCardDb *db, const TsMatcher *matcher, GError **error);
void ts_live_feed_free (TsLiveFeed *feed);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsLiveFeed, ts_live_feed_free)

/* Replaces the card detector (before _start); destroy frees user_data with the feed. */
void ts_live_feed_set_detect_func (TsLiveFeed *feed, TsLiveFeedDetectFunc func,
                                   gpointer user_data, GDestroyNotify destroy);
/* Tracker tuning (before _start); NULL restores the defaults. Recordings read names in step
 * with the frames (sync_reads) unless params say otherwise. */
void ts_live_feed_set_tracker_params (TsLiveFeed *feed, const TsTrackerParams *params);
/* Starts the worker thread. table_as_found: the game has just begun, so the cards seen in the
 * first seconds were on the table already (setup moves: no casts, no land plays). */
void ts_live_feed_start (TsLiveFeed *feed, gboolean table_as_found);

/* The person named a tracked card: the overlay shows that name from now on (the tracker's
 * own later readings no longer replace it). */
void ts_live_feed_name_card (TsLiveFeed *feed, guint track_id, const char *name);

/* TRUE until the source ends (a recording played through) or fails for good. */
gboolean ts_live_feed_is_running (TsLiveFeed *feed);
/* TRUE when the source is a recording (a folder of frames, a video file) that ends, not a
 * camera. */
gboolean ts_live_feed_is_recording (TsLiveFeed *feed);
const char *ts_live_feed_get_name (TsLiveFeed *feed);
/* Player names of the calibration's layout (NULL-terminated, owned by the feed), or NULL. */
const char *const *ts_live_feed_get_player_names (TsLiveFeed *feed);

typedef struct {
  guint64 frames_read;     /* frames captured by the worker */
  guint64 frames_shown;    /* frames handed to the camera view */
  guint64 frames_dropped;  /* replaced by a newer frame before they were shown */
  guint64 events_applied;  /* camera events the engine took */
  guint64 events_to_confirm; /* of those, low-confidence ones */
  guint64 events_failed;   /* events the engine refused (shown in the banner) */
  guint reconnects;        /* times the camera was lost and reopened */
  guint64 n_overlays;      /* overlays on the frame on show */
  gint64 shown_read_us;    /* monotonic time (µs) the frame on show was captured */
  double mean_read_to_shown_ms; /* capture to hand-over to the view, mean over shown frames */
} TsLiveFeedStats;

void ts_live_feed_get_stats (TsLiveFeed *feed, TsLiveFeedStats *out);

G_END_DECLS
