/* capture.c — the frame source interface: spec parsing, the file and folder backends, the
 * OpenCV video/V4L2 backend, and the lost-camera retry loop shared by all of them. */
#include "capture.h"
#include "capture-v4l2.h"
#include "camera-libcamera.h"
#include "cv.h"

#include <stdlib.h>
#include <string.h>

struct _TsCaptureSource {
  TsCaptureBackend backend;
  gpointer data;
  char *name;
  gboolean is_live;
  gboolean opened;
  gboolean lost;            /* the device failed; reopen after next_attempt_us */
  gint64 next_attempt_us;   /* monotonic */
  guint backoff_ms;
  guint failed_attempts;
  guint retry_initial_ms, retry_max_ms, retry_max_attempts;
  guint64 frames;
  guint reconnects;
};

TsCaptureSource *
ts_capture_new_custom (const TsCaptureBackend *backend, gpointer data, const char *name,
                       gboolean is_live)
{
  g_return_val_if_fail (backend != NULL && backend->read != NULL, NULL);
  TsCaptureSource *s = g_new0 (TsCaptureSource, 1);
  s->backend = *backend;
  s->data = data;
  s->name = g_strdup (name);
  s->is_live = is_live;
  ts_capture_set_retry (s, 250, 4000, 0);
  return s;
}

void
ts_capture_free (TsCaptureSource *source)
{
  if (source == NULL)
    return;
  if (source->opened && source->backend.close)
    source->backend.close (source->data);
  if (source->backend.free)
    source->backend.free (source->data);
  g_free (source->name);
  g_free (source);
}

void
ts_capture_set_retry (TsCaptureSource *source, guint initial_ms, guint max_ms,
                      guint max_attempts)
{
  source->retry_initial_ms = MAX (initial_ms, 1u);
  source->retry_max_ms = MAX (max_ms, source->retry_initial_ms);
  source->retry_max_attempts = max_attempts;
}

const char *
ts_capture_get_name (const TsCaptureSource *source)
{
  return source->name;
}

gboolean
ts_capture_is_live (const TsCaptureSource *source)
{
  return source->is_live;
}

guint64
ts_capture_get_frame_count (const TsCaptureSource *source)
{
  return source->frames;
}

guint
ts_capture_get_reconnect_count (const TsCaptureSource *source)
{
  return source->reconnects;
}

/* Marks the device lost and schedules the next reopen, doubling the wait each time. */
static void
schedule_retry (TsCaptureSource *s)
{
  s->backoff_ms = s->lost ? MIN (s->backoff_ms * 2, s->retry_max_ms) : s->retry_initial_ms;
  s->lost = TRUE;
  s->next_attempt_us = g_get_monotonic_time () + (gint64) s->backoff_ms * 1000;
}

TsCaptureStatus
ts_capture_read (TsCaptureSource *source, TsImage **out, gint64 *out_time_us, GError **error)
{
  g_return_val_if_fail (source != NULL && out != NULL, TS_CAPTURE_ERROR);
  *out = NULL;

  if (!source->opened) {
    if (source->lost) {
      gint64 wait = source->next_attempt_us - g_get_monotonic_time ();
      if (wait > 0)
        g_usleep ((gulong) wait);
    }
    GError *local = NULL;
    if (source->backend.open && !source->backend.open (source->data, &local)) {
      if (!source->lost && !source->is_live) {
        g_propagate_error (error, local);
        return TS_CAPTURE_ERROR;
      }
      source->failed_attempts++;
      if (source->retry_max_attempts > 0 &&
          source->failed_attempts >= source->retry_max_attempts) {
        g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                     "%s: gave up after %u attempts to reopen: %s", source->name,
                     source->failed_attempts, local->message);
        g_error_free (local);
        return TS_CAPTURE_ERROR;
      }
      schedule_retry (source);
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                   "%s: not available (%s); retrying in %u ms", source->name, local->message,
                   source->backoff_ms);
      g_error_free (local);
      return TS_CAPTURE_AGAIN;
    }
    if (source->lost)
      source->reconnects++;
    source->opened = TRUE;
    source->lost = FALSE;
    source->failed_attempts = 0;
  }

  GError *local = NULL;
  gint64 t = -1;
  TsImage *frame = source->backend.read (source->data, &t, &local);
  if (frame != NULL) {
    source->frames++;
    *out = frame;
    if (out_time_us)
      *out_time_us = t >= 0 ? t : g_get_monotonic_time ();
    return TS_CAPTURE_FRAME;
  }
  if (local == NULL)
    return TS_CAPTURE_END;
  if (g_error_matches (local, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE)) {
    if (source->backend.close)
      source->backend.close (source->data);
    source->opened = FALSE;
    schedule_retry (source);
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                 "%s: camera lost (%s); retrying in %u ms", source->name, local->message,
                 source->backoff_ms);
    g_error_free (local);
    return TS_CAPTURE_AGAIN;
  }
  g_propagate_error (error, local);
  return TS_CAPTURE_AGAIN;
}

/* ---- spec options: "PATH?key=value&key=value" ---- */

typedef struct {
  char *path;
  double fps;
  gboolean loop;
  int width, height;
} SpecOptions;

static gboolean
parse_spec_options (const char *rest, const char *spec, SpecOptions *opt, GError **error)
{
  const char *q = strchr (rest, '?');
  opt->path = q ? g_strndup (rest, (gsize) (q - rest)) : g_strdup (rest);
  opt->fps = 30;
  if (q == NULL)
    return TRUE;
  g_auto (GStrv) pairs = g_strsplit (q + 1, "&", -1);
  for (int i = 0; pairs[i] != NULL; i++) {
    const char *eq = strchr (pairs[i], '=');
    g_autofree char *key = eq ? g_strndup (pairs[i], (gsize) (eq - pairs[i])) : g_strdup (pairs[i]);
    const char *val = eq ? eq + 1 : "1";
    char *end = NULL;
    double num = g_ascii_strtod (val, &end);
    gboolean numeric = end != val && *end == '\0';
    if (strcmp (key, "fps") == 0 && numeric && num > 0)
      opt->fps = num;
    else if (strcmp (key, "loop") == 0 && numeric)
      opt->loop = num != 0;
    else if (strcmp (key, "width") == 0 && numeric && num > 0)
      opt->width = (int) num;
    else if (strcmp (key, "height") == 0 && numeric && num > 0)
      opt->height = (int) num;
    else {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED,
                   "%s: bad option '%s' (known: fps=N, loop=0|1, width=W, height=H)", spec,
                   pairs[i]);
      g_free (opt->path);
      opt->path = NULL;
      return FALSE;
    }
  }
  return TRUE;
}

/* ---- file: and dir: ---- */

typedef struct {
  GPtrArray *paths;  /* of char*, in reading order */
  guint next;
  double fps;
  gboolean loop;
  guint64 index;     /* frames delivered, for timestamps across loops */
} FramesData;

static TsImage *
frames_read (gpointer data, gint64 *out_time_us, GError **error)
{
  FramesData *f = data;
  if (f->next >= f->paths->len) {
    if (!f->loop || f->paths->len == 0)
      return NULL;
    f->next = 0;
  }
  const char *path = g_ptr_array_index (f->paths, f->next);
  f->next++;
  gint64 t = (gint64) ((double) f->index * 1e6 / f->fps);
  f->index++;
  TsImage *image = ts_image_load (path, error);
  if (image == NULL)
    return NULL;  /* a bad recorded frame: reported, and the next read moves on */
  *out_time_us = t;
  return image;
}

static void
frames_free (gpointer data)
{
  FramesData *f = data;
  g_ptr_array_unref (f->paths);
  g_free (f);
}

static const TsCaptureBackend frames_backend = {
  .read = frames_read,
  .free = frames_free,
};

static gboolean
is_image_name (const char *name)
{
  static const char *const exts[] = { ".png", ".jpg", ".jpeg", ".bmp", ".ppm", ".pgm",
                                      ".tif", ".tiff", ".webp", NULL };
  g_autofree char *lower = g_ascii_strdown (name, -1);
  for (int i = 0; exts[i]; i++)
    if (g_str_has_suffix (lower, exts[i]))
      return TRUE;
  return FALSE;
}

/* Natural order, so that frame2.png comes before frame10.png. */
static int
natural_compare (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char *const *) a, *y = *(const char *const *) b;
  while (*x && *y) {
    if (g_ascii_isdigit (*x) && g_ascii_isdigit (*y)) {
      char *ex, *ey;
      guint64 nx = g_ascii_strtoull (x, &ex, 10), ny = g_ascii_strtoull (y, &ey, 10);
      if (nx != ny)
        return nx < ny ? -1 : 1;
      x = ex;
      y = ey;
    } else {
      if (*x != *y)
        return (unsigned char) *x - (unsigned char) *y;
      x++;
      y++;
    }
  }
  return (unsigned char) *x - (unsigned char) *y;
}

static TsCaptureSource *
open_frames (const char *spec, const SpecOptions *opt, gboolean is_dir, GError **error)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  if (is_dir) {
    g_autoptr (GDir) dir = g_dir_open (opt->path, 0, error);
    if (dir == NULL) {
      g_prefix_error (error, "%s: ", spec);
      g_ptr_array_unref (paths);
      return NULL;
    }
    const char *name;
    while ((name = g_dir_read_name (dir)) != NULL)
      if (is_image_name (name))
        g_ptr_array_add (paths, g_strdup (name));
    g_ptr_array_sort (paths, natural_compare);
    for (guint i = 0; i < paths->len; i++) {
      char *rel = paths->pdata[i];
      paths->pdata[i] = g_build_filename (opt->path, rel, NULL);
      g_free (rel);
    }
    if (paths->len == 0) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO,
                   "%s: the folder holds no image files (.png, .jpg, ...)", opt->path);
      g_ptr_array_unref (paths);
      return NULL;
    }
  } else {
    if (!g_file_test (opt->path, G_FILE_TEST_IS_REGULAR)) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO, "%s: no such image file",
                   opt->path);
      g_ptr_array_unref (paths);
      return NULL;
    }
    g_ptr_array_add (paths, g_strdup (opt->path));
  }
  FramesData *f = g_new0 (FramesData, 1);
  f->paths = paths;
  f->fps = opt->fps;
  f->loop = opt->loop;
  return ts_capture_new_custom (&frames_backend, f, spec, FALSE);
}

/* ---- video: and v4l2: through OpenCV ---- */

typedef struct {
  char *path;
  gboolean device;
  int width, height;
  TsCvVideo *video;
  gint64 start_us;
} VideoData;

static gboolean
video_open (gpointer data, GError **error)
{
  VideoData *v = data;
  v->video = v->device ? ts_cv_video_open_v4l2 (v->path, v->width, v->height, error)
                       : ts_cv_video_open_file (v->path, error);
  return v->video != NULL;
}

static TsImage *
video_read (gpointer data, gint64 *out_time_us, GError **error)
{
  VideoData *v = data;
  double pos_ms = -1;
  TsImage *frame = ts_cv_video_read (v->video, &pos_ms, error);
  if (frame != NULL)
    *out_time_us = pos_ms >= 0 ? (gint64) (pos_ms * 1000) : g_get_monotonic_time ();
  return frame;
}

static void
video_close (gpointer data)
{
  VideoData *v = data;
  g_clear_pointer (&v->video, ts_cv_video_free);
}

static void
video_free (gpointer data)
{
  VideoData *v = data;
  video_close (v);
  g_free (v->path);
  g_free (v);
}

static const TsCaptureBackend video_backend = {
  .open = video_open,
  .read = video_read,
  .close = video_close,
  .free = video_free,
};

static TsCaptureSource *
open_video (const char *spec, const SpecOptions *opt, gboolean device, GError **error)
{
  if (!device && !g_file_test (opt->path, G_FILE_TEST_IS_REGULAR)) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO, "%s: no such video file",
                 opt->path);
    return NULL;
  }
  VideoData *v = g_new0 (VideoData, 1);
  v->path = g_strdup (opt->path);
  v->device = device;
  v->width = opt->width;
  v->height = opt->height;
  TsCaptureSource *s = ts_capture_new_custom (&video_backend, v, spec, device);
  /* Open now so a wrong spec fails at once rather than on the first read. */
  if (!video_open (v, error)) {
    ts_capture_free (s);
    return NULL;
  }
  s->opened = TRUE;
  return s;
}

TsCaptureSource *
ts_capture_open (const char *spec, GError **error)
{
  g_return_val_if_fail (spec != NULL, NULL);
  const char *colon = strchr (spec, ':');
  g_autofree char *kind = colon ? g_strndup (spec, (gsize) (colon - spec)) : NULL;
  const char *rest = colon ? colon + 1 : spec;
  gboolean known = kind && (strcmp (kind, "file") == 0 || strcmp (kind, "dir") == 0 ||
                            strcmp (kind, "video") == 0 || strcmp (kind, "v4l2") == 0 ||
                            strcmp (kind, "libcamera") == 0);
  if (!known) {
    g_clear_pointer (&kind, g_free);
    rest = spec;
  }
  SpecOptions opt = { 0 };
  if (!parse_spec_options (rest, spec, &opt, error))
    return NULL;
  if (kind == NULL)
    kind = g_strdup (g_file_test (opt.path, G_FILE_TEST_IS_DIR) ? "dir" : "file");

  TsCaptureSource *s = NULL;
  if (strcmp (kind, "file") == 0)
    s = open_frames (spec, &opt, FALSE, error);
  else if (strcmp (kind, "dir") == 0)
    s = open_frames (spec, &opt, TRUE, error);
  else if (strcmp (kind, "video") == 0)
    s = open_video (spec, &opt, FALSE, error);
  else if (strcmp (kind, "v4l2") == 0)
    s = open_video (spec, &opt, TRUE, error);
  else {
    const TsCaptureBackend *backend = NULL;
    gpointer data = ts_libcamera_source_new (opt.path, &backend, error);
    if (data != NULL) {
      s = ts_capture_new_custom (backend, data, spec, TRUE);
      /* Open now so a wrong ID fails at once. */
      if (!backend->open (data, error))
        g_clear_pointer (&s, ts_capture_free);
      else
        s->opened = TRUE;
    }
  }
  g_free (opt.path);
  return s;
}

/* ---- camera listing ---- */

void
ts_camera_info_free (TsCameraInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->spec);
  g_free (info->name);
  g_free (info->backend);
  g_free (info);
}

GPtrArray *
ts_capture_list_cameras (GPtrArray *notes)
{
  GPtrArray *cams = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_camera_info_free);
  ts_v4l2_list_cameras (cams);
  ts_libcamera_list_cameras (cams, notes);
  return cams;
}
