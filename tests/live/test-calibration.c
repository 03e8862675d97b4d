/* test-calibration.c — table plane from marked points, zone layouts, card placement,
 * calibration file round trip and malformed files, intrinsics from rendered chessboards. */
#include "calibration.h"
#include "cv.h"

#include <glib/gstdio.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

/* A plausible overhead camera: table mm -> image px, with perspective. */
static const double table_to_image[9] = {
  1.45, 0.12, 210.0,
  -0.05, 1.38, 95.0,
  0.00002, 0.00011, 1.0,
};

static void
project (const double h[9], double x, double y, double *ox, double *oy)
{
  double w = h[6] * x + h[7] * y + h[8];
  *ox = (h[0] * x + h[1] * y + h[2]) / w;
  *oy = (h[3] * x + h[4] * y + h[5]) / w;
}

static TsCalibration *
calibrated_two_player (void)
{
  g_autoptr (GError) error = NULL;
  TsZoneLayout *layout = ts_zone_layout_load_named ("two-player", &error);
  assert_non_null (layout);
  int n = 0;
  const double *marks = ts_zone_layout_get_marks (layout, &n);
  assert_int_equal (n, 4);
  double img[8];
  for (int i = 0; i < 4; i++)
    project (table_to_image, marks[2 * i], marks[2 * i + 1], &img[2 * i], &img[2 * i + 1]);
  TsCalibration *cal = ts_calibration_new ();
  assert_true (ts_calibration_set_table_points (cal, img, marks, 4, &error));
  ts_calibration_set_layout (cal, layout);
  return cal;
}

static void
test_table_plane__four_points_map_within_half_mm (void **state)
{
  g_autoptr (TsCalibration) cal = calibrated_two_player ();
  const TsZoneLayout *layout = ts_calibration_get_layout (cal);
  double worst = 0;
  /* Corners and a grid over the whole table. */
  for (double y = 0; y <= ts_zone_layout_get_height_mm (layout); y += 50)
    for (double x = 0; x <= ts_zone_layout_get_width_mm (layout); x += 50) {
      double px, py, mx, my;
      project (table_to_image, x, y, &px, &py);
      ts_calibration_image_to_table (cal, px, py, &mx, &my);
      worst = MAX (worst, hypot (mx - x, my - y));
      double bx, by;
      ts_table_plane_to_px (ts_calibration_get_plane (cal), mx, my, &bx, &by);
      assert_true (hypot (bx - px, by - py) < 0.05);
    }
  assert_true (worst < 0.5);
}

static void
test_table_plane__degenerate_or_mirrored_points_fail (void **state)
{
  double line[8] = { 0, 0, 10, 10, 20, 20, 30, 30 };
  double mm[8] = { 0, 0, 100, 0, 100, 100, 0, 100 };
  TsTablePlane p;
  g_autoptr (GError) error = NULL;
  assert_false (ts_table_plane_from_points (&p, line, mm, 4, &error));
  assert_true (g_error_matches (error, TS_CALIB_ERROR, TS_CALIB_ERROR_INVALID));
  g_clear_error (&error);
  /* Counter-clockwise in the image for clockwise table marks: a mirror image. */
  double mirrored[8] = { 0, 0, 0, 100, 100, 100, 100, 0 };
  assert_false (ts_table_plane_from_points (&p, mirrored, mm, 4, &error));
  assert_non_null (strstr (error->message, "mirrored"));
}

static void
test_layout__zone_lookup_two_and_four_players (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsZoneLayout) two = ts_zone_layout_load_named ("two-player", &error);
  assert_non_null (two);
  assert_int_equal (ts_zone_layout_get_n_players (two), 2);
  int who = 9;
  assert_int_equal (ts_zone_layout_locate (two, 400, 550, &who), TS_AREA_BATTLEFIELD);
  assert_int_equal (who, 0);
  assert_int_equal (ts_zone_layout_locate (two, 600, 250, &who), TS_AREA_BATTLEFIELD);
  assert_int_equal (who, 1);
  assert_int_equal (ts_zone_layout_locate (two, 930, 570, &who), TS_AREA_GRAVEYARD);
  assert_int_equal (who, 0);
  assert_int_equal (ts_zone_layout_locate (two, 70, 230, &who), TS_AREA_GRAVEYARD);
  assert_int_equal (who, 1);
  assert_int_equal (ts_zone_layout_locate (two, 930, 720, &who), TS_AREA_LIBRARY);
  assert_int_equal (ts_zone_layout_locate (two, 70, 350, &who), TS_AREA_EXILE);
  assert_int_equal (ts_zone_layout_locate (two, -5, 400, &who), TS_AREA_NONE);
  assert_int_equal (who, -1);
  assert_true (ts_area_kind_is_pile (TS_AREA_GRAVEYARD));
  assert_false (ts_area_kind_is_pile (TS_AREA_BATTLEFIELD));

  g_autoptr (TsZoneLayout) four = ts_zone_layout_load_named ("four-player", &error);
  assert_non_null (four);
  assert_int_equal (ts_zone_layout_get_n_players (four), 4);
  /* Each seat's battlefield centre, turned with the seats. */
  const double centres[4][2] = { { 650, 930 }, { 270, 650 }, { 550, 270 }, { 930, 550 } };
  for (int p = 0; p < 4; p++) {
    assert_int_equal (ts_zone_layout_locate (four, centres[p][0], centres[p][1], &who),
                      TS_AREA_BATTLEFIELD);
    assert_int_equal (who, p);
    assert_true (fabs (ts_zone_layout_get_facing_deg (four, p) - 90 * p) < 1e-9);
  }
  assert_int_equal (ts_zone_layout_locate (four, 600, 600, &who), TS_AREA_NONE);
  assert_true (fabs (ts_zone_layout_relative_angle (four, 3, 0) - 90) < 1e-9);

  assert_null (ts_zone_layout_load_named ("seven-player", &error));
  assert_true (g_error_matches (error, TS_CALIB_ERROR, TS_CALIB_ERROR_NOT_FOUND));
  assert_non_null (strstr (error->message, "two-player"));
}

/* The share of a zone (an axis-aligned rectangle in mm) whose image point falls inside a
 * width x height picture, counted on a 1 mm grid. */
static double
grid_share_in_view (const double *mm, int width, int height)
{
  double x0 = MIN (mm[0], mm[4]), x1 = MAX (mm[0], mm[4]);
  double y0 = MIN (mm[1], mm[5]), y1 = MAX (mm[1], mm[5]);
  guint all = 0, in = 0;
  for (double y = y0 + 0.5; y < y1; y += 1)
    for (double x = x0 + 0.5; x < x1; x += 1) {
      double px, py;
      project (table_to_image, x, y, &px, &py);
      all++;
      in += px >= 0 && px <= width && py >= 0 && py <= height;
    }
  return (double) in / all;
}

static void
test_zone_in_view__share_of_each_zone_the_picture_shows (void **state)
{
  (void) state;
  g_autoptr (GError) error = NULL;
  /* No table plane: one mm a pixel. A 950 x 800 picture cuts 50 mm off South's right-hand
   * piles (860..1000 mm wide) and North's hand and battlefield (up to 1000 mm). */
  g_autoptr (TsCalibration) flat = ts_calibration_new ();
  ts_calibration_set_layout (flat, ts_zone_layout_load_named ("two-player", &error));
  assert_non_null (ts_calibration_get_layout (flat));
  const TsZoneLayout *layout = ts_calibration_get_layout (flat);
  int cut = 0;
  for (int i = 0; i < ts_zone_layout_get_n_zones (layout); i++) {
    TsAreaKind kind;
    int player, n;
    const double *mm = ts_zone_layout_get_zone (layout, i, &kind, &player, &n);
    double share = ts_calibration_zone_in_view (flat, i, 950, 800);
    double right = MAX (MAX (mm[0], mm[2]), MAX (mm[4], mm[6]));
    double left = MIN (MIN (mm[0], mm[2]), MIN (mm[4], mm[6]));
    double expect = right <= 950 ? 1 : (950 - left) / (right - left);
    assert_true (fabs (share - expect) < 1e-9);
    assert_true (fabs (ts_calibration_zone_in_view (flat, i, 1000, 800) - 1) < 1e-9);
    cut += share < 1;
    if (kind == TS_AREA_GRAVEYARD && player == 0)
      assert_true (fabs (share - 90.0 / 140) < 1e-9);
  }
  assert_int_equal (cut, 5); /* South's three piles, North's hand and battlefield */
  g_autofree char *said = ts_calibration_describe_out_of_view (flat, 950, 800);
  assert_string_equal (said, "South library 64 %, South graveyard 64 %, South exile 64 %, "
                             "North battlefield 94 %, North hand 94 %");
  assert_null (ts_calibration_describe_out_of_view (flat, 1000, 800));
  /* A picture beside the table shows none of it; a zone that is not one shows whole. */
  assert_true (ts_calibration_zone_in_view (flat, 0, 100, 800) < 0.2);
  assert_true (fabs (ts_calibration_zone_in_view (flat, 99, 10, 10) - 1) < 1e-9);

  /* Under perspective: the picture's right edge runs askew across the table's. */
  g_autoptr (TsCalibration) cal = calibrated_two_player ();
  double px, py;
  project (table_to_image, 930, 570, &px, &py);
  int width = (int) px, height = 2000;
  layout = ts_calibration_get_layout (cal);
  for (int i = 0; i < ts_zone_layout_get_n_zones (layout); i++) {
    int n;
    const double *mm = ts_zone_layout_get_zone (layout, i, NULL, NULL, &n);
    assert_int_equal (n, 4);
    double share = ts_calibration_zone_in_view (cal, i, width, height);
    assert_true (fabs (share - grid_share_in_view (mm, width, height)) < 0.01);
  }
}

/* A card quad (image px) for a 63 x 88 mm card centred at (x, y) mm, turned angle degrees
 * clockwise on the table. */
static void
card_quad (double x, double y, double angle, double q[4][2])
{
  const double local[4][2] = { { -31.5, -44 }, { 31.5, -44 }, { 31.5, 44 }, { -31.5, 44 } };
  double a = angle * G_PI / 180, c = cos (a), s = sin (a);
  for (int i = 0; i < 4; i++) {
    double tx = x + local[i][0] * c - local[i][1] * s;
    double ty = y + local[i][0] * s + local[i][1] * c;
    project (table_to_image, tx, ty, &q[i][0], &q[i][1]);
  }
}

static void
test_place__tapped_is_relative_to_the_owners_seat (void **state)
{
  g_autoptr (TsCalibration) cal = calibrated_two_player ();
  double q[4][2];
  TsPlacement pl;
  /* South's card upright for South. */
  card_quad (400, 550, 0, q);
  ts_calibration_place (cal, q, FALSE, &pl);
  assert_int_equal (pl.area, TS_AREA_BATTLEFIELD);
  assert_int_equal (pl.owner, 0);
  assert_false (pl.tapped);
  assert_true (fabs (pl.center[0] - 400) < 0.5 && fabs (pl.center[1] - 550) < 0.5);
  assert_true (fabs (pl.size[0] - 63) < 0.5 && fabs (pl.size[1] - 88) < 0.5);
  /* Tapped a quarter turn clockwise. */
  card_quad (400, 550, 90, q);
  ts_calibration_place (cal, q, FALSE, &pl);
  assert_true (pl.tapped);
  assert_true (fabs (pl.rel_angle_deg - 90) < 1);
  /* North's card upright for North is upside down in the image: not tapped. */
  card_quad (600, 250, 180, q);
  ts_calibration_place (cal, q, FALSE, &pl);
  assert_int_equal (pl.owner, 1);
  assert_false (pl.tapped);
  assert_true (fabs (pl.rel_angle_deg) < 1 || fabs (pl.rel_angle_deg - 360) < 1);
  card_quad (600, 250, 270, q);
  ts_calibration_place (cal, q, FALSE, &pl);
  assert_true (pl.tapped);
  /* Half-way turned is not tapped. */
  card_quad (600, 250, 180 + 30, q);
  ts_calibration_place (cal, q, FALSE, &pl);
  assert_false (pl.tapped);
  /* Dropped in South's graveyard. */
  card_quad (930, 570, 3, q);
  ts_calibration_place (cal, q, FALSE, &pl);
  assert_int_equal (pl.area, TS_AREA_GRAVEYARD);
  assert_int_equal (pl.owner, 0);
}

static void
test_calibration_file__round_trip (void **state)
{
  g_autoptr (TsCalibration) cal = calibrated_two_player ();
  TsIntrinsics in = { .width = 1920, .height = 1080,
                      .k = { 1400, 0, 960, 0, 1398, 540, 0, 0, 1 },
                      .dist = { -0.12, 0.05, 0.001, -0.0005, 0 },
                      .rms_px = 0.31, .n_views = 12 };
  ts_calibration_set_intrinsics (cal, &in);
  /* Re-mark the points now that intrinsics are known. */
  int n = 0;
  const double *marks = ts_zone_layout_get_marks (ts_calibration_get_layout (cal), &n);
  double img[8];
  for (int i = 0; i < 4; i++)
    project (table_to_image, marks[2 * i], marks[2 * i + 1], &img[2 * i], &img[2 * i + 1]);
  assert_true (ts_calibration_set_table_points (cal, img, marks, 4, NULL));

  g_autofree char *dir = g_dir_make_tmp ("ts-calib-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.ini", NULL);
  g_autoptr (GError) error = NULL;
  assert_true (ts_calibration_save (cal, path, &error));
  g_autoptr (TsCalibration) back = ts_calibration_load (path, &error);
  assert_null (error);
  const TsIntrinsics *bi = ts_calibration_get_intrinsics (back);
  assert_non_null (bi);
  assert_int_equal (bi->width, 1920);
  for (int i = 0; i < 9; i++)
    assert_true (fabs (bi->k[i] - in.k[i]) < 1e-9);
  for (int i = 0; i < 5; i++)
    assert_true (fabs (bi->dist[i] - in.dist[i]) < 1e-12);
  for (int i = 0; i < 9; i++)
    assert_true (fabs (ts_calibration_get_plane (back)->h[i] -
                       ts_calibration_get_plane (cal)->h[i]) < 1e-6 *
                 MAX (1, fabs (ts_calibration_get_plane (cal)->h[i])));
  const TsZoneLayout *bl = ts_calibration_get_layout (back);
  assert_non_null (bl);
  assert_string_equal (ts_zone_layout_get_name (bl), "two-player");
  int who;
  assert_int_equal (ts_zone_layout_locate (bl, 70, 230, &who), TS_AREA_GRAVEYARD);
  assert_int_equal (who, 1);
  assert_string_equal (ts_zone_layout_get_player_name (bl, 1), "North");
  /* Readable: a person can find the parts. */
  g_autofree char *text = NULL;
  assert_true (g_file_get_contents (path, &text, NULL, NULL));
  assert_non_null (strstr (text, "[intrinsics]"));
  assert_non_null (strstr (text, "camera_matrix="));
  assert_non_null (strstr (text, "[player 2]"));
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct {
  const char *text;
  const char *expect;  /* in the message */
} BadFile;

static void
test_calibration_file__malformed_files_name_the_line (void **state)
{
  static const BadFile bad[] = {
    { "[calibration]\nversion=1\nthis is not a key\n", "x:3:" },
    { "[calibration]\nversion=1\n[intrinsics\n", "x:3:" },
    { "top=1\n[calibration]\nversion=1\n", "x:1:" },
    { "[calibration]\nversion=2\n", "x:2: [calibration] version" },
    { "[calibration]\nversion=one\n", "x:2:" },
    { "[something]\nk=v\n", "not a tablesight calibration" },
    { "[calibration]\nversion=1\n\n[intrinsics]\nimage_width=640\nimage_height=480\n"
      "camera_matrix=1;2;3\ndistortion=0;0;0;0;0\n", "x:7: [intrinsics] camera_matrix" },
    { "[calibration]\nversion=1\n[intrinsics]\nimage_width=640\nimage_height=480\n"
      "camera_matrix=500;0;320;0;500;240;0;0;1\n", "[intrinsics] distortion: missing" },
    { "[calibration]\nversion=1\n[table]\nimage_points=0,0;1,0;1,1;0,1\n"
      "table_points=0,0;10,0;10,10;zero,10\n", "x:5: [table] table_points: point 4" },
    { "[calibration]\nversion=1\n[table]\nimage_points=0,0;1,1;2,2;3,3\n"
      "table_points=0,0;10,0;10,10;0,10\n", "x:4: [table] image_points" },
    { "[calibration]\nversion=1\n[layout]\nname=x\ntable_width_mm=100\ntable_height_mm=100\n"
      "marks=0,0;100,0;100,100;0,100\nplayers=2\n[player 1]\nfacing_deg=0\n"
      "battlefield=0,0;100,0;100,50;0,50\n", "no [player 2] group" },
    { "[calibration]\nversion=1\n[layout]\nname=x\ntable_width_mm=100\ntable_height_mm=100\n"
      "marks=0,0;100,0;100,100;0,100\nplayers=1\n[player 1]\nfacing_deg=0\n"
      "battlefield=0,0;100,0;200,0\n", "x:11: [player 1] battlefield: the polygon has no area" },
    { "[calibration]\nversion=1\n[layout]\nname=x\ntable_width_mm=100\ntable_height_mm=100\n"
      "marks=0,0;100,0;100,100;0,100\nplayers=1\n[player 1]\nfacing_deg=north\n"
      "battlefield=0,0;100,0;100,50\n", "x:10: [player 1] facing_deg" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_autoptr (GError) error = NULL;
    TsCalibration *cal = ts_calibration_parse (bad[i].text, "x", &error);
    if (cal != NULL || error == NULL || strstr (error->message, bad[i].expect) == NULL)
      fail_msg ("case %u: expected an error with '%s', got '%s'", i, bad[i].expect,
                error ? error->message : "(none)");
  }
  g_autoptr (GError) error = NULL;
  assert_null (ts_calibration_load ("/no/such/calibration.ini", &error));
  assert_true (g_error_matches (error, TS_CALIB_ERROR, TS_CALIB_ERROR_IO));
}

/* Renders a 10 x 7 square chessboard (9 x 6 inner corners, 40 px squares) seen by camera k
 * from pose (rotation about x and y, distance). */
static TsImage *
render_board_view (const double k[9], double rx, double ry, double rz, double tx, double ty,
                   double tz)
{
  const int sq = 40, margin = 40, cols = 10, rows = 7;
  g_autoptr (TsImage) board = ts_image_new (cols * sq + 2 * margin, rows * sq + 2 * margin, 1);
  memset (board->data, 255, (size_t) board->stride * board->height);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      if ((r + c) % 2 == 0)
        for (int y = 0; y < sq; y++)
          memset (board->data + (size_t) (margin + r * sq + y) * board->stride + margin + c * sq,
                  0, sq);
  /* Board pixel -> board mm (25 mm squares, origin at the first inner corner). */
  double s = 25.0 / sq;
  double a = rx, b = ry, g = rz;
  double Rx[9] = { 1, 0, 0, 0, cos (a), -sin (a), 0, sin (a), cos (a) };
  double Ry[9] = { cos (b), 0, sin (b), 0, 1, 0, -sin (b), 0, cos (b) };
  double Rz[9] = { cos (g), -sin (g), 0, sin (g), cos (g), 0, 0, 0, 1 };
  double R1[9], R[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      R1[3 * i + j] = 0;
      for (int m = 0; m < 3; m++)
        R1[3 * i + j] += Ry[3 * i + m] * Rx[3 * m + j];
    }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      R[3 * i + j] = 0;
      for (int m = 0; m < 3; m++)
        R[3 * i + j] += Rz[3 * i + m] * R1[3 * m + j];
    }
  /* H = K [r1 r2 t] S, S: board px -> mm centred on the board. */
  double cxb = (cols * sq) / 2.0 + margin, cyb = (rows * sq) / 2.0 + margin;
  double S[9] = { s, 0, -cxb * s, 0, s, -cyb * s, 0, 0, 1 };
  double M[9] = { R[0], R[1], tx, R[3], R[4], ty, R[6], R[7], tz };
  double KM[9], H[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      KM[3 * i + j] = 0;
      for (int m = 0; m < 3; m++)
        KM[3 * i + j] += k[3 * i + m] * M[3 * m + j];
    }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      H[3 * i + j] = 0;
      for (int m = 0; m < 3; m++)
        H[3 * i + j] += KM[3 * i + m] * S[3 * m + j];
    }
  TsImage *view = ts_image_new (640, 480, 1);
  memset (view->data, 128, (size_t) view->stride * view->height);
  ts_cv_warp_perspective (board, view, H);
  return view;
}

static void
test_intrinsics__recovered_from_rendered_chessboards (void **state)
{
  const double k[9] = { 600, 0, 320, 0, 600, 240, 0, 0, 1 };
  const double poses[][6] = {
    { 0.0, 0.0, 0.0, 0, 0, 600 },     { 0.35, 0.0, 0.1, 0, 0, 650 },
    { -0.35, 0.1, -0.1, 0, 10, 620 }, { 0.0, 0.4, 0.05, -10, 0, 640 },
    { 0.1, -0.4, 0.0, 10, -5, 630 },  { 0.3, 0.3, 0.2, 0, 0, 700 },
    { -0.3, -0.25, -0.2, 5, 5, 680 },
  };
  g_autoptr (GPtrArray) views = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_image_free);
  for (guint i = 0; i < G_N_ELEMENTS (poses); i++)
    g_ptr_array_add (views, render_board_view (k, poses[i][0], poses[i][1], poses[i][2],
                                               poses[i][3], poses[i][4], poses[i][5]));
  /* A frame without a board is skipped and said so. */
  TsImage *blank = ts_image_new (640, 480, 1);
  g_ptr_array_add (views, blank);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  TsIntrinsics in;
  g_autoptr (GError) error = NULL;
  assert_true (ts_intrinsics_calibrate_images (&in, (TsImage *const *) views->pdata,
                                               (int) views->len, 9, 6, 25, log, &error));
  assert_int_equal (in.n_views, (int) G_N_ELEMENTS (poses));
  assert_int_equal (log->len, views->len);
  assert_non_null (strstr (log->pdata[views->len - 1], "no 9x6 chessboard"));
  assert_true (in.rms_px < 1.0);
  assert_true (fabs (in.k[0] - 600) < 18);  /* 3 % */
  assert_true (fabs (in.k[4] - 600) < 18);
  assert_true (fabs (in.k[2] - 320) < 15);
  assert_true (fabs (in.k[5] - 240) < 15);

  /* Wrong board size: found nowhere, a clear error. */
  assert_false (ts_intrinsics_calibrate_images (&in, (TsImage *const *) views->pdata,
                                                (int) views->len, 8, 8, 25, NULL, &error));
  assert_non_null (strstr (error->message, "inner corners"));
}

int
main (void)
{
  g_setenv ("TS_LAYOUT_DIR", TS_LAYOUT_DIR_FOR_TESTS, TRUE);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_table_plane__four_points_map_within_half_mm),
    cmocka_unit_test (test_table_plane__degenerate_or_mirrored_points_fail),
    cmocka_unit_test (test_layout__zone_lookup_two_and_four_players),
    cmocka_unit_test (test_place__tapped_is_relative_to_the_owners_seat),
    cmocka_unit_test (test_zone_in_view__share_of_each_zone_the_picture_shows),
    cmocka_unit_test (test_calibration_file__round_trip),
    cmocka_unit_test (test_calibration_file__malformed_files_name_the_line),
    cmocka_unit_test (test_intrinsics__recovered_from_rendered_chessboards),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
