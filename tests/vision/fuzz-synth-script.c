/* fuzz-synth-script.c — the session script parser on arbitrary bytes: it must return a session
 * or a GError, never crash, and a parsed session must list its events. */
#include <glib.h>
#include <stdint.h>

#include "synth.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (text, "fuzz", &error);
  if (s == NULL) {
    g_assert (error != NULL && error->message != NULL);
    return 0;
  }
  g_assert (ts_synth_session_n_frames (s) > 0);
  g_autofree char *events = ts_synth_session_events_jsonl (s);
  g_assert (events != NULL);
  return 0;
}
