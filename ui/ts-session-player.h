/* ts-session-player.h — a recorded table session (the folder `tablesight synth --session`
 * writes: frame-NNNN.jpg, frame-NNNN.json with each card's outline, events.jsonl with the
 * table changes) read back for the dashboard: frames with their card outlines, and the table
 * changes as camera events for the engine. It stands in for the live tracker, which feeds the
 * window the same two things from a real camera.
 *
 * Ownership: TsSessionPlayer is opaque and reference counted (ts_session_player_ref; _free
 * drops a reference), so a frame loading on a worker keeps it alive. Frames and events returned
 * are new and belong to the caller. Errors: G_FILE_ERROR for missing files, TS_EVENT_ERROR
 * (PARSE/FORMAT) for malformed JSON, naming file and line. Loading frames is thread-safe
 * (no shared state is touched), so it may run on a worker thread. */
#pragma once

#include <glib.h>
#include "event.h"
#include "image.h"
#include "ts-camera-view.h"

G_BEGIN_DECLS

typedef struct TsSessionPlayer TsSessionPlayer;

/* Reads the session's index (frame names, events.jsonl). NULL with error when dir holds no
 * frames or its events are malformed. */
TsSessionPlayer *ts_session_player_new (const char *dir, GError **error);
TsSessionPlayer *ts_session_player_ref (TsSessionPlayer *player);
void ts_session_player_free (TsSessionPlayer *player);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSessionPlayer, ts_session_player_free)

guint ts_session_player_get_n_frames (const TsSessionPlayer *player);
/* Recorded frames per second (30). */
double ts_session_player_get_fps (const TsSessionPlayer *player);

/* One frame and the cards seen in it. */
typedef struct {
  TsImage *image;           /* BGR */
  GArray *overlays;         /* TsCameraOverlay; labels point into names */
  GPtrArray *names;         /* char*, owned */
  guint *session_ids;       /* per overlay: the recording's card id */
} TsSessionFrame;

void ts_session_frame_free (TsSessionFrame *frame);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSessionFrame, ts_session_frame_free)

/* Loads frame index (image and outlines; overlay owners are seats 0/1 as the recording's
 * events say, -1 when they never name the card; ids are the recording's card ids). NULL with error on a missing or corrupt file. */
TsSessionFrame *ts_session_player_load_frame (const TsSessionPlayer *player, guint index,
                                              GError **error);

/* A table change recorded at a frame, as an engine event (source camera). object holds the
 * recording's card id: the caller maps it to the engine's object (see session_id). Changes
 * at the recording's first frame are the table as found: flagged TS_EVENT_FLAG_SETUP (and
 * TS_EVENT_FLAG_TAPPED for a card lying tapped in that frame), so the engine takes them as
 * already there rather than played. */
typedef struct {
  guint frame;
  guint session_id;        /* the recording's card id */
  TsEvent *event;          /* owned; object = 0 for a card entering */
} TsSessionEvent;

/* The recorded changes, in frame order: a GPtrArray of TsSessionEvent* owned by the player. */
const GPtrArray *ts_session_player_get_events (const TsSessionPlayer *player);

/* The game_start event that opens a session's game (two seats, classic rules). New. */
TsEvent *ts_session_player_game_start (const TsSessionPlayer *player);

G_END_DECLS
