/* capture.h — frame sources behind one interface: image files, folders of frames (recorded
 * sessions), video files, V4L2 webcams and libcamera cameras, with retry and resume when a
 * camera disappears mid-game.
 *
 * Sources are opened by a spec string:
 *   file:PATH                 one image (read once, then end of stream; ?loop=1 repeats it)
 *   dir:PATH[?fps=N&loop=1]   a folder of frames, read in natural name order (frame2 before
 *                             frame10); timestamps are index / fps (fps defaults to 30)
 *   video:PATH                a video file read with OpenCV
 *   v4l2:/dev/videoN          a V4L2 webcam through OpenCV (?width=W&height=H to ask a size)
 *   libcamera:ID              a libcamera camera (only when built with libcamera)
 * A bare path is taken as dir: when it is a folder, file: otherwise.
 *
 * Timestamps are microseconds: from the start of the recording for files and folders, from
 * the monotonic clock (g_get_monotonic_time) for cameras. */
#pragma once

#include "image.h"

G_BEGIN_DECLS

typedef enum {
  TS_CAPTURE_FRAME,  /* *out holds a new frame */
  TS_CAPTURE_END,    /* a finite source is exhausted */
  TS_CAPTURE_AGAIN,  /* no frame this time: the camera was lost (error says so; the next read
                      * waits out the backoff and tries to reopen it) or one recorded frame
                      * was unreadable (error names it; the next read goes on with the next) */
  TS_CAPTURE_ERROR,  /* fatal: the source cannot go on (retries exhausted, ...) */
} TsCaptureStatus;

/* A backend: how one kind of source opens, reads and closes. Tests implement it to fake a
 * camera that fails and comes back. read returns a new frame (caller frees) and its time in
 * microseconds; NULL without error means end of stream; NULL with an error in the
 * TS_VISION_ERROR_DEVICE code means the device is lost (the source closes it and reopens
 * with backoff); any other error is one bad frame. */
typedef struct {
  gboolean (*open) (gpointer data, GError **error);
  TsImage *(*read) (gpointer data, gint64 *out_time_us, GError **error);
  void (*close) (gpointer data);
  void (*free) (gpointer data);
} TsCaptureBackend;

typedef struct _TsCaptureSource TsCaptureSource;

/* Opens a source from its spec (see above). NULL and an error naming the spec on failure. */
TsCaptureSource *ts_capture_open (const char *spec, GError **error);
/* A source over a caller-provided backend; takes ownership of data (freed with backend->free).
 * Does not call open: the first read does. name is used in messages. */
TsCaptureSource *ts_capture_new_custom (const TsCaptureBackend *backend, gpointer data,
                                        const char *name, gboolean is_live);
void ts_capture_free (TsCaptureSource *source);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsCaptureSource, ts_capture_free)

/* Reads the next frame. On TS_CAPTURE_FRAME, *out is a new BGR image owned by the caller and
 * *out_time_us (may be NULL) its timestamp. On AGAIN and ERROR, error says what happened. */
TsCaptureStatus ts_capture_read (TsCaptureSource *source, TsImage **out, gint64 *out_time_us,
                                 GError **error);

/* Reconnection policy for lost devices: wait initial_ms before the first reopen, doubling up to
 * max_ms; give up (TS_CAPTURE_ERROR) after max_attempts failed reopens in a row, 0 = never.
 * Defaults: 250 ms, 4000 ms, 0. */
void ts_capture_set_retry (TsCaptureSource *source, guint initial_ms, guint max_ms,
                           guint max_attempts);

const char *ts_capture_get_name (const TsCaptureSource *source);
/* TRUE for cameras (frames come in real time), FALSE for files and folders. */
gboolean ts_capture_is_live (const TsCaptureSource *source);
/* Frames delivered so far, and how many times the device was lost and reopened. */
guint64 ts_capture_get_frame_count (const TsCaptureSource *source);
guint ts_capture_get_reconnect_count (const TsCaptureSource *source);

/* A camera found on this machine. */
typedef struct {
  char *spec;     /* what ts_capture_open takes: "v4l2:/dev/video0", "libcamera:ID" */
  char *name;     /* what the device calls itself */
  char *backend;  /* "v4l2" or "libcamera" */
} TsCameraInfo;

void ts_camera_info_free (TsCameraInfo *info);
/* Every camera found: V4L2 capture devices under /dev (or under the folder in the
 * TS_V4L2_DEV_DIR environment variable) and libcamera cameras. An array of TsCameraInfo
 * (free with g_ptr_array_unref); empty when there is none. notes (may be NULL) receives a
 * human-readable line per backend that could not be asked (e.g. libcamera not built in). */
GPtrArray *ts_capture_list_cameras (GPtrArray *notes);

G_END_DECLS
