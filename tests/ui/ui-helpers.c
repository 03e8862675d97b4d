/* ui-helpers.c — main-loop pumping and screenshots for the dashboard tests. */
#include "ui-helpers.h"

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

  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  g_autoptr (GskRenderNode) node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr (GdkTexture) texture =
    gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  char *path = g_build_filename (dir, file, NULL);
  if (!gdk_texture_save_to_png (texture, path)) {
    fprintf (stderr, "screenshot %s: could not write %s\n", name, path);
    g_free (path);
    return NULL;
  }
  printf ("# screenshot: %s\n", path);
  return path;
}
