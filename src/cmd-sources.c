/* cmd-sources.c — `tablesight sources`: lists the cameras this machine offers (V4L2 and
 * libcamera), with the --source spec to use for each. */
#include "commands.h"
#include "capture.h"

#include <glib.h>
#include <stdio.h>

int
ts_cmd_sources (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— list the cameras found");
  g_option_context_set_description (ctx,
    "Besides cameras, 'watch --source' takes file:IMAGE, dir:FOLDER[?fps=N] (a recorded\n"
    "session) and video:FILE.\n");
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) cams = ts_capture_list_cameras (notes);
  if (cams->len == 0)
    printf ("No cameras found.\n");
  else {
    printf ("%-40s %-10s %s\n", "SOURCE", "BACKEND", "NAME");
    for (guint i = 0; i < cams->len; i++) {
      TsCameraInfo *c = cams->pdata[i];
      printf ("%-40s %-10s %s\n", c->spec, c->backend, c->name);
    }
  }
  for (guint i = 0; i < notes->len; i++)
    printf ("note: %s\n", (char *) notes->pdata[i]);
  return 0;
}
