/* synth-session.c — scripted recorded sessions (not written yet: every entry point fails). */
#include "synth.h"
#include <gio/gio.h>

TsSynthSession *
ts_synth_session_new_from_file (const char *path, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s: sessions are not supported yet", path);
  return NULL;
}

void
ts_synth_session_free (TsSynthSession *session)
{
}

gboolean
ts_synth_session_write (const TsSynthSession *session, const TsSynthDeck *deck,
                        const char *dir, gboolean with_truth,
                        TsSynthProgressFunc progress, gpointer user_data, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "sessions are not supported yet");
  return FALSE;
}
