/* calibration.h — a table's calibration: optional camera intrinsics, the table plane
 * (homography from image pixels to table millimetres) and the zone layout, saved together in
 * one readable GKeyFile; and placing a detected card on the table (position, angle, zone,
 * owner, tapped relative to its owner's seat).
 *
 * Frames: image pixels (x right, y down, as captured); table millimetres as in layout.h.
 * Ownership: TsCalibration is opaque (ts_calibration_free); it owns its layout. */
#pragma once

#include "calib-error.h"
#include "intrinsics.h"
#include "zone-layout.h"

G_BEGIN_DECLS

/* The table plane: h maps (undistorted) image pixels to table millimetres, inv back. */
typedef struct {
  double h[9];
  double inv[9];
} TsTablePlane;

/* From n >= 4 image points (pixels) and the table points (mm) they show. Fails
 * (TS_CALIB_ERROR_INVALID) when the points are degenerate. */
gboolean ts_table_plane_from_points (TsTablePlane *out, const double *image_px,
                                     const double *table_mm, int n, GError **error);
void ts_table_plane_to_mm (const TsTablePlane *plane, double x_px, double y_px, double *x_mm,
                           double *y_mm);
void ts_table_plane_to_px (const TsTablePlane *plane, double x_mm, double y_mm, double *x_px,
                           double *y_px);

typedef struct _TsCalibration TsCalibration;

/* An empty calibration: no intrinsics, identity plane (1 "mm" per pixel), no layout. */
TsCalibration *ts_calibration_new (void);
void ts_calibration_free (TsCalibration *cal);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsCalibration, ts_calibration_free)

/* Loads a file written by ts_calibration_save. Every problem is a TS_CALIB_ERROR naming the
 * file and line. */
TsCalibration *ts_calibration_load (const char *path, GError **error);
TsCalibration *ts_calibration_parse (const char *text, const char *origin, GError **error);
/* Writes atomically (a half-written file never replaces a good one). */
gboolean ts_calibration_save (const TsCalibration *cal, const char *path, GError **error);
char *ts_calibration_to_text (const TsCalibration *cal);

/* Intrinsics: NULL to drop them. Copied. */
void ts_calibration_set_intrinsics (TsCalibration *cal, const TsIntrinsics *intr);
const TsIntrinsics *ts_calibration_get_intrinsics (const TsCalibration *cal);
/* Takes ownership of layout (NULL to drop it). */
void ts_calibration_set_layout (TsCalibration *cal, TsZoneLayout *layout);
const TsZoneLayout *ts_calibration_get_layout (const TsCalibration *cal);
/* Sets the table plane from n image points (raw pixels, as marked on a captured frame) of
 * the given table points (mm). With intrinsics set, the points are undistorted first. */
gboolean ts_calibration_set_table_points (TsCalibration *cal, const double *image_px,
                                          const double *table_mm, int n, GError **error);
gboolean ts_calibration_has_table (const TsCalibration *cal);
/* Without a table plane but with a layout: takes a width x height picture's corners for the
 * layout table's corners (the camera frames exactly the table). Does nothing otherwise. */
void ts_calibration_fit_image (TsCalibration *cal, int width, int height);
const TsTablePlane *ts_calibration_get_plane (const TsCalibration *cal);

/* The share (0..1) of zone i's area on the table (ts_zone_layout_get_zone()) that a
 * width x height camera picture shows, measured in table mm: below 1, cards lying in the
 * part out of view are cut by the picture's border or unseen, so the camera wants moving.
 * The zone is mapped by the table plane into undistorted pixels; with intrinsics the
 * picture's own border bends a little outward from that rectangle. 1 when the calibration
 * has no layout or i is not one of its zones. */
double ts_calibration_zone_in_view (const TsCalibration *cal, int i, int width, int height);

/* For people: the zones a width x height picture shows less than 98 % of, as
 * "South graveyard 64 %, North hand 95 %" (a new string, g_free), or NULL when it shows them
 * all. */
char *ts_calibration_describe_out_of_view (const TsCalibration *cal, int width, int height);

/* Raw image pixel -> table mm (undistorting first when intrinsics are known). */
void ts_calibration_image_to_table (const TsCalibration *cal, double x_px, double y_px,
                                    double *x_mm, double *y_mm);

/* Parses points typed as "x,y;x,y;..." (a new array of 2 * n_out doubles); NULL when one is
 * malformed (bad_index receives its 1-based number). */
double *ts_calibration_parse_points (const char *text, int *n_out, int *bad_index);

/* Where a card lies on the table. */
typedef struct {
  double center[2];     /* table mm (image pixels when the calibration has no table) */
  double angle_deg;     /* card's top direction, clockwise from table-up, [0, 360) */
  double rel_angle_deg; /* the same relative to its owner's seat (0 = upright for them) */
  double size[2];       /* card width and height along its own axes, table mm */
  TsAreaKind area;      /* TS_AREA_BATTLEFIELD when there is no layout */
  int owner;            /* seat index; 0 when there is no layout; -1 outside every zone */
  gboolean tapped;      /* turned a quarter turn (either way, +-45 degrees) from its owner's
                         * upright */
} TsPlacement;

/* Places a card from its outline quad (image pixels, the card's top-left corner first, then
 * clockwise). When is_title is TRUE the quad is the name line only; the card's centre is
 * taken 38 mm below the title's centre along the card. */
void ts_calibration_place (const TsCalibration *cal, const double quad_px[4][2],
                           gboolean is_title, TsPlacement *out);

G_END_DECLS
