/* cmd-demo.c — `tablesight demo`: the bundled recorded table session through the camera
 * pipeline, in the dashboard when there is a screen to show it on, else headless (`watch`)
 * with the events it finds, the game state they lead to, and how they compare with the
 * recording's ground truth. */
#include "ts-config.h"
#include "commands.h"
#include "engine.h"
#include "engine-cli.h"
#include "store.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

char *
ts_demo_session_path (void)
{
  const char *candidates[] = {
    TS_BUILD_DIR "/demo-session",
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

/* One table change, as the recording's truth lists it or as the camera pipeline reported it
 * (then `frame` is the frame its time stamp falls on). */
typedef struct {
  int frame;
  char *event;            /* "entered", "tapped", "untapped", "left" */
  char *name;
  int player;             /* 1-based, as in events.jsonl */
  char *zone;             /* "battlefield", "graveyard", "gone", ... */
  gboolean matched;
} Change;

static void
change_clear (Change *c)
{
  g_free (c->event);
  g_free (c->name);
  g_free (c->zone);
}

static GArray *
change_array_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (Change));
  g_array_set_clear_func (a, (GDestroyNotify) change_clear);
  return a;
}

/* What really happened in the recording (its events.jsonl), to set beside what was seen.
 * A missing or malformed file gives no changes and says so. */
static GArray *
print_recorded_truth (const char *demo)
{
  GArray *truth = change_array_new ();
  g_autofree char *path = g_build_filename (demo, "events.jsonl", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error)) {
    printf ("(no recorded truth: %s)\n", error->message);
    return truth;
  }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
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
    Change c = {
      .frame = (int) json_object_get_int_member_with_default (o, "frame", -1),
      .event = g_strdup (json_object_get_string_member_with_default (o, "event", "?")),
      .name = g_strdup (json_object_get_string_member_with_default (o, "name", "?")),
      .player = (int) json_object_get_int_member_with_default (o, "player", 0),
      .zone = g_strdup (json_object_get_string_member_with_default (o, "zone", "?")),
    };
    printf ("  frame %3d  player %d  %-8s %s (%s)\n", c.frame, c.player, c.event, c.name,
            c.zone);
    g_array_append_val (truth, c);
  }
  return truth;
}

/* The table changes the camera pipeline put in the game store, in the truth's terms. The
 * frame is counted at the session's 30 frames a second from the earliest thing the camera saw:
 * the cards lying on the table from the recording's first frame are stamped with that frame's
 * time. (The game's start, a camera event too, is stamped earlier, before the detector and
 * reader are set up, which takes a varying part of a second.) */
static GArray *
load_seen_changes (const char *db_path, GError **error)
{
  g_autoptr (TsStore) store = ts_store_open_readonly (db_path, error);
  if (store == NULL)
    return NULL;
  g_autoptr (GPtrArray) events = ts_store_load (store, error);
  if (events == NULL)
    return NULL;
  GArray *seen = change_array_new ();
  gint64 start_us = G_MAXINT64;
  for (guint i = 0; i < events->len; i++) {
    const TsEvent *e = g_ptr_array_index (events, i);
    if (e->source == TS_SOURCE_CAMERA && e->kind != TS_EVENT_GAME_START)
      start_us = MIN (start_us, e->time_us);
  }
  for (guint i = 0; i < events->len; i++) {
    const TsEvent *e = g_ptr_array_index (events, i);
    if (e->source != TS_SOURCE_CAMERA || e->card == NULL ||
        (e->kind != TS_EVENT_MOVE && e->kind != TS_EVENT_TAP && e->kind != TS_EVENT_UNTAP))
      continue;
    Change c = {
      .frame = (int) ((e->time_us - start_us) * 30 / G_USEC_PER_SEC),
      .name = g_strdup (e->card),
      .player = e->player + 1,
      .zone = g_strdup ("battlefield"),
    };
    if (e->kind == TS_EVENT_TAP || e->kind == TS_EVENT_UNTAP) {
      c.event = g_strdup (e->kind == TS_EVENT_TAP ? "tapped" : "untapped");
    } else if (e->zone == TS_ZONE_BATTLEFIELD) {
      c.event = g_strdup ("entered");
    } else {
      c.event = g_strdup ("left");
      g_free (c.zone);
      c.zone = g_strdup (e->zone == TS_ZONE_NONE ? "gone" : ts_zone_name (e->zone));
    }
    g_array_append_val (seen, c);
  }
  return seen;
}

/* Sets what the camera pipeline saw beside the truth: each true change takes the first unused
 * seen change of the same kind, card name, player and zone reported from a little before it
 * (3 frames for a tap, 12 for a card coming or going) to a little after (15 and 45 frames:
 * the tracker reports a change once it has settled and the name is read). Prints the changes
 * missed and those the recording does not have. Returns how many true changes were seen. */
static guint
print_comparison (GArray *truth, GArray *seen)
{
  guint found = 0, extra = 0;
  for (guint t = 0; t < truth->len; t++) {
    Change *te = &g_array_index (truth, Change, t);
    gboolean tap = g_str_has_suffix (te->event, "tapped");
    int lo = te->frame - (tap ? 3 : 12), hi = te->frame + (tap ? 15 : 45);
    for (guint i = 0; i < seen->len && !te->matched; i++) {
      Change *se = &g_array_index (seen, Change, i);
      if (se->matched || se->frame < lo || se->frame > hi || se->player != te->player ||
          strcmp (se->event, te->event) != 0 || strcmp (se->name, te->name) != 0 ||
          strcmp (se->zone, te->zone) != 0)
        continue;
      se->matched = te->matched = TRUE;
      found++;
    }
  }
  printf ("\nThe camera pipeline against the recording (the same change of the same card, "
          "player and zone, reported within 1.5 s):\n");
  for (guint t = 0; t < truth->len; t++) {
    const Change *te = &g_array_index (truth, Change, t);
    if (!te->matched)
      printf ("  missed   frame %3d  player %d  %-8s %s (%s)\n", te->frame, te->player,
              te->event, te->name, te->zone);
  }
  for (guint i = 0; i < seen->len; i++) {
    const Change *se = &g_array_index (seen, Change, i);
    if (se->matched)
      continue;
    printf ("  not in the recording: frame %3d  player %d  %-8s %s (%s)\n", se->frame,
            se->player, se->event, se->name, se->zone);
    extra++;
  }
  printf ("Seen %u of the %u recorded table changes; %u reported change%s not in the "
          "recording.\n", found, truth->len, extra, extra == 1 ? " is" : "s are");
  return found;
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
  printf ("\nFinal game state (%u events recorded):\n%s\n", ts_store_count (store), text);
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
  g_autoptr (GArray) seen = NULL;
  if (status == 0 && (!print_final_state (db, &error) ||
                      (seen = load_seen_changes (db, &error)) == NULL)) {
    fprintf (stderr, "%s: %s\n", prog, error->message);
    status = 1;
  }
  g_autoptr (GArray) truth = print_recorded_truth (demo);
  printf ("\nThe recording shows %u table changes.\n", truth->len);
  if (seen != NULL)
    print_comparison (truth, seen);
  printf ("\n");
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
  gboolean headless = FALSE, truth = FALSE;
  const GOptionEntry entries[] = {
    { "headless", 0, 0, G_OPTION_ARG_NONE, &headless,
      "Print events and the final game state instead of opening the window", NULL },
    { "truth", 0, 0, G_OPTION_ARG_NONE, &truth,
      "In the window, play the session from its recorded truth instead of through the camera "
      "pipeline", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— the bundled recorded table session");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Plays the bundled recorded session (a short two-player game at 1920x1080, rendered at\n"
    "build time from tests/fixtures/demo-game/game.script) through the camera pipeline:\n"
    "in the dashboard when a display is available; otherwise (no DISPLAY or WAYLAND_DISPLAY,\n"
    "or built without the GTK4 dashboard) headless, like 'tablesight watch', printing each\n"
    "event, the final game state, and what it saw against the recording's ground truth.\n");
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
    fprintf (stderr, "%s: the bundled demo session is missing (looked in %s and %s); the "
             "build renders it: ninja -C build demo-session\n", argv[0],
             TS_BUILD_DIR "/demo-session", TS_DATADIR "/demo-session");
    return 1;
  }
#ifdef TS_HAVE_GUI
  if (!headless && have_display ()) {
    g_autofree char *source = g_strdup_printf ("dir:%s", demo);
    char *live_args[] = { "tablesight dashboard", "--source", source, NULL };
    char *truth_args[] = { "tablesight dashboard", "--session", demo, NULL };
    return run_command (ts_cmd_dashboard, truth ? truth_args : live_args);
  }
  return run_headless (argv[0], demo, headless ? "--headless" : "no display");
#else
  return run_headless (argv[0], demo, "built without the GTK4 dashboard");
#endif
}
