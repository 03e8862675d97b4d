/* cmd-dashboard.c — `tablesight dashboard`: opens the GTK4 window on a game store, an event
 * log, a camera, a recorded session, or (given none) the bundled demo session played through
 * the camera pipeline. */
#include "ts-config.h"
#include "commands.h"

#include <glib.h>
#include <stdio.h>

#ifdef TS_HAVE_GUI
#include "ts-application.h"
#include "calibration.h"
#include "capture.h"

int
ts_cmd_dashboard (int argc, char **argv)
{
  g_autofree char *log_path = NULL;
  g_autofree char *replay_path = NULL;
  g_autofree char *session_dir = NULL;
  g_autofree char *cards_path = NULL;
  g_autofree char *screenshot_path = NULL;
  g_autofree char *source_spec = NULL;
  g_autofree char *calibration_path = NULL;
  gboolean empty = FALSE, truth = FALSE;
  const GOptionEntry entries[] = {
    { "log", 'l', 0, G_OPTION_ARG_FILENAME, &log_path,
      "Resume the game in this game store and keep recording to it", "GAME.db" },
    { "replay", 'r', 0, G_OPTION_ARG_FILENAME, &replay_path,
      "Show the game in this event log (JSON Lines)", "FILE.jsonl" },
    { "session", 's', 0, G_OPTION_ARG_FILENAME, &session_dir,
      "Play a recorded table session from its ground truth (events.jsonl)", "DIR" },
    { "truth", 0, 0, G_OPTION_ARG_NONE, &truth,
      "Play the bundled demo session from its ground truth instead of through the camera "
      "pipeline (the same as --session with its folder)", NULL },
    { "cards", 'c', 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database (default: the bundled set)", "DB" },
    { "source", 0, 0, G_OPTION_ARG_STRING, &source_spec,
      "Watch the live table: v4l2:/dev/video0, libcamera:ID, video:FILE, dir:FOLDER (a recorded "
      "session through the real detector and tracker); see 'tablesight sources'", "SPEC" },
    { "calibration", 0, 0, G_OPTION_ARG_FILENAME, &calibration_path,
      "With --source: the table's calibration from 'tablesight calibrate'", "FILE" },
    { "empty", 0, 0, G_OPTION_ARG_NONE, &empty,
      "Open an empty table instead of the demo session", NULL },
    { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, &screenshot_path,
      "Save the window as a PNG once it is drawn (a recording: once it has played through), "
      "then quit", "PNG" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— the referee's window");
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Shows life, mana, phase, what each player may cast now, creatures and combat, the\n"
    "event log and the judge's warnings. With no option it plays the bundled recorded\n"
    "session through the camera pipeline (detector, title reader, tracker), as\n"
    "--source dir:FOLDER does. New games are recorded under ~/.local/share/tablesight/games/.\n");
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (argc > 1) {
    fprintf (stderr, "%s: unexpected argument '%s'\n", argv[0], argv[1]);
    return 2;
  }
  if (calibration_path != NULL && source_spec == NULL) {
    fprintf (stderr, "%s: --calibration needs --source\n", argv[0]);
    return 2;
  }
  /* A wrong file or source is an error here, not a window that opens on nothing. */
  if (calibration_path != NULL) {
    g_autoptr (TsCalibration) cal = ts_calibration_load (calibration_path, &error);
    if (cal == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  }
  if (source_spec != NULL) {
    g_autoptr (TsCaptureSource) source = ts_capture_open (source_spec, &error);
    if (source == NULL) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  }
  if (truth && (session_dir != NULL || source_spec != NULL)) {
    fprintf (stderr, "%s: --truth plays the bundled session; give it without --session or "
             "--source\n", argv[0]);
    return 2;
  }
  /* With nothing else to show, the bundled session: through the camera pipeline, as a camera
   * over the table would be seen, or from its recorded truth when asked. */
  g_autofree char *demo_dir = ts_demo_session_path ();
  if (!empty && log_path == NULL && replay_path == NULL && session_dir == NULL &&
      source_spec == NULL) {
    if (demo_dir == NULL && truth) {
      fprintf (stderr, "%s: the bundled demo session is missing (the build renders it: "
               "ninja -C build demo-session)\n", argv[0]);
      return 1;
    }
    if (demo_dir != NULL && truth)
      session_dir = g_strdup (demo_dir);
    else if (demo_dir != NULL)
      source_spec = g_strdup_printf ("dir:%s", demo_dir);
  }

  TsDashboardOptions options = {
    .log_path = log_path,
    .replay_path = replay_path,
    .session_dir = session_dir,
    .cards_path = cards_path,
    .screenshot_path = screenshot_path,
    .source_spec = source_spec,
    .calibration_path = calibration_path,
    .demo_dir = demo_dir,
  };
  g_autoptr (TsApplication) app = ts_application_new (&options);
  /* Our options are parsed already: GApplication sees only the program name. */
  char *app_argv[] = { argv[0], NULL };
  int status = g_application_run (G_APPLICATION (app), 1, app_argv);
  const GError *run_error = ts_application_get_error (app);
  if (run_error != NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], run_error->message);
    return 1;
  }
  return status;
}

#else

int
ts_cmd_dashboard (int argc, char **argv)
{
  fprintf (stderr, "%s: this tablesight was built without the GTK4 dashboard "
                   "(configure with -Dgui=enabled and libgtk-4-dev installed)\n", argv[0]);
  return 1;
}

#endif
