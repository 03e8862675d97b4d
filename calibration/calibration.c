/* calibration.c — the calibration file (GKeyFile) and placing cards on the table. */
#include "calibration.h"
#include "keyfile.h"
#include "cv.h"

#include <math.h>
#include <string.h>

struct _TsCalibration {
  gboolean has_intrinsics;
  TsIntrinsics intrinsics;
  gboolean has_table;
  TsTablePlane plane;
  double *image_points;   /* raw pixels as marked, 2 * n_points */
  double *table_points;   /* mm */
  int n_points;
  TsZoneLayout *layout;
};

static void
apply_h (const double h[9], double x, double y, double *ox, double *oy)
{
  double w = h[6] * x + h[7] * y + h[8];
  *ox = (h[0] * x + h[1] * y + h[2]) / w;
  *oy = (h[3] * x + h[4] * y + h[5]) / w;
}

static gboolean
invert3 (const double m[9], double out[9])
{
  double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
               m[2] * (m[3] * m[7] - m[4] * m[6]);
  if (fabs (det) < 1e-15)
    return FALSE;
  out[0] = (m[4] * m[8] - m[5] * m[7]) / det;
  out[1] = (m[2] * m[7] - m[1] * m[8]) / det;
  out[2] = (m[1] * m[5] - m[2] * m[4]) / det;
  out[3] = (m[5] * m[6] - m[3] * m[8]) / det;
  out[4] = (m[0] * m[8] - m[2] * m[6]) / det;
  out[5] = (m[2] * m[3] - m[0] * m[5]) / det;
  out[6] = (m[3] * m[7] - m[4] * m[6]) / det;
  out[7] = (m[1] * m[6] - m[0] * m[7]) / det;
  out[8] = (m[0] * m[4] - m[1] * m[3]) / det;
  return TRUE;
}

/* Three of the points on one line (or two the same) leave the plane undetermined. */
static gboolean
points_degenerate (const double *xy, int n)
{
  double minx = xy[0], maxx = xy[0], miny = xy[1], maxy = xy[1];
  for (int i = 1; i < n; i++) {
    minx = MIN (minx, xy[2 * i]);
    maxx = MAX (maxx, xy[2 * i]);
    miny = MIN (miny, xy[2 * i + 1]);
    maxy = MAX (maxy, xy[2 * i + 1]);
  }
  double scale2 = (maxx - minx) * (maxx - minx) + (maxy - miny) * (maxy - miny);
  if (scale2 <= 0)
    return TRUE;
  int m = MIN (n, 8);
  for (int a = 0; a < m; a++)
    for (int b = a + 1; b < m; b++)
      for (int c = b + 1; c < m; c++) {
        double area2 = fabs ((xy[2 * b] - xy[2 * a]) * (xy[2 * c + 1] - xy[2 * a + 1]) -
                             (xy[2 * c] - xy[2 * a]) * (xy[2 * b + 1] - xy[2 * a + 1]));
        if (area2 < 1e-3 * scale2)
          return TRUE;
      }
  return FALSE;
}

gboolean
ts_table_plane_from_points (TsTablePlane *out, const double *image_px, const double *table_mm,
                            int n, GError **error)
{
  if (n < 4) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_INVALID,
                 "the table plane needs at least 4 points, got %d", n);
    return FALSE;
  }
  if (points_degenerate (image_px, n) || points_degenerate (table_mm, n)) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_INVALID,
                 "three of the points lie on one line (or two are the same): mark points "
                 "spread over the table, such as its four corners");
    return FALSE;
  }
  GError *local = NULL;
  TsTablePlane p;
  if (!ts_cv_find_homography (n, image_px, table_mm, p.h, &local) || !invert3 (p.h, p.inv)) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_INVALID,
                 "the marked points do not define the table plane: %s",
                 local ? local->message : "singular homography");
    g_clear_error (&local);
    return FALSE;
  }
  /* A mirror image means the points were marked in the wrong order: the map's Jacobian,
   * det(H) / w^3, turns negative. Checked at the points' centroid. */
  double cx = 0, cy = 0;
  for (int i = 0; i < n; i++) {
    cx += image_px[2 * i] / n;
    cy += image_px[2 * i + 1] / n;
  }
  double det = p.h[0] * (p.h[4] * p.h[8] - p.h[5] * p.h[7]) -
               p.h[1] * (p.h[3] * p.h[8] - p.h[5] * p.h[6]) +
               p.h[2] * (p.h[3] * p.h[7] - p.h[4] * p.h[6]);
  double w = p.h[6] * cx + p.h[7] * cy + p.h[8];
  if (det / (w * w * w) <= 0) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_INVALID,
                 "the marked points are in mirrored order (mark them clockwise as listed)");
    return FALSE;
  }
  *out = p;
  return TRUE;
}

void
ts_table_plane_to_mm (const TsTablePlane *plane, double x_px, double y_px, double *x_mm,
                      double *y_mm)
{
  apply_h (plane->h, x_px, y_px, x_mm, y_mm);
}

void
ts_table_plane_to_px (const TsTablePlane *plane, double x_mm, double y_mm, double *x_px,
                      double *y_px)
{
  apply_h (plane->inv, x_mm, y_mm, x_px, y_px);
}

TsCalibration *
ts_calibration_new (void)
{
  TsCalibration *cal = g_new0 (TsCalibration, 1);
  static const double id[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
  memcpy (cal->plane.h, id, sizeof id);
  memcpy (cal->plane.inv, id, sizeof id);
  return cal;
}

void
ts_calibration_free (TsCalibration *cal)
{
  if (cal == NULL)
    return;
  g_free (cal->image_points);
  g_free (cal->table_points);
  ts_zone_layout_free (cal->layout);
  g_free (cal);
}

void
ts_calibration_set_intrinsics (TsCalibration *cal, const TsIntrinsics *intr)
{
  cal->has_intrinsics = intr != NULL;
  if (intr)
    cal->intrinsics = *intr;
}

const TsIntrinsics *
ts_calibration_get_intrinsics (const TsCalibration *cal)
{
  return cal->has_intrinsics ? &cal->intrinsics : NULL;
}

void
ts_calibration_set_layout (TsCalibration *cal, TsZoneLayout *layout)
{
  ts_zone_layout_free (cal->layout);
  cal->layout = layout;
}

const TsZoneLayout *
ts_calibration_get_layout (const TsCalibration *cal)
{
  return cal->layout;
}

gboolean
ts_calibration_has_table (const TsCalibration *cal)
{
  return cal->has_table;
}

const TsTablePlane *
ts_calibration_get_plane (const TsCalibration *cal)
{
  return &cal->plane;
}

gboolean
ts_calibration_set_table_points (TsCalibration *cal, const double *image_px,
                                 const double *table_mm, int n, GError **error)
{
  g_autofree double *und = g_memdup2 (image_px, sizeof (double) * 2 * (gsize) n);
  if (cal->has_intrinsics)
    ts_intrinsics_undistort_points (&cal->intrinsics, und, n);
  TsTablePlane p;
  if (!ts_table_plane_from_points (&p, und, table_mm, n, error))
    return FALSE;
  cal->plane = p;
  cal->has_table = TRUE;
  g_free (cal->image_points);
  g_free (cal->table_points);
  cal->image_points = g_memdup2 (image_px, sizeof (double) * 2 * (gsize) n);
  cal->table_points = g_memdup2 (table_mm, sizeof (double) * 2 * (gsize) n);
  cal->n_points = n;
  return TRUE;
}

void
ts_calibration_fit_image (TsCalibration *cal, int width, int height)
{
  if (cal->has_table || cal->layout == NULL || width < 2 || height < 2)
    return;
  double w = ts_zone_layout_get_width_mm (cal->layout);
  double h = ts_zone_layout_get_height_mm (cal->layout);
  const double img[8] = { 0, 0, width, 0, width, height, 0, height };
  const double mm[8] = { 0, 0, w, 0, w, h, 0, h };
  /* Without intrinsics the corners are taken as they are. */
  TsTablePlane p;
  if (!cal->has_intrinsics && ts_table_plane_from_points (&p, img, mm, 4, NULL)) {
    cal->plane = p;
    cal->has_table = TRUE;
    g_free (cal->image_points);
    g_free (cal->table_points);
    cal->image_points = g_memdup2 (img, sizeof img);
    cal->table_points = g_memdup2 (mm, sizeof mm);
    cal->n_points = 4;
  }
}

/* Keeps the part of polygon in (x, y pairs) where axis coordinate (0 x, 1 y) times sign is at
 * most limit times sign (one step of Sutherland-Hodgman clipping). */
static void
clip_half (const GArray *in, int axis, double limit, double sign, GArray *out)
{
  g_array_set_size (out, 0);
  guint n = in->len / 2;
  const double *p = (const double *) in->data;
  for (guint k = 0; k < n; k++) {
    const double *a = p + 2 * k, *b = p + 2 * ((k + 1) % n);
    gboolean a_in = sign * a[axis] <= sign * limit, b_in = sign * b[axis] <= sign * limit;
    if (a_in)
      g_array_append_vals (out, a, 2);
    if (a_in != b_in) {
      double t = (limit - a[axis]) / (b[axis] - a[axis]);
      double c[2] = { a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]) };
      g_array_append_vals (out, c, 2);
    }
  }
}

double
ts_calibration_zone_in_view (const TsCalibration *cal, int i, int width, int height)
{
  g_return_val_if_fail (cal != NULL, 1);
  if (cal->layout == NULL || i < 0 || i >= ts_zone_layout_get_n_zones (cal->layout))
    return 1;
  int n;
  const double *mm = ts_zone_layout_get_zone (cal->layout, i, NULL, NULL, &n);
  double whole = ts_zone_polygon_area (mm, n);
  if (n < 3 || whole <= 0)
    return 1;
  /* A homography keeps straight lines straight: the picture's rectangle clips the zone's
   * outline in pixels exactly, and the part left maps back to millimetres. */
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  for (int k = 0; k < n; k++) {
    double px[2];
    ts_table_plane_to_px (&cal->plane, mm[2 * k], mm[2 * k + 1], &px[0], &px[1]);
    g_array_append_vals (a, px, 2);
  }
  clip_half (a, 0, 0, -1, b);
  clip_half (b, 0, width, 1, a);
  clip_half (a, 1, 0, -1, b);
  clip_half (b, 1, height, 1, a);
  double *p = (double *) a->data;
  for (guint k = 0; k < a->len / 2; k++)
    ts_table_plane_to_mm (&cal->plane, p[2 * k], p[2 * k + 1], &p[2 * k], &p[2 * k + 1]);
  double seen = a->len >= 6 ? ts_zone_polygon_area (p, (int) (a->len / 2)) : 0;
  return CLAMP (seen / whole, 0, 1);
}

char *
ts_calibration_describe_out_of_view (const TsCalibration *cal, int width, int height)
{
  g_return_val_if_fail (cal != NULL, NULL);
  if (cal->layout == NULL)
    return NULL;
  g_autoptr (GString) s = g_string_new (NULL);
  for (int i = 0; i < ts_zone_layout_get_n_zones (cal->layout); i++) {
    double share = ts_calibration_zone_in_view (cal, i, width, height);
    if (share >= 0.98)
      continue;
    TsAreaKind kind;
    int player, n;
    ts_zone_layout_get_zone (cal->layout, i, &kind, &player, &n);
    g_string_append_printf (s, "%s%s %s %.0f %%", s->len ? ", " : "",
                            ts_zone_layout_get_player_name (cal->layout, player),
                            ts_area_kind_name (kind), floor (100 * share));
  }
  return s->len ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

void
ts_calibration_image_to_table (const TsCalibration *cal, double x_px, double y_px,
                               double *x_mm, double *y_mm)
{
  double p[2] = { x_px, y_px };
  if (cal->has_intrinsics)
    ts_intrinsics_undistort_points (&cal->intrinsics, p, 1);
  apply_h (cal->plane.h, p[0], p[1], x_mm, y_mm);
}

static double
norm360 (double a)
{
  a = fmod (a, 360);
  return a < 0 ? a + 360 : a;
}

void
ts_calibration_place (const TsCalibration *cal, const double quad_px[4][2], gboolean is_title,
                      TsPlacement *out)
{
  double q[4][2];
  double xy[8];
  for (int i = 0; i < 4; i++) {
    xy[2 * i] = quad_px[i][0];
    xy[2 * i + 1] = quad_px[i][1];
  }
  if (cal->has_intrinsics)
    ts_intrinsics_undistort_points (&cal->intrinsics, xy, 4);
  for (int i = 0; i < 4; i++)
    apply_h (cal->plane.h, xy[2 * i], xy[2 * i + 1], &q[i][0], &q[i][1]);

  /* The card's up direction: from the middle of its bottom edge to the middle of its top. */
  double ux = (q[0][0] + q[1][0] - q[2][0] - q[3][0]) / 2;
  double uy = (q[0][1] + q[1][1] - q[2][1] - q[3][1]) / 2;
  double height = hypot (ux, uy);
  double width = (hypot (q[1][0] - q[0][0], q[1][1] - q[0][1]) +
                  hypot (q[2][0] - q[3][0], q[2][1] - q[3][1])) / 2;
  /* Upright is (0, -1); turning clockwise by a (y down) gives (sin a, -cos a). */
  out->angle_deg = norm360 (atan2 (ux, -uy) * 180 / G_PI);
  double cx = (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4;
  double cy = (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4;
  if (is_title && height > 0) {
    /* The title's centre sits about 38 mm above the card's (88 mm card, title 6 mm from
     * its top edge); without a table plane, scale by the title's own height (~5 mm). */
    double mm = cal->has_table ? 1.0 : height / 5.0;
    cx -= ux / height * 38 * mm;
    cy -= uy / height * 38 * mm;
  }
  out->center[0] = cx;
  out->center[1] = cy;
  out->size[0] = width;
  out->size[1] = height;
  if (cal->layout) {
    out->area = ts_zone_layout_locate (cal->layout, cx, cy, &out->owner);
    /* A card hanging over a zone's edge still belongs to it. */
    if (out->area == TS_AREA_NONE)
      out->area = ts_zone_layout_locate_near (cal->layout, cx, cy, 0.5 * MAX (width, height),
                                              &out->owner);
    out->rel_angle_deg = ts_zone_layout_relative_angle (cal->layout, MAX (out->owner, 0),
                                                   out->angle_deg);
  } else {
    out->area = TS_AREA_BATTLEFIELD;
    out->owner = 0;
    out->rel_angle_deg = out->angle_deg;
  }
  double r = fmod (out->rel_angle_deg, 180);
  out->tapped = r > 45 && r < 135;
}

/* ---- the file ---- */

static void
set_doubles (GKeyFile *kf, const char *group, const char *key, const double *v, int n)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < n; i++) {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf (s, "%s%s", i ? ";" : "", g_ascii_dtostr (buf, sizeof buf, v[i]));
  }
  g_key_file_set_string (kf, group, key, s->str);
  g_string_free (s, TRUE);
}

char *
ts_calibration_to_text (const TsCalibration *cal)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_key_file_set_integer (kf, "calibration", "version", 1);
  g_key_file_set_comment (kf, NULL, NULL,
                          " tablesight calibration: camera intrinsics, table plane, zone layout.\n"
                          " Written by 'tablesight calibrate'; safe to read, edit with care.",
                          NULL);
  if (cal->has_intrinsics) {
    const TsIntrinsics *in = &cal->intrinsics;
    g_key_file_set_integer (kf, "intrinsics", "image_width", in->width);
    g_key_file_set_integer (kf, "intrinsics", "image_height", in->height);
    set_doubles (kf, "intrinsics", "camera_matrix", in->k, 9);
    set_doubles (kf, "intrinsics", "distortion", in->dist, 5);
    g_key_file_set_double (kf, "intrinsics", "rms_px", in->rms_px);
    g_key_file_set_integer (kf, "intrinsics", "views", in->n_views);
    g_key_file_set_comment (kf, "intrinsics", NULL,
                            " camera_matrix: fx;0;cx;0;fy;cy;0;0;1 (pixels); distortion: "
                            "k1;k2;p1;p2;k3", NULL);
  }
  if (cal->has_table) {
    g_autofree char *img = ts_points_format (cal->image_points, cal->n_points);
    g_autofree char *tab = ts_points_format (cal->table_points, cal->n_points);
    g_key_file_set_string (kf, "table", "image_points", img);
    g_key_file_set_string (kf, "table", "table_points", tab);
    set_doubles (kf, "table", "homography", cal->plane.h, 9);
    g_key_file_set_comment (kf, "table", NULL,
                            " image_points (pixels, as marked) show table_points (mm); the "
                            "homography\n (image -> table mm) is recomputed from them on load",
                            NULL);
  }
  g_autofree char *text = g_key_file_to_data (kf, NULL, NULL);
  if (cal->layout == NULL)
    return g_steal_pointer (&text);
  g_autofree char *layout = ts_zone_layout_to_text (cal->layout);
  return g_strconcat (text, "\n# The zone layout (as in calibration/layouts/*.ini)\n", layout,
                      NULL);
}

gboolean
ts_calibration_save (const TsCalibration *cal, const char *path, GError **error)
{
  g_autofree char *text = ts_calibration_to_text (cal);
  GError *local = NULL;
  if (!g_file_set_contents (path, text, -1, &local)) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_IO, "%s", local->message);
    g_error_free (local);
    return FALSE;
  }
  return TRUE;
}

static TsCalibration *
calibration_from_keytext (const TsKeyText *kt, GError **error)
{
  if (!g_key_file_has_group (kt->kf, "calibration")) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE,
                 "%s: no [calibration] group: not a tablesight calibration file", kt->origin);
    return NULL;
  }
  double version = 0;
  if (!ts_keytext_get_double (kt, "calibration", "version", &version, error))
    return NULL;
  if (version != 1) {
    ts_keytext_error (kt, error, "calibration", "version",
                      "version %g is not one this tablesight reads (1)", version);
    return NULL;
  }
  g_autoptr (TsCalibration) cal = ts_calibration_new ();
  if (g_key_file_has_group (kt->kf, "intrinsics")) {
    TsIntrinsics in = { 0 };
    double w, h, views = 0;
    if (!ts_keytext_get_double (kt, "intrinsics", "image_width", &w, error) ||
        !ts_keytext_get_double (kt, "intrinsics", "image_height", &h, error) ||
        !ts_keytext_get_doubles (kt, "intrinsics", "camera_matrix", in.k, 9, error) ||
        !ts_keytext_get_doubles (kt, "intrinsics", "distortion", in.dist, 5, error))
      return NULL;
    if (w < 1 || h < 1) {
      ts_keytext_error (kt, error, "intrinsics", "image_width", "image size must be positive");
      return NULL;
    }
    if (in.k[0] <= 0 || in.k[4] <= 0 || in.k[8] != 1) {
      ts_keytext_error (kt, error, "intrinsics", "camera_matrix",
                        "not a camera matrix (fx, fy > 0 and last element 1)");
      return NULL;
    }
    if (g_key_file_has_key (kt->kf, "intrinsics", "rms_px", NULL) &&
        !ts_keytext_get_double (kt, "intrinsics", "rms_px", &in.rms_px, error))
      return NULL;
    if (g_key_file_has_key (kt->kf, "intrinsics", "views", NULL) &&
        !ts_keytext_get_double (kt, "intrinsics", "views", &views, error))
      return NULL;
    in.width = (int) w;
    in.height = (int) h;
    in.n_views = (int) views;
    ts_calibration_set_intrinsics (cal, &in);
  }
  if (g_key_file_has_group (kt->kf, "table")) {
    int ni = 0, nt = 0;
    g_autofree double *img = ts_keytext_get_points (kt, "table", "image_points", 4, &ni, error);
    if (img == NULL)
      return NULL;
    g_autofree double *tab = ts_keytext_get_points (kt, "table", "table_points", 4, &nt, error);
    if (tab == NULL)
      return NULL;
    if (ni != nt) {
      ts_keytext_error (kt, error, "table", "table_points",
                        "%d table points for %d image points", nt, ni);
      return NULL;
    }
    GError *local = NULL;
    if (!ts_calibration_set_table_points (cal, img, tab, ni, &local)) {
      ts_keytext_error (kt, error, "table", "image_points", "%s", local->message);
      g_error_free (local);
      return NULL;
    }
  }
  if (g_key_file_has_group (kt->kf, "layout")) {
    TsZoneLayout *layout = ts_zone_layout_parse (kt->text, kt->origin, error);
    if (layout == NULL)
      return NULL;
    ts_calibration_set_layout (cal, layout);
  }
  return g_steal_pointer (&cal);
}

TsCalibration *
ts_calibration_parse (const char *text, const char *origin, GError **error)
{
  g_autoptr (TsKeyText) kt = ts_keytext_parse (text, origin, error);
  return kt ? calibration_from_keytext (kt, error) : NULL;
}

TsCalibration *
ts_calibration_load (const char *path, GError **error)
{
  g_autoptr (TsKeyText) kt = ts_keytext_load (path, error);
  return kt ? calibration_from_keytext (kt, error) : NULL;
}

double *
ts_calibration_parse_points (const char *text, int *n_out, int *bad_index)
{
  return ts_points_parse (text, n_out, bad_index);
}
