/* cmd-synth.c — `tablesight synth`: writes synthetic table scenes (JPEG + ground-truth JSON in
 * the recognize shape) or renders a scripted recorded session. */
#include "ts-config.h"
#include "commands.h"
#include "synth.h"
#include "cards.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

static TsSynthDeck *
load_deck (const char *names_path, const char *cards_path, GError **error)
{
  if (names_path != NULL)
    return ts_synth_deck_new_from_names (names_path, error);
  g_autoptr (TsCardDb) db = cards_path != NULL ? ts_carddb_open (cards_path, error)
                                               : ts_carddb_open_default (error);
  if (db == NULL)
    return NULL;
  TsSynthDeck *deck = ts_synth_deck_new_from_carddb (db);
  if (ts_synth_deck_count (deck) == 0) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: no single-faced paper cards",
                 cards_path != NULL ? cards_path : "bundled card database");
    ts_synth_deck_free (deck);
    return NULL;
  }
  return deck;
}

static void
print_progress (int done, int total, gpointer user_data)
{
  fprintf (stderr, "\r%s %d/%d", (const char *) user_data, done, total);
  if (done == total)
    fputc ('\n', stderr);
  fflush (stderr);
}

int
ts_cmd_synth (int argc, char **argv)
{
  g_autofree char *out_dir = NULL;
  g_autofree char *preset_name = NULL;
  g_autofree char *size = NULL;
  g_autofree char *names_path = NULL;
  g_autofree char *cards_path = NULL;
  g_autofree char *session_path = NULL;
  int count = 10;
  gint64 seed = 1;
  int cards_min = -1, cards_max = -1;
  double title_min = 0, title_max = 0;
  gboolean quiet = FALSE;
  gboolean truth = FALSE;
  int random_frames = 0;
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out_dir, "Folder to write into (created)", "DIR" },
    { "count", 'n', 0, G_OPTION_ARG_INT, &count, "Number of scenes (default 10)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the first scene (default 1)", "S" },
    { "preset", 'p', 0, G_OPTION_ARG_STRING, &preset_name,
      "easy, normal (default), hard, clutter, old or modern", "NAME" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, "Image size (default 1280x720)", "WxH" },
    { "cards-min", 0, 0, G_OPTION_ARG_INT, &cards_min, "Fewest cards per scene", "N" },
    { "cards-max", 0, 0, G_OPTION_ARG_INT, &cards_max, "Most cards per scene", "N" },
    { "title-min", 0, 0, G_OPTION_ARG_DOUBLE, &title_min, "Smallest name line height", "PX" },
    { "title-max", 0, 0, G_OPTION_ARG_DOUBLE, &title_max, "Largest name line height", "PX" },
    { "cards", 0, 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database or Scryfall-format JSON to take names from (default: bundled Alpha)",
      "DB" },
    { "names", 0, 0, G_OPTION_ARG_FILENAME, &names_path,
      "Card names, one a line, instead of a database", "FILE" },
    { "session", 0, 0, G_OPTION_ARG_FILENAME, &session_path,
      "Render this session script as frames + events.jsonl instead of scenes", "SCRIPT" },
    { "random-session", 0, 0, G_OPTION_ARG_INT, &random_frames,
      "Make a random game of N frames (writes DIR/session.script) and render it as --session "
      "does; --seed and --size apply", "N" },
    { "truth", 0, 0, G_OPTION_ARG_NONE, &truth,
      "With --session, also write frame-NNNN.json ground truth per frame", NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "No progress output", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("--out DIR");
  g_option_context_set_summary (ctx,
    "Writes synthetic photos of cards on a table, each scene-NNNN.jpg with scene-NNNN.json\n"
    "ground truth in the shape `tablesight recognize --json` prints (plus title_px and\n"
    "visible per card). With --session, renders a scripted game as frame-NNNN.jpg and\n"
    "events.jsonl.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (out_dir == NULL) {
    fprintf (stderr, "%s: --out DIR is required (see --help)\n", argv[0]);
    return 2;
  }
  if (g_mkdir_with_parents (out_dir, 0755) != 0) {
    fprintf (stderr, "%s: cannot create %s: %s\n", argv[0], out_dir, g_strerror (errno));
    return 1;
  }
  g_autoptr (TsSynthDeck) deck = load_deck (names_path, cards_path, &error);
  if (deck == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }

  int width = 1280, height = 720;
  if (size != NULL) {
    char tail = 0;
    if (sscanf (size, "%dx%d%c", &width, &height, &tail) != 2 || width < 64 || height < 64 ||
        width > 8192 || height > 8192) {
      fprintf (stderr, "%s: --size '%s' is not WxH with 64..8192 pixels a side\n", argv[0],
               size);
      return 2;
    }
  }
  if (random_frames > 0) {
    if (random_frames < 60 || random_frames > 1000000) {
      fprintf (stderr, "%s: --random-session needs 60..1000000 frames\n", argv[0]);
      return 2;
    }
    g_autofree char *script = ts_synth_session_script_random (deck, (guint32) seed, random_frames,
                                                              size ? width : 768,
                                                              size ? height : 432);
    g_free (session_path);
    session_path = g_build_filename (out_dir, "session.script", NULL);
    if (!g_file_set_contents (session_path, script, -1, &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  }

  if (session_path != NULL) {
    g_autoptr (TsSynthSession) session = ts_synth_session_new_from_file (session_path, &error);
    if (session == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    if (!ts_synth_session_write (session, deck, out_dir, truth,
                                 quiet ? NULL : print_progress, (gpointer) "frames", &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    return 0;
  }

  TsSynthPreset preset = TS_SYNTH_PRESET_NORMAL;
  if (preset_name != NULL && !ts_synth_preset_from_string (preset_name, &preset)) {
    fprintf (stderr, "%s: unknown preset '%s' (easy, normal, hard, clutter, old, modern)\n",
             argv[0], preset_name);
    return 2;
  }
  if (count < 1 || count > 1000000) {
    fprintf (stderr, "%s: --count must be 1..1000000\n", argv[0]);
    return 2;
  }
  TsSynthParams params;
  ts_synth_params_init (&params, preset, width, height);
  if (cards_min >= 0)
    params.n_cards_min = cards_min;
  if (cards_max >= 0)
    params.n_cards_max = cards_max;
  if (params.n_cards_max < params.n_cards_min)
    params.n_cards_max = params.n_cards_min;
  if (title_min > 0)
    params.title_px_min = title_min;
  if (title_max > 0)
    params.title_px_max = title_max;
  if (params.title_px_max < params.title_px_min)
    params.title_px_max = params.title_px_min;

  for (int i = 0; i < count; i++) {
    g_autoptr (TsSynthScene) scene = ts_synth_scene_render (&params, deck,
                                                            (guint32) (seed + i), &error);
    if (scene == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    g_autofree char *base = g_strdup_printf ("scene-%04d", i + 1);
    if (!ts_synth_scene_write (scene, out_dir, base, &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
    if (!quiet)
      print_progress (i + 1, count, (gpointer) "scenes");
  }
  return 0;
}
