/* cmd-replay.c — `tablesight replay`: applies a game's events (JSON Lines file or game store)
 * and prints the final state, as text or as the one-object JSON contract (docs/events.md). */
#include "commands.h"
#include "engine.h"
#include "engine-cli.h"

#include <stdio.h>

int
ts_cmd_replay (int argc, char **argv)
{
  gboolean as_json = FALSE;
  g_autofree char *cards_path = NULL;
  g_autofree char *profile_id = NULL;
  int upto = -1;
  GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &as_json, "Print one JSON object", NULL },
    { "cards", 'c', 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database (default: the bundled Alpha set)", "DB" },
    { "profile", 'p', 0, G_OPTION_ARG_STRING, &profile_id,
      "Rules profile, overriding the game's (classic, modern)", "ID" },
    { "upto", 'n', 0, G_OPTION_ARG_INT, &upto, "Replay only the first N events", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE.jsonl|GAME.db");
  g_option_context_set_summary (ctx, "Apply a game's events and print the final state.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (argc != 2) {
    fprintf (stderr, "%s: give one FILE.jsonl or GAME.db\n", argv[0]);
    return 2;
  }
  const TsProfile *profile = NULL;
  if (profile_id) {
    profile = ts_profile_lookup (profile_id);
    if (profile == NULL) {
      fprintf (stderr, "%s: unknown profile '%s'\n", argv[0], profile_id);
      return 2;
    }
  }
  g_autoptr (TsCardDb) db = ts_engine_cli_open_cards (cards_path, &error);
  if (db == NULL && cards_path != NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  g_clear_error (&error);
  g_autoptr (GPtrArray) events = ts_engine_cli_load_events (argv[1], &error);
  if (events == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  g_autoptr (TsEngine) engine = ts_engine_new (profile, db);
  guint n = upto >= 0 ? MIN ((guint) upto, events->len) : events->len;
  for (guint i = 0; i < n; i++)
    ts_engine_apply (engine, g_ptr_array_index (events, i), NULL, NULL);
  const TsState *state = ts_engine_get_state (engine);
  if (as_json) {
    g_autoptr (JsonNode) node = ts_state_to_json (state);
    g_autoptr (JsonGenerator) gen = json_generator_new ();
    json_generator_set_root (gen, node);
    json_generator_set_pretty (gen, TRUE);
    g_autofree char *text = json_generator_to_data (gen, NULL);
    printf ("%s\n", text);
  } else {
    g_autofree char *text = ts_state_to_text (state);
    fputs (text, stdout);
  }
  return 0;
}
