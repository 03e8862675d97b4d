/* ui-helpers.c — main-loop pumping and screenshots for the dashboard tests. */
#include "ui-helpers.h"
#include "ts-screenshot.h"

#include <glib/gstdio.h>
#include <stdio.h>

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
ui_pump (guint ms)
{
  gboolean done = FALSE;
  g_timeout_add (ms, on_timeout, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

gboolean
ui_wait (gboolean (*cond) (gpointer), gpointer data, guint timeout_ms)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (timeout_ms, on_timeout, &timed_out);
  while (!cond (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return cond (data);
}

static void
on_after_paint (GdkFrameClock *clock, gpointer data)
{
  *(gboolean *) data = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

void
ui_wait_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  if (clock == NULL) {
    ui_pump (50);
    return;
  }
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  ui_wait (flag_set, &painted, 2000);
  g_signal_handler_disconnect (clock, id);
}

char *
ui_screenshot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("TS_SCREENSHOT_DIR");
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (dir == NULL || width <= 0 || height <= 0) {
    fprintf (stderr, "screenshot %s: no folder or widget not shown\n", name);
    return NULL;
  }
  g_mkdir_with_parents (dir, 0755);
  ui_wait_frame (widget);

  g_autofree char *file = g_strdup_printf ("%s.png", name);
  char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GError) error = NULL;
  if (!ts_widget_save_png (widget, path, &error)) {
    fprintf (stderr, "screenshot %s: %s\n", name, error->message);
    g_free (path);
    return NULL;
  }
  printf ("# screenshot: %s\n", path);
  return path;
}

static gboolean
window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

TsWindow *
ui_window_open (TsApplication **out_app)
{
  TsDashboardOptions options = { 0 };
  return ui_window_open_with (&options, out_app);
}

TsWindow *
ui_window_open_with (const TsDashboardOptions *options, TsApplication **out_app)
{
  g_autoptr (GError) error = NULL;
  TsApplication *app = ts_application_new (options);
  if (!g_application_register (G_APPLICATION (app), NULL, &error)) {
    fprintf (stderr, "register: %s\n", error->message);
    g_object_unref (app);
    return NULL;
  }
  TsWindow *window = ts_window_new (app);
  if (!ts_window_load (window, options, &error)) {
    fprintf (stderr, "load: %s\n", error->message);
    gtk_window_destroy (GTK_WINDOW (window));
    g_object_unref (app);
    return NULL;
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 880);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait (window_mapped, window, 5000);
  ui_wait_frame (GTK_WIDGET (window));
  *out_app = app;
  return window;
}

void
ui_window_close (TsApplication *app, TsWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ui_pump (50);
  g_object_unref (app);
}

int
ui_fixture_setup (void **state)
{
  UiFixture *f = g_new0 (UiFixture, 1);
  f->window = ui_window_open (&f->app);
  if (f->window == NULL) {
    g_free (f);
    return -1;
  }
  *state = f;
  return 0;
}

int
ui_fixture_teardown (void **state)
{
  UiFixture *f = *state;
  ui_window_close (f->app, f->window);
  g_free (f);
  return 0;
}
