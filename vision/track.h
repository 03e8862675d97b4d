/* track.h — following physical cards across frames: a stable identity per card, names read
 * off the frame loop until the readings agree, and debounced observations (entered, moved,
 * tapped, untapped, left) with a confidence each.
 *
 * The tracker knows no rules and no calibration. Each frame the caller gives it the cards
 * seen, already placed on the table: position and size in plane units (table millimetres
 * when calibrated, else image pixels — only ratios to the card size matter), angle relative
 * to the owner's seat, and an opaque area code and owner. Names come from a reader the caller
 * supplies, run on the tracker's own worker thread with its own reader instance, so a slow
 * OCR never stalls capture.
 *
 * Debouncing: a card must be seen in confirm_frames frames before it counts; a card not seen
 * (a hand over it) stays in play for leave_after_ms; a turn counts only once the card has
 * settled (its angle steady) clearly tapped or clearly untapped for tap_frames frames.
 *
 * Names: a reader misreads now and then, so a name becomes a card's identity only when
 * name_votes readings agree (weighed by score, twice the runner-up); a card whose readings
 * keep disagreeing is reported unnamed for the person to confirm, never as two cards. A card
 * is first read once confirmed, or a look sooner when its whole outline lies still where it
 * was first seen (it may be taken up at once: a card lying as the recording begins). A
 * second detection of a reported card (a word of its title alone, its art box) follows it
 * silently instead of becoming another card; two identical cards side by side stay two.
 *
 * Drift: a reported card's title line alone is followed only near where its whole outline
 * was last seen (title_reach), so a track does not hop along stray lines onto a neighbour;
 * a card first read well after its track began, off another title, entered when it was read
 * (the track had followed something unreadable there before).
 *
 * Ownership: TsTracker is opaque (ts_tracker_free). Observations appended to the caller's
 * GArray own their name: release each with ts_observation_clear (or create the array with
 * ts_observation_array_new, which does). Not thread-safe: one thread drives a tracker. */
#pragma once

#include "image.h"

G_BEGIN_DECLS

/* One card seen in one frame. */
typedef struct {
  double center[2];      /* plane units (table mm, or image px without calibration) */
  double size[2];        /* card width and height along its own axes, same units */
  double rel_angle_deg;  /* turned clockwise from upright for its owner, [0, 360) */
  int area;              /* caller's zone code (0 = outside every zone) */
  int owner;             /* seat, -1 unknown */
  gboolean pile;         /* the area stacks cards (graveyard, library, exile) */
  gboolean pile_face_down; /* its stack lies face down (library): no card is seen put there */
  double confidence;     /* detector's 0..1 */
  /* For reading the name: the title line (and card outline when known) in image pixels,
   * the card's own top-left corner first, clockwise. */
  double title_px[4][2];
  double quad_px[4][2];
  gboolean has_quad;
  /* A name already known (synthetic input, or a reader run by the caller); NULL = read it. */
  const char *name;
  double name_score;
} TsTrackInput;

/* What the reader gets: a small copy of the frame around the card, with the title (and card)
 * outline moved into its coordinates. */
typedef struct {
  const TsImage *image;
  double title_px[4][2];
  double quad_px[4][2];
  gboolean has_quad;
  double angle_deg;      /* clockwise from upright in the image, when known; else -1 */
  int origin[2];         /* where image's top-left corner lies in the frame (pixels) */
} TsTrackReadRequest;

/* A name reader. worker_new runs on the worker thread and makes that thread's own reader
 * (a Tesseract instance); read returns a new name (g_free) or NULL, and a score 0..1. */
typedef struct {
  gpointer (*worker_new) (gpointer user_data, GError **error);
  char *(*read) (gpointer worker, const TsTrackReadRequest *request, double *out_score);
  void (*worker_free) (gpointer worker);
  gpointer user_data;
} TsTrackReader;

typedef struct {
  int confirm_frames;     /* frames a new card must be seen before it counts (3) */
  int leave_after_ms;     /* unseen this long = left play (5000). Longer survives longer
                           * occlusions and reports real departures later. */
  double gate;            /* match a card to a track within gate x the card's long side (0.5) */
  double title_reach;     /* a reported card's title line alone is matched to it only within
                           * this x its long side of where its outline was last seen (0.6):
                           * lower loses title-only cards that turn, higher lets tracks drift
                           * along stray lines onto a neighbour */
  double gap_title_reach; /* ... and, once unseen for a few frames (5 or more), within this
                           * (0.3): a card carried off or covered is otherwise taken over by
                           * a stray line where it went (the next card put there, a piece of
                           * a neighbour). On the three 720p sessions 0.2 lost cards whose
                           * outline stays hidden (precision 0.77 -> 0.74, recall 0.70 ->
                           * 0.62), 0.45 kept more takeovers (0.77, 0.68) */
  double tap_band_deg;    /* within this of a quarter turn = tapped, (30) */
  double untap_band_deg;  /* within this of upright (or upside down) = untapped (30); in
                           * between, the card is being turned and nothing is reported */
  double settle_deg;      /* angle change per frame below which a card counts as settled (4);
                           * up and down count alike (a quarter turn either way is a tap) */
  int tap_frames;         /* frames a card must lie settled in its new state before a tap or
                           * untap is reported (2): a turn seen for fewer is jitter. Each frame
                           * adds latency (at 30 fps, 33 ms) */
  int name_wait_ms;       /* a card still unread after this long is reported unnamed, for
                           * confirmation (4000); one gone before then is forgotten. Shorter
                           * reports unreadable cards sooner and more non-cards. Only a whole
                           * card's outline counts: a title line alone that never reads is
                           * not reported. */
  int name_votes;         /* agreeing readings before a name becomes the card's identity (2):
                           * the reader's one-off misreads never enter play. Each reading
                           * weighs its score; the leading name must also weigh at least
                           * twice the runner-up, else the card is unknown (for the person
                           * to confirm). 1 trusts every single reading. */
  double strong_score;    /* an identity read below this keeps being re-read (0.85) */
  double single_read_score; /* one reading this strong, off a whole card lying still (its
                           * outline seen, not moving, not turning), with no reading
                           * against it, is enough for a name; above 1: never (2, the
                           * default: on the scripted sessions 0.95 found one event more and
                           * made three more wrong ones than a quick second reading, below).
                           * Lower names cards that turn or leave before a second reading,
                           * and lets more misreads of still cards in */
  int reread_ms;          /* read an unsettled name again after this long (300) */
  int confirm_reread_ms;  /* ... and a name read once, not yet agreed on, after this long
                           * (167, five frames at 30 fps): a second reading confirms it
                           * before the card turns or leaves. Shorter spends more of the
                           * reader's time on it and reports more cards (100: more wrong
                           * events on the scripted sessions; 300: fewer cards found) */
  int max_reads;          /* readings per card before giving up (6); a card whose readings
                           * still disagree then is reported unnamed, for confirmation */
  gboolean report_unread; /* report a whole card whose name was never agreed on, unnamed, for
                           * the person to confirm (TRUE). FALSE: a card enters play only once
                           * read; on a busy table most things that never read are not cards
                           * (a box, a die, a sleeve's back, stray lines) and their turns
                           * would be reported too */
  double confirm_below;   /* observations less confident than this ask for confirmation (0.6) */
  int late_name_ms;       /* a card first read this long after its track began (300) came
                           * when it was first read, lying as it lay then: the track had
                           * followed something unreadable there before (a hand carrying
                           * the card in). Shorter dates more slow-to-read cards late; longer
                           * keeps more entries dated from a stray detection (eight 1080p
                           * games: 500 dated two cards carried in half a second early, 200
                           * the same as 300) */
  gboolean sync_reads;    /* read on the calling thread (tests, offline evaluation) */
} TsTrackerParams;

void ts_tracker_params_init (TsTrackerParams *params);

typedef enum {
  TS_OBS_ENTERED,   /* a card appeared in area (with its tapped state; one turned while its
                     * name was being read enters as it was, then a TAPPED/UNTAPPED follows
                     * for each turn, in order, dated when it settled) */
  TS_OBS_MOVED,     /* a known card went from from_area to area (e.g. battlefield ->
                     * graveyard); same track_id as before */
  TS_OBS_TAPPED,
  TS_OBS_UNTAPPED,
  TS_OBS_LEFT,      /* the card is gone from the table (from from_area) */
  TS_OBS_NAMED,     /* a reported card's readings have since agreed on a name (it was
                     * unnamed, or its readings turned to another name) */
} TsObservationKind;

typedef struct {
  TsObservationKind kind;
  guint track_id;          /* stable per physical card, from 1 */
  char *name;              /* owned; NULL when not read */
  double name_score;
  int area, from_area;     /* caller's codes; from_area for MOVED and LEFT */
  int owner;
  gboolean tapped;         /* state after the observation */
  double center[2];        /* plane units */
  gint64 time_us;          /* frame time the change was seen (for LEFT: when last seen) */
  guint64 frame;           /* frame index (0-based count of ts_tracker_update calls) */
  double confidence;       /* 0..1 */
  gboolean needs_confirmation;
} TsObservation;

const char *ts_observation_kind_name (TsObservationKind kind);
void ts_observation_clear (TsObservation *obs);
/* A GArray of TsObservation that clears its elements. */
GArray *ts_observation_array_new (void);

typedef struct _TsTracker TsTracker;

/* params NULL = defaults; reader NULL = names come only from TsTrackInput.name. The worker
 * thread (unless sync_reads) starts here; a reader failing to start is reported by
 * ts_tracker_get_reader_error and the tracker goes on without names. */
TsTracker *ts_tracker_new (const TsTrackerParams *params, const TsTrackReader *reader);
void ts_tracker_free (TsTracker *tracker);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsTracker, ts_tracker_free)

/* Feeds one frame: image (may be NULL when no reading is needed) at time_us, inputs[n].
 * Appends what changed to out (a ts_observation_array_new array). */
void ts_tracker_update (TsTracker *tracker, const TsImage *image, gint64 time_us,
                        const TsTrackInput *inputs, guint n, GArray *out);
/* As ts_tracker_update, for a frame searched for whole cards only (a detector saving time
 * looks for lone title lines on some frames only): a card last seen by its title line alone
 * is not missing from such a frame, it is taken to lie as it was last seen. A card last seen
 * whole and missing from it is missing. */
void ts_tracker_update_cards_only (TsTracker *tracker, const TsImage *image, gint64 time_us,
                                   const TsTrackInput *inputs, guint n, GArray *out);
/* Waits for the readings in flight and applies them (appending observations to out). For
 * the end of a recording and for tests. */
void ts_tracker_flush (TsTracker *tracker, GArray *out);
/* The end of a recording: waits for the readings in flight; reports the cards in play unseen
 * for a second or more as gone (to a pile when seen carried its way, else with a confidence
 * of 0.5: a hand may be over one as the recording stops; not those under a pile's top), then
 * the cards still waiting for their name (a card unread for less than name_wait_ms is
 * forgotten). Cards unseen for less than a second stay. */
void ts_tracker_finish (TsTracker *tracker, gint64 time_us, GArray *out);

/* A person named the card track_id (as reported in observations): observations of it carry
 * this name from now on, with full confidence, and the camera's readings no longer change it
 * (nor is it read again). Emits nothing: the person's naming is recorded by whoever asked.
 * FALSE when no card in play has that id. */
gboolean ts_tracker_set_name (TsTracker *tracker, guint track_id, const char *name);

/* Cards currently in play (confirmed and not left). */
guint ts_tracker_get_n_cards (const TsTracker *tracker);
/* Readings started so far (how often OCR ran). */
guint ts_tracker_get_n_reads (const TsTracker *tracker);
/* NULL, or why the reader could not start. */
const GError *ts_tracker_get_reader_error (const TsTracker *tracker);

G_END_DECLS
