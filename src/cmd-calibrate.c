/* cmd-calibrate.c — `tablesight calibrate`: camera intrinsics from chessboard photos, the
 * table plane from four marked points, a zone layout; walks the user through each step and
 * saves everything in one readable calibration file. */
#include "commands.h"
#include "calibration.h"
#include "cv.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: tablesight calibrate STEP [OPTION…]\n"
           "\n"
           "Steps:\n"
           "  intrinsics IMAGE... -o FILE   measure the camera's lens from chessboard photos\n"
           "  table -o FILE                 map image pixels to table millimetres from four\n"
           "                                marked points, with a zone layout\n"
           "  show FILE                     print what a calibration file holds\n"
           "  layouts                       list the shipped zone layouts\n"
           "\n"
           "Run 'tablesight calibrate STEP --help' for a step's options.\n");
}

/* Loads FILE to update it when it exists, else starts a new calibration. */
static TsCalibration *
open_for_update (const char *path, GError **error)
{
  if (path && g_file_test (path, G_FILE_TEST_EXISTS))
    return ts_calibration_load (path, error);
  return ts_calibration_new ();
}

static int
cmd_intrinsics (int argc, char **argv)
{
  g_autofree char *out_path = NULL, *board = NULL;
  double square = 25;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      "Calibration file to write (updated when it exists)", "FILE" },
    { "board", 'b', 0, G_OPTION_ARG_STRING, &board,
      "Inner corners of the chessboard, COLSxROWS (default 9x6: a 10 x 7 squares board)",
      "CxR" },
    { "square", 0, 0, G_OPTION_ARG_DOUBLE, &square, "Side of one square in mm (default 25)",
      "MM" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("IMAGE... — camera intrinsics");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Print a chessboard, photograph it with the table camera 10-20 times from different\n"
    "angles and distances (filling the corners of the picture too), then give the photos.\n");
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  int cols = 9, rows = 6;
  if (board && (sscanf (board, "%dx%d", &cols, &rows) != 2 || cols < 2 || rows < 2)) {
    fprintf (stderr, "%s: --board must look like 9x6 (inner corners)\n", argv[0]);
    return 2;
  }
  if (argc < 2 || out_path == NULL) {
    fprintf (stderr, "%s: give chessboard photos and -o FILE (see --help)\n", argv[0]);
    return 2;
  }
  g_autoptr (TsCalibration) cal = open_for_update (out_path, &error);
  if (cal == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  printf ("Looking for a %dx%d chessboard (%.1f mm squares) in %d photo(s)…\n", cols, rows,
          square, argc - 1);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  TsIntrinsics in;
  gboolean ok = ts_intrinsics_calibrate (&in, (const char *const *) argv + 1, cols, rows, square,
                                         log, &error);
  for (guint i = 0; i < log->len; i++)
    printf ("  %s: %s\n", argv[1 + i], strchr (log->pdata[i], ':') + 2);
  if (!ok) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  printf ("Camera: %dx%d, focal length %.1f x %.1f px, centre (%.1f, %.1f), distortion k1 %.4f "
          "k2 %.4f\n", in.width, in.height, in.k[0], in.k[4], in.k[2], in.k[5], in.dist[0],
          in.dist[1]);
  printf ("Reprojection error %.3f px over %d views%s\n", in.rms_px, in.n_views,
          in.rms_px > 1.0 ? " — high: retake blurred photos or check --board/--square" : "");
  ts_calibration_set_intrinsics (cal, &in);
  if (!ts_calibration_save (cal, out_path, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  printf ("Saved to %s. Next: tablesight calibrate table -o %s\n", out_path, out_path);
  return 0;
}

/* Asks for each mark on the terminal. */
static double *
prompt_points (const TsZoneLayout *layout, int n)
{
  double *xy = g_new0 (double, 2 * (gsize) n);
  for (int i = 0; i < n; i++) {
    for (;;) {
      printf ("  point %d — %s: x,y> ", i + 1, ts_zone_layout_get_mark_label (layout, i));
      fflush (stdout);
      char line[256];
      if (fgets (line, sizeof line, stdin) == NULL) {
        g_free (xy);
        return NULL;
      }
      if (sscanf (line, "%lf , %lf", &xy[2 * i], &xy[2 * i + 1]) == 2)
        break;
      printf ("    please type two pixel numbers, like 312,88\n");
    }
  }
  return xy;
}

/* Says which zones the camera's frame does not show whole: cards there are cut by the
 * picture's border or unseen, and the camera wants moving before the game. */
static void
check_in_view (const TsCalibration *cal, const TsImage *im)
{
  g_autofree char *cut = ts_calibration_describe_out_of_view (cal, im->width, im->height);
  if (cut)
    printf ("Warning: the camera's picture does not show these zones whole (share in view): "
            "%s. Cards there will be cut by the picture's edge or unseen: move or zoom the "
            "camera out and calibrate again.\n", cut);
  else
    printf ("Every zone lies inside the camera's picture.\n");
}

static void
draw_overlay (const TsCalibration *cal, TsImage *im, const char *frame_path,
              const char *out_path)
{
  g_autoptr (GError) error = NULL;
  const TsZoneLayout *layout = ts_calibration_get_layout (cal);
  const TsTablePlane *plane = ts_calibration_get_plane (cal);
  static const int colours[TS_AREA_N][3] = {
    { 255, 255, 255 }, { 0, 200, 0 }, { 200, 200, 0 }, { 0, 120, 255 }, { 160, 0, 200 },
    { 255, 0, 0 },
  };
  for (int i = 0; i < ts_zone_layout_get_n_zones (layout); i++) {
    TsAreaKind kind;
    int player, n;
    const double *xy = ts_zone_layout_get_zone (layout, i, &kind, &player, &n);
    g_autofree double (*px)[2] = g_malloc (sizeof (double[2]) * (gsize) n);
    double cx = 0, cy = 0;
    for (int k = 0; k < n; k++) {
      ts_table_plane_to_px (plane, xy[2 * k], xy[2 * k + 1], &px[k][0], &px[k][1]);
      cx += px[k][0] / n;
      cy += px[k][1] / n;
    }
    ts_cv_draw_polygon (im, (const double (*)[2]) px, n, colours[kind][0], colours[kind][1],
                        colours[kind][2], 2);
    g_autofree char *label = g_strdup_printf ("%s %s",
                                              ts_zone_layout_get_player_name (layout, player),
                                              ts_area_kind_name (kind));
    ts_cv_draw_text (im, label, cx - 40, cy, 0.5, colours[kind][0], colours[kind][1],
                     colours[kind][2]);
  }
  if (!ts_image_save (im, out_path, &error))
    fprintf (stderr, "  (no overlay: %s)\n", error->message);
  else
    printf ("Zones drawn over %s in %s: check they sit where the players put their cards.\n",
            frame_path, out_path);
}

static int
cmd_table (int argc, char **argv)
{
  g_autofree char *out_path = NULL, *points = NULL, *layout_name = NULL, *frame = NULL;
  g_autofree char *overlay = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path,
      "Calibration file to write (updated when it exists: intrinsics are kept)", "FILE" },
    { "points", 'p', 0, G_OPTION_ARG_STRING, &points,
      "Pixel positions of the layout's marks in a camera frame, 'x1,y1;x2,y2;...' in the "
      "order the layout lists them (asked for when missing)", "PTS" },
    { "layout", 'l', 0, G_OPTION_ARG_STRING, &layout_name,
      "Zone layout: two-player (default), four-player, or a .ini file", "NAME" },
    { "frame", 0, 0, G_OPTION_ARG_FILENAME, &frame,
      "A camera frame of the table: checks every zone is in view, and draws the zones on it "
      "(with --overlay)", "IMAGE" },
    { "overlay", 0, 0, G_OPTION_ARG_FILENAME, &overlay,
      "Where to save the frame with the zones drawn", "PNG" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("— table plane and zones");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Take a frame from the table camera, find the layout's marks in it (usually the table's\n"
    "four corners) and give their pixel positions. tablesight then measures cards in\n"
    "millimetres on the table and knows each player's zones.\n");
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (out_path == NULL) {
    fprintf (stderr, "%s: give -o FILE to save the calibration (see --help)\n", argv[0]);
    return 2;
  }
  TsZoneLayout *layout = ts_zone_layout_load_named (layout_name ? layout_name : "two-player",
                                                    &error);
  if (layout == NULL) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  g_autoptr (TsCalibration) cal = open_for_update (out_path, &error);
  if (cal == NULL) {
    ts_zone_layout_free (layout);
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  ts_calibration_set_layout (cal, layout);
  int n_marks = 0;
  const double *marks = ts_zone_layout_get_marks (layout, &n_marks);
  printf ("Layout '%s': %d player(s) at a %.0f x %.0f mm table.\n",
          ts_zone_layout_get_name (layout), ts_zone_layout_get_n_players (layout),
          ts_zone_layout_get_width_mm (layout), ts_zone_layout_get_height_mm (layout));
  printf ("Marks to find in a camera frame (pixel x,y), in this order:\n");
  for (int i = 0; i < n_marks; i++)
    printf ("  %d. %s (table %.0f, %.0f mm)\n", i + 1, ts_zone_layout_get_mark_label (layout, i),
            marks[2 * i], marks[2 * i + 1]);

  g_autofree double *img = NULL;
  int n = 0;
  if (points) {
    int bad = 0;
    img = ts_calibration_parse_points (points, &n, &bad);
    if (img == NULL) {
      fprintf (stderr, "%s: --points: point %d is not 'x,y'\n", argv[0], bad);
      return 2;
    }
    if (n != n_marks) {
      fprintf (stderr, "%s: --points gives %d point(s); the layout has %d marks\n", argv[0], n,
               n_marks);
      return 2;
    }
  } else if (isatty (STDIN_FILENO)) {
    img = prompt_points (layout, n_marks);
    n = n_marks;
    if (img == NULL) {
      fprintf (stderr, "%s: stopped before all points were given\n", argv[0]);
      return 1;
    }
  } else {
    fprintf (stderr, "%s: give --points \"x1,y1;x2,y2;...\" (%d points, as listed above)\n",
             argv[0], n_marks);
    return 2;
  }
  if (!ts_calibration_set_table_points (cal, img, marks, n, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  /* Check: how far each mark lands from where it should, and the scale at the centre. */
  double worst = 0;
  for (int i = 0; i < n; i++) {
    double x, y;
    ts_calibration_image_to_table (cal, img[2 * i], img[2 * i + 1], &x, &y);
    worst = MAX (worst, hypot (x - marks[2 * i], y - marks[2 * i + 1]));
  }
  double cx = ts_zone_layout_get_width_mm (layout) / 2, cy = ts_zone_layout_get_height_mm (layout) / 2;
  double px0, py0, px1, py1;
  ts_table_plane_to_px (ts_calibration_get_plane (cal), cx, cy, &px0, &py0);
  ts_table_plane_to_px (ts_calibration_get_plane (cal), cx + 63, cy, &px1, &py1);
  double card_px = hypot (px1 - px0, py1 - py0);
  printf ("Table plane: marks fit within %.2f mm; a card at the centre is %.0f px wide%s\n",
          worst, card_px,
          card_px < 60 ? " — small: names may be hard to read; move the camera closer" : "");
  if (frame) {
    g_autoptr (TsImage) im = ts_image_load (frame, &error);
    if (im == NULL) {
      fprintf (stderr, "%s: --frame: %s\n", argv[0], error->message);
      return 1;
    }
    check_in_view (cal, im);
    if (overlay)
      draw_overlay (cal, im, frame, overlay);
  }
  if (!ts_calibration_save (cal, out_path, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 1;
  }
  printf ("Saved to %s. Run: tablesight watch --source SPEC --calibration %s\n", out_path,
          out_path);
  return 0;
}

static int
cmd_show (int argc, char **argv)
{
  if (argc != 2 || argv[1][0] == '-') {
    fprintf (stderr, "Usage: tablesight calibrate show FILE\n");
    return argc == 2 && strcmp (argv[1], "--help") == 0 ? 0 : 2;
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCalibration) cal = ts_calibration_load (argv[1], &error);
  if (cal == NULL) {
    fprintf (stderr, "tablesight calibrate show: %s\n", error->message);
    return 1;
  }
  const TsIntrinsics *in = ts_calibration_get_intrinsics (cal);
  if (in)
    printf ("intrinsics: %dx%d, focal %.1f x %.1f px, centre (%.1f, %.1f), rms %.3f px\n",
            in->width, in->height, in->k[0], in->k[4], in->k[2], in->k[5], in->rms_px);
  else
    printf ("intrinsics: none (lens distortion not corrected)\n");
  printf ("table plane: %s\n", ts_calibration_has_table (cal) ? "yes" : "none (image pixels)");
  const TsZoneLayout *l = ts_calibration_get_layout (cal);
  if (l) {
    printf ("layout: %s, %d players\n", ts_zone_layout_get_name (l),
            ts_zone_layout_get_n_players (l));
    for (int p = 0; p < ts_zone_layout_get_n_players (l); p++)
      printf ("  player %d: %s, facing %.0f degrees\n", p + 1,
              ts_zone_layout_get_player_name (l, p), ts_zone_layout_get_facing_deg (l, p));
  } else
    printf ("layout: none (everything is one battlefield)\n");
  return 0;
}

int
ts_cmd_calibrate (int argc, char **argv)
{
  if (argc < 2) {
    usage (stderr);
    return 2;
  }
  const char *step = argv[1];
  if (strcmp (step, "--help") == 0 || strcmp (step, "-h") == 0) {
    usage (stdout);
    return 0;
  }
  g_autofree char *prog = g_strdup_printf ("%s %s", argv[0], step);
  argv[1] = prog;
  if (strcmp (step, "intrinsics") == 0)
    return cmd_intrinsics (argc - 1, argv + 1);
  if (strcmp (step, "table") == 0)
    return cmd_table (argc - 1, argv + 1);
  if (strcmp (step, "show") == 0)
    return cmd_show (argc - 1, argv + 1);
  if (strcmp (step, "layouts") == 0) {
    g_auto (GStrv) names = ts_zone_layout_list_shipped ();
    if (names[0] == NULL)
      printf ("No layouts found.\n");
    for (int i = 0; names[i]; i++) {
      g_autoptr (TsZoneLayout) l = ts_zone_layout_load_named (names[i], NULL);
      printf ("%-14s %s\n", names[i],
              l ? ts_zone_layout_get_description (l) : "(unreadable)");
    }
    return 0;
  }
  fprintf (stderr, "tablesight calibrate: unknown step '%s'\n\n", step);
  usage (stderr);
  return 2;
}
