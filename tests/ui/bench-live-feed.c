/* bench-live-feed.c — the live feed in the real window: from a frame captured to that frame
 * painted on screen, with the real detector and tracker running on the worker, for the demo
 * session's 768x432 frames and for 1920x1080 frames (the demo's scaled up). Also frames shown
 * and dropped per second. Prints figures; asserts nothing about time. */
#include "ts-application.h"
#include "ts-live-feed.h"
#include "ts-window.h"
#include "ui-helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SECONDS 4

typedef struct {
  TsImage *frame;
  gint64 period_us;   /* the camera's frame interval */
  gint64 next_us;
} FakeCamera;

static gboolean
fake_open (gpointer data, GError **error)
{
  return TRUE;
}

static TsImage *
fake_read (gpointer data, gint64 *out_time_us, GError **error)
{
  FakeCamera *cam = data;
  gint64 now = g_get_monotonic_time ();
  if (cam->next_us > now)
    g_usleep (cam->next_us - now);
  cam->next_us = MAX (now, cam->next_us) + cam->period_us;
  *out_time_us = g_get_monotonic_time ();
  return ts_image_copy (cam->frame);
}

static void
fake_close (gpointer data)
{
}

static void
fake_free (gpointer data)
{
  FakeCamera *cam = data;
  ts_image_free (cam->frame);
  g_free (cam);
}

static const TsCaptureBackend fake_backend = { fake_open, fake_read, fake_close, fake_free };

static TsImage *
scaled (const TsImage *src, int w, int h)
{
  TsImage *out = ts_image_new (w, h, src->channels);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      memcpy (out->data + y * out->stride + x * out->channels,
              src->data + (y * src->height / h) * src->stride + (x * src->width / w) * src->channels,
              src->channels);
  return out;
}

typedef struct {
  TsLiveFeed *feed;
  gint64 last_read;
  GArray *latencies;  /* gint64 µs */
} Probe;

static void
on_after_paint (GdkFrameClock *clock, gpointer data)
{
  Probe *p = data;
  TsLiveFeedStats stats;
  ts_live_feed_get_stats (p->feed, &stats);
  if (stats.shown_read_us != 0 && stats.shown_read_us != p->last_read) {
    gint64 lat = g_get_monotonic_time () - stats.shown_read_us;
    g_array_append_val (p->latencies, lat);
    p->last_read = stats.shown_read_us;
  }
}

static int
cmp_gint64 (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

static void
run (TsWindow *window, const TsImage *frame, const char *what)
{
  FakeCamera *cam = g_new0 (FakeCamera, 1);
  cam->frame = ts_image_copy (frame);
  cam->period_us = 33333;
  TsCaptureSource *source = ts_capture_new_custom (&fake_backend, cam, "bench camera", TRUE);
  TsCalibration *cal = ts_calibration_new ();
  TsZoneLayout *layout = ts_zone_layout_load_named ("two-player-wide", NULL);
  if (layout != NULL)
    ts_calibration_set_layout (cal, layout);
  TsLiveFeed *feed = ts_live_feed_new (window, source, cal, NULL, NULL);
  g_autoptr (GError) error = NULL;
  if (!ts_window_start_live (window, feed, TRUE, &error)) {
    printf ("%s: %s\n", what, error->message);
    return;
  }
  Probe probe = { feed, 0, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (ts_window_get_camera_view (window)));
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &probe);
  ui_pump (500); /* warm up */
  g_array_set_size (probe.latencies, 0);
  TsLiveFeedStats before, after;
  ts_live_feed_get_stats (feed, &before);
  ui_pump (SECONDS * 1000);
  ts_live_feed_get_stats (feed, &after);
  g_signal_handler_disconnect (clock, id);

  GArray *l = probe.latencies;
  if (l->len > 0) {
    qsort (l->data, l->len, sizeof (gint64), cmp_gint64);
    double sum = 0;
    for (guint i = 0; i < l->len; i++)
      sum += g_array_index (l, gint64, i);
    printf ("%-34s capture to painted: mean %6.1f ms  median %6.1f ms  p95 %6.1f ms  (n=%u)\n",
            what, sum / l->len / 1000.0, g_array_index (l, gint64, l->len / 2) / 1000.0,
            g_array_index (l, gint64, l->len * 95 / 100) / 1000.0, l->len);
  }
  double s = SECONDS;
  printf ("%-34s captured %.1f fps, shown %.1f fps, dropped %.1f fps; %" G_GUINT64_FORMAT
          " cards outlined\n", what, (after.frames_read - before.frames_read) / s,
          (after.frames_shown - before.frames_shown) / s,
          (after.frames_dropped - before.frames_dropped) / s, after.n_overlays);
  g_array_unref (l);
}

int
main (void)
{
  gtk_init ();
  g_autoptr (GError) error = NULL;
  TsApplication *app = NULL;
  TsWindow *window = ui_window_open (&app);
  if (window == NULL)
    return 1;
  ui_pump (500);

  g_autofree char *path = g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures",
                                            "demo-session", "frame-0040.jpg", NULL);
  g_autoptr (TsImage) frame = ts_image_load (path, &error);
  if (frame == NULL) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  printf ("Live feed in the window, real detector and tracker, camera at 30 fps:\n");
  run (window, frame, "768x432 (demo session)");
  g_autoptr (TsImage) big = scaled (frame, 1920, 1080);
  run (window, big, "1920x1080");
  ui_window_close (app, window);
  return 0;
}
