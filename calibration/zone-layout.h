/* zone-layout.h — zone layouts: where each player sits (which way their cards face) and their
 * battlefield, hand, library, graveyard and exile areas, as polygons in table millimetres.
 *
 * Table frame: millimetres, origin at the table's top-left as the camera sees it, x right,
 * y down. Angles are degrees clockwise from "table up" (-y), in [0, 360). A seat's facing is
 * the angle of an upright card of that player: 0 for the player at the bottom edge, 90 at
 * the left edge, 180 at the top, 270 at the right.
 *
 * Layout files are GKeyFiles (see calibration/layouts/two-player.ini); every error names the
 * file and line. Ownership: TsZoneLayout is opaque, freed with ts_zone_layout_free(); strings returned
 * by getters belong to the layout. */
#pragma once

#include "calib-error.h"

G_BEGIN_DECLS

typedef enum {
  TS_AREA_NONE,         /* outside every zone */
  TS_AREA_BATTLEFIELD,
  TS_AREA_HAND,
  TS_AREA_LIBRARY,
  TS_AREA_GRAVEYARD,
  TS_AREA_EXILE,
  TS_AREA_N,
} TsAreaKind;

/* "battlefield", "hand", ... (the key names in layout files); NULL for TS_AREA_NONE. */
const char *ts_area_kind_name (TsAreaKind kind);
/* Library, graveyard and exile hold stacks: a card covered by the next one has not left. */
gboolean ts_area_kind_is_pile (TsAreaKind kind);

typedef struct _TsLayout TsZoneLayout;

TsZoneLayout *ts_zone_layout_load (const char *path, GError **error);
/* From text already in memory; origin names it in errors. */
TsZoneLayout *ts_zone_layout_parse (const char *text, const char *origin, GError **error);
/* A shipped layout by name ("two-player", "four-player"), or a path to a .ini file. Shipped
 * layouts are looked for in $TS_LAYOUT_DIR, the source tree and the installed data folder. */
TsZoneLayout *ts_zone_layout_load_named (const char *name_or_path, GError **error);
/* Names of the shipped layouts found (free with g_strfreev). */
char **ts_zone_layout_list_shipped (void);
void ts_zone_layout_free (TsZoneLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsZoneLayout, ts_zone_layout_free)

/* The layout as GKeyFile text (the file format); free with g_free. */
char *ts_zone_layout_to_text (const TsZoneLayout *layout);

const char *ts_zone_layout_get_name (const TsZoneLayout *layout);
/* One line for people; "" when the file has none. */
const char *ts_zone_layout_get_description (const TsZoneLayout *layout);
double ts_zone_layout_get_width_mm (const TsZoneLayout *layout);
double ts_zone_layout_get_height_mm (const TsZoneLayout *layout);
int ts_zone_layout_get_n_players (const TsZoneLayout *layout);
const char *ts_zone_layout_get_player_name (const TsZoneLayout *layout, int player);
double ts_zone_layout_get_facing_deg (const TsZoneLayout *layout, int player);
/* The table points (mm) that calibration marks in the image, in order, and their
 * descriptions ("top-left corner of the table"); n_out receives the count (>= 4). */
const double *ts_zone_layout_get_marks (const TsZoneLayout *layout, int *n_out);
const char *ts_zone_layout_get_mark_label (const TsZoneLayout *layout, int index);

/* The zones, for drawing and listing: polygon i's vertices (2 * n_out doubles, table mm). */
int ts_zone_layout_get_n_zones (const TsZoneLayout *layout);
const double *ts_zone_layout_get_zone (const TsZoneLayout *layout, int i, TsAreaKind *out_kind,
                                       int *out_player, int *n_out);

/* The area of a polygon of n points (x, y pairs, either way round): table mm^2 for a
 * zone's. */
double ts_zone_polygon_area (const double *xy, int n);

/* Which zone (and whose) the table point (x_mm, y_mm) lies in. Returns TS_AREA_NONE and
 * player -1 outside every zone. */
TsAreaKind ts_zone_layout_locate (const TsZoneLayout *layout, double x_mm, double y_mm, int *out_player);

/* The same, but a point outside every zone goes to the nearest zone within max_mm. */
TsAreaKind ts_zone_layout_locate_near (const TsZoneLayout *layout, double x_mm, double y_mm,
                                       double max_mm, int *out_player);

/* The card's angle relative to player's seat (0 = upright for them), in [0, 360). */
double ts_zone_layout_relative_angle (const TsZoneLayout *layout, int player, double table_angle_deg);

G_END_DECLS
