/* main.c — the tablesight command: dispatches to one subcommand per file (cmd-*.c). */
#include "ts-config.h"
#include "commands.h"

#include <glib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const TsCommand commands[] = {
  { "dashboard", "open the referee's window on a game, a replay or a recorded session", ts_cmd_dashboard },
  { "watch", "watch the table and print game events (headless)", ts_cmd_watch },
  { "recognize", "find and name the cards in images", ts_cmd_recognize },
  { "cards", "card database: import, look up, match OCR text", ts_cmd_cards },
  { "replay", "apply a game's events and print the final state", ts_cmd_replay },
  { "log", "show, replay or export a game's log", ts_cmd_log },
  { "sources", "list the cameras found (V4L2, libcamera)", ts_cmd_sources },
  { "calibrate", "calibrate the camera, the table plane and the zones", ts_cmd_calibrate },
  { "demo", "the bundled recorded session: in the dashboard, or headless without a display", ts_cmd_demo },
  { "synth", "write synthetic table scenes or sessions with ground truth", ts_cmd_synth },
  { NULL, NULL, NULL },
};

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: tablesight COMMAND [OPTION…]\n"
           "\n"
           "A physical table assistant for trading card games: a camera over the table,\n"
           "cards recognised by name and tapped state, a rules engine and a dashboard.\n"
           "\n"
           "Commands:\n");
  for (const TsCommand *c = commands; c->name != NULL; c++)
    fprintf (out, "  %-12s %s\n", c->name, c->summary);
  fprintf (out,
           "\n"
           "Run 'tablesight COMMAND --help' for a command's options.\n"
           "  --version    print the version\n");
}

/* Tesseract's OpenMP threads spin on a busy machine and make one title read about ten times
 * slower. libgomp reads its limit from the environment when the program loads, before main(),
 * so set it and start again; every command that reads titles (recognize, watch, dashboard)
 * gets it. Failing to restart is not fatal: reading is only slower. */
static void
limit_openmp_threads (char **argv)
{
  if (g_getenv ("OMP_THREAD_LIMIT") != NULL)
    return;
  g_setenv ("OMP_THREAD_LIMIT", "1", TRUE);
  execv ("/proc/self/exe", argv);
}

int
main (int argc, char **argv)
{
  limit_openmp_threads (argv);
  setlocale (LC_ALL, "");

  if (argc < 2) {
    print_usage (stderr);
    return 2;
  }
  const char *name = argv[1];
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0 || strcmp (name, "help") == 0) {
    print_usage (stdout);
    return 0;
  }
  if (strcmp (name, "--version") == 0) {
    printf ("tablesight %s\n", TS_VERSION);
    return 0;
  }
  for (const TsCommand *c = commands; c->name != NULL; c++) {
    if (strcmp (c->name, name) == 0) {
      g_autofree char *prog = g_strdup_printf ("tablesight %s", c->name);
      argv[1] = prog;
      return c->run (argc - 1, argv + 1);
    }
  }
  fprintf (stderr, "tablesight: unknown command '%s'\n\n", name);
  print_usage (stderr);
  return 2;
}
