/* fuzz-event.c — fuzz target: arbitrary bytes as a JSON Lines event log, decoded and, when
 * valid, applied to an engine under both profiles (re-encoding each event on the way). Must
 * never crash, leak or trip a sanitizer. */
#include "engine.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  GPtrArray *events = ts_event_parse_jsonl ((const char *) data, size, &error);
  if (events == NULL) {
    g_error_free (error);
    return 0;
  }
  const TsProfile *profiles[] = { ts_profile_classic (), ts_profile_modern () };
  for (int p = 0; p < 2; p++) {
    TsEngine *engine = ts_engine_new (profiles[p], NULL);
    for (guint i = 0; i < events->len && i < 2000; i++) {
      char *json = ts_event_to_json (events->pdata[i]);
      g_free (json);
      ts_engine_apply (engine, events->pdata[i], NULL, NULL);
    }
    JsonNode *node = ts_state_to_json (ts_engine_get_state (engine));
    json_node_unref (node);
    char *text = ts_state_to_text (ts_engine_get_state (engine));
    g_free (text);
    if (events->len > 0) {
      char *line = ts_engine_describe_event (engine, events->len - 1);
      g_free (line);
    }
    ts_engine_free (engine);
  }
  g_ptr_array_unref (events);
  return 0;
}
