/* bench-dashboard.c — how long from a state change to the screen: an event applied, the
 * widgets updated (synchronous), and the next frame painted. Also the camera view's cost per
 * 1920×1080 frame with overlays. Prints figures; asserts nothing about time. */
#include "ts-application.h"
#include "ts-window.h"
#include "ui-helpers.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 200

static int
cmp_gint64 (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

static void
report (const char *what, gint64 *us, int n)
{
  qsort (us, n, sizeof *us, cmp_gint64);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += us[i];
  printf ("%-40s mean %7.2f ms  median %7.2f ms  p95 %7.2f ms  max %7.2f ms  (n=%d)\n", what,
          sum / n / 1000.0, us[n / 2] / 1000.0, us[n * 95 / 100] / 1000.0, us[n - 1] / 1000.0,
          n);
}

static void
on_after_paint (GdkFrameClock *clock, gpointer data)
{
  gint64 *painted = data;
  if (*painted == 0)
    *painted = g_get_monotonic_time ();
}

static gboolean
painted (gpointer data)
{
  return *(gint64 *) data != 0;
}

/* ROUNDS life changes, each applied, checked on the label, and waited for on screen. */
static gboolean
measure_life_events (TsWindow *window, GdkFrameClock *clock, const char *what)
{
  TsPlayerPanel *panel = ts_window_get_player_panel (window, 0);
  gint64 to_widget[ROUNDS], to_screen[ROUNDS];
  g_autoptr (GError) error = NULL;
  for (int i = 0; i < ROUNDS; i++) {
    TsEvent event = TS_EVENT_INIT;
    gint64 paint = 0;
    event.kind = TS_EVENT_LIFE;
    event.source = TS_SOURCE_PERSON;
    event.player = 0;
    event.amount = i % 2 == 0 ? -1 : 1;
    gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &paint);
    gint64 t0 = g_get_monotonic_time ();
    if (!ts_window_apply (window, &event, &error)) {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
    gint64 t1 = g_get_monotonic_time ();
    const char *expect = i % 2 == 0 ? "19" : "20";
    if (g_strcmp0 (ts_player_panel_get_life_text (panel), expect) != 0) {
      fprintf (stderr, "life label shows %s, expected %s\n",
               ts_player_panel_get_life_text (panel), expect);
      return FALSE;
    }
    ui_wait (painted, &paint, 2000);
    g_signal_handler_disconnect (clock, id);
    to_widget[i] = t1 - t0;
    to_screen[i] = paint - t0;
    ts_event_clear (&event);
  }
  printf ("state change to screen (%d life events, GSK_RENDERER=%s, %s):\n", ROUNDS,
          g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "default", what);
  report ("apply event -> widgets updated", to_widget, ROUNDS);
  report ("apply event -> frame painted", to_screen, ROUNDS);
  return TRUE;
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

  g_autoptr (TsEvent) start = ts_event_new (TS_EVENT_GAME_START);
  start->n_players = 2;
  start->names[0] = g_strdup ("Alice");
  start->names[1] = g_strdup ("Bob");
  start->profile = g_strdup ("classic");
  start->player = 0;
  if (!ts_window_new_game (window, start, &error)) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  ui_wait_frame (GTK_WIDGET (window));

  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (!measure_life_events (window, clock, "events recorded in a SQLite store"))
    return 1;
  /* The same without the store: the window's own share of the latency. */
  g_autofree char *start_dir = g_dir_make_tmp ("ts-bench-XXXXXX", NULL);
  g_autofree char *start_path = g_build_filename (start_dir, "start.jsonl", NULL);
  g_autofree char *start_json = ts_event_to_json (start);
  g_autofree char *start_line = g_strdup_printf ("%s\n", start_json);
  g_file_set_contents (start_path, start_line, -1, NULL);
  if (!ts_window_replay_file (window, start_path, &error)) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  g_unlink (start_path);
  g_rmdir (start_dir);
  ui_wait_frame (GTK_WIDGET (window));
  if (!measure_life_events (window, clock, "no store"))
    return 1;

  /* Camera view: one 1920x1080 BGR frame plus 20 overlays per frame, painted. */
  TsCameraView *view = ts_window_get_camera_view (window);
  g_autoptr (TsImage) frame = ts_image_new (1920, 1080, 3);
  TsCameraOverlay overlays[20];
  for (int i = 0; i < 20; i++) {
    double x = 80 + (i % 10) * 180, y = 150 + (i / 10) * 450;
    overlays[i] = (TsCameraOverlay) { .quad = { x, y, x + 150, y, x + 150, y + 210, x, y + 210 },
                                      .label = "Grizzly Bears", .owner = i % 2,
                                      .tapped = i % 3 == 0, .damage = i % 4, .unknown = i == 7,
                                      .id = i };
  }
  gint64 frame_us[60];
  for (int i = 0; i < 60; i++) {
    gint64 paint = 0;
    memset (frame->data, i * 4, (gsize) frame->stride * frame->height);
    gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &paint);
    gint64 t0 = g_get_monotonic_time ();
    ts_camera_view_set_frame (view, frame);
    ts_camera_view_set_overlays (view, overlays, 20);
    ui_wait (painted, &paint, 2000);
    g_signal_handler_disconnect (clock, id);
    frame_us[i] = paint - t0;
  }
  report ("camera frame 1920x1080 + 20 overlays -> painted", frame_us, 60);

  /* A long game opened from its event log: replayed, worded and listed. */
  g_autofree char *dir = g_dir_make_tmp ("ts-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long.jsonl", NULL);
  g_autoptr (GString) jsonl = g_string_new (
    "{\"kind\":\"game_start\",\"players\":[\"Alice\",\"Bob\"],\"profile\":\"classic\"}\n");
  const int n_events = 10000;
  for (int i = 1; i < n_events; i++)
    g_string_append_printf (jsonl, "{\"kind\":\"life\",\"player\":%d,\"amount\":%d}\n", i % 2,
                            i % 4 < 2 ? -1 : 1);
  g_file_set_contents (path, jsonl->str, jsonl->len, NULL);
  gint64 paint = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &paint);
  gint64 t0 = g_get_monotonic_time ();
  if (!ts_window_replay_file (window, path, &error)) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  gint64 t1 = g_get_monotonic_time ();
  gtk_widget_queue_draw (GTK_WIDGET (window));
  ui_wait (painted, &paint, 10000);
  g_signal_handler_disconnect (clock, id);
  printf ("open a %d-event game log: replayed and listed %.1f ms, on screen %.1f ms\n",
          n_events, (t1 - t0) / 1000.0, (paint - t0) / 1000.0);
  g_unlink (path);
  g_rmdir (dir);

  ui_window_close (app, window);
  return 0;
}
