/* cmd-demo.c — `tablesight demo`: the bundled recorded table session, in the dashboard when
 * there is a screen to show it on, else through the headless live pipeline (`watch`) with the
 * events it finds and the game state they lead to. */
#include "ts-config.h"
#include "commands.h"
#include "engine.h"
#include "engine-cli.h"
#include "store.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

char *
ts_demo_session_path (void)
{
  const char *candidates[] = {
    TS_SOURCE_DIR "/tests/fixtures/demo-session",
    TS_DATADIR "/demo-session",
  };
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_DIR))
      return g_strdup (candidates[i]);
  return NULL;
}

/* Runs a command function on a copy of args (GOptionContext rearranges the array it parses). */
static int
run_command (TsCommandFunc func, char **args)
{
  int argc = (int) g_strv_length (args);
  g_autofree char **argv = g_memdup2 (args, sizeof (char *) * (argc + 1));
  return func (argc, argv);
}

#ifdef TS_HAVE_GUI
static gboolean
have_display (void)
{
  const char *x = g_getenv ("DISPLAY"), *wl = g_getenv ("WAYLAND_DISPLAY");
  return (x != NULL && *x != '\0') || (wl != NULL && *wl != '\0');
}
#endif

/* What really happened in the recording (its events.jsonl), to set beside what was seen.
 * Returns how many changes it lists; a missing or malformed file gives 0 and says so. */
static guint
print_recorded_truth (const char *demo)
{
  g_autofree char *path = g_build_filename (demo, "events.jsonl", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error)) {
    printf ("(no recorded truth: %s)\n", error->message);
    return 0;
  }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;
  printf ("\nWhat the recording shows (its ground truth, %s):\n", path);
  for (guint i = 0; lines[i] != NULL; i++) {
    if (*g_strstrip (lines[i]) == '\0')
      continue;
    g_autoptr (JsonParser) parser = json_parser_new ();
    if (!json_parser_load_from_data (parser, lines[i], -1, &error) ||
        !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))) {
      printf ("  line %u: not an event%s%s\n", i + 1, error ? ": " : "",
              error ? error->message : "");
      g_clear_error (&error);
      continue;
    }
    JsonObject *o = json_node_get_object (json_parser_get_root (parser));
    printf ("  frame %3" G_GINT64_FORMAT "  player %" G_GINT64_FORMAT "  %-8s %s (%s)\n",
            json_object_get_int_member_with_default (o, "frame", -1),
            json_object_get_int_member_with_default (o, "player", 0),
            json_object_get_string_member_with_default (o, "event", "?"),
            json_object_get_string_member_with_default (o, "name", "?"),
            json_object_get_string_member_with_default (o, "zone", "?"));
    n++;
  }
  return n;
}

/* The game the watch recorded, summed up. */
static gboolean
print_final_state (const char *db_path, GError **error)
{
  g_autoptr (TsStore) store = ts_store_open_readonly (db_path, error);
  if (store == NULL)
    return FALSE;
  g_autoptr (TsCardDb) cards = ts_engine_cli_open_cards (NULL, NULL);
  g_autoptr (TsEngine) engine = ts_engine_new (NULL, cards);
  if (!ts_engine_load_store (engine, store, error))
    return FALSE;
  g_autofree char *text = ts_state_to_text (ts_engine_get_state (engine));
  guint n = ts_store_count (store);
  if (n <= 1)
    printf ("(No table change was recognised: these frames are small, 768x432 with titles about "
            "11 px high, below what the title reader needs. The dashboard plays this session "
            "from its recorded truth.)\n");
  printf ("\nFinal game state (%u events recorded):\n%s\n", n, text);
  return TRUE;
}

static int
run_headless (const char *prog, const char *demo, const char *why)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("tablesight-demo-XXXXXX", &error);
  if (tmp == NULL) {
    fprintf (stderr, "%s: %s\n", prog, error->message);
    return 1;
  }
  g_autofree char *db = g_build_filename (tmp, "demo.db", NULL);
  g_autofree char *source = g_strdup_printf ("dir:%s", demo);
  printf ("%s: the bundled recorded session through the headless live pipeline (%s)\n", prog,
          why);
  printf ("Events seen on the table:\n");
  fflush (stdout);
  char *watch_args[] = { "tablesight watch", "--source", source, "--layout", "two-player-wide",
                         "--profile", "classic", "--log", db, NULL };
  int status = run_command (ts_cmd_watch, watch_args);
  if (status == 0 && !print_final_state (db, &error)) {
    fprintf (stderr, "%s: %s\n", prog, error->message);
    status = 1;
  }
  guint truth = print_recorded_truth (demo);
  printf ("\nThe recording shows %u table changes; the camera pipeline recorded the events "
          "above.\n\n", truth);
  const char *suffixes[] = { "", "-wal", "-shm", "-journal" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++) {
    g_autofree char *path = g_strconcat (db, suffixes[i], NULL);
    g_unlink (path);
  }
  g_rmdir (tmp);
#ifdef TS_HAVE_GUI
  printf ("To see the dashboard window, run `tablesight demo` (or `tablesight dashboard`) in a "
          "desktop session, or under a virtual screen: xvfb-run tablesight demo\n");
#else
  printf ("To see the dashboard window, build with the GTK4 dashboard: meson configure build "
          "-Dgui=enabled (needs libgtk-4-dev), then run `tablesight demo` on a desktop\n");
#endif
  return status;
}

int
ts_cmd_demo (int argc, char **argv)
{
  gboolean headless = FALSE;
  const GOptionEntry entries[] = {
    { "headless", 0, 0, G_OPTION_ARG_NONE, &headless,
      "Print events and the final game state instead of opening the window", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— the bundled recorded table session");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Opens the dashboard on the bundled recorded session when a display is available;\n"
    "otherwise (no DISPLAY or WAYLAND_DISPLAY, or built without the GTK4 dashboard) runs the\n"
    "live pipeline headless on it, printing each event and the final game state.\n");
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (argc > 1) {
    fprintf (stderr, "%s: unexpected argument '%s'\n", argv[0], argv[1]);
    return 2;
  }
  g_autofree char *demo = ts_demo_session_path ();
  if (demo == NULL) {
    fprintf (stderr, "%s: the bundled demo session is missing (looked in %s and %s)\n", argv[0],
             TS_SOURCE_DIR "/tests/fixtures/demo-session", TS_DATADIR "/demo-session");
    return 1;
  }
#ifdef TS_HAVE_GUI
  if (!headless && have_display ()) {
    char *dashboard_args[] = { "tablesight dashboard", "--session", demo, NULL };
    return run_command (ts_cmd_dashboard, dashboard_args);
  }
  return run_headless (argv[0], demo, headless ? "--headless" : "no display");
#else
  return run_headless (argv[0], demo, "built without the GTK4 dashboard");
#endif
}
