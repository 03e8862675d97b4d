/* zone-layout.c — zone layouts from GKeyFiles: seats, facing, zone polygons, point location. */
#include "ts-config.h"
#include "zone-layout.h"
#include "keyfile.h"

#include <math.h>
#include <string.h>

typedef struct {
  TsAreaKind kind;
  int player;
  double *xy;   /* polygon vertices, table mm */
  int n;
} Zone;

typedef struct {
  char *name;
  double facing_deg;
} Seat;

struct _TsLayout {
  char *name;
  char *description;
  double width_mm, height_mm;
  GArray *seats;   /* Seat */
  GArray *zones;   /* Zone */
  double *marks;   /* 2 * n_marks */
  int n_marks;
  GPtrArray *mark_labels;
};

static const char *const area_names[TS_AREA_N] = {
  NULL, "battlefield", "hand", "library", "graveyard", "exile",
};

const char *
ts_area_kind_name (TsAreaKind kind)
{
  return kind > TS_AREA_NONE && kind < TS_AREA_N ? area_names[kind] : NULL;
}

gboolean
ts_area_kind_is_pile (TsAreaKind kind)
{
  return kind == TS_AREA_LIBRARY || kind == TS_AREA_GRAVEYARD || kind == TS_AREA_EXILE;
}

void
ts_zone_layout_free (TsZoneLayout *layout)
{
  if (layout == NULL)
    return;
  g_free (layout->name);
  g_free (layout->description);
  for (guint i = 0; layout->seats && i < layout->seats->len; i++)
    g_free (g_array_index (layout->seats, Seat, i).name);
  for (guint i = 0; layout->zones && i < layout->zones->len; i++)
    g_free (g_array_index (layout->zones, Zone, i).xy);
  g_clear_pointer (&layout->seats, g_array_unref);
  g_clear_pointer (&layout->zones, g_array_unref);
  g_clear_pointer (&layout->mark_labels, g_ptr_array_unref);
  g_free (layout->marks);
  g_free (layout);
}

double
ts_zone_polygon_area (const double *xy, int n)
{
  double a = 0;
  for (int i = 0; i < n; i++) {
    int j = (i + 1) % n;
    a += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
  }
  return fabs (a) / 2;
}

static TsZoneLayout *
layout_from_keytext (const TsKeyText *kt, GError **error)
{
  g_auto (GStrv) labels = NULL;
  TsZoneLayout *l = g_new0 (TsZoneLayout, 1);
  l->seats = g_array_new (FALSE, TRUE, sizeof (Seat));
  l->zones = g_array_new (FALSE, TRUE, sizeof (Zone));
  l->mark_labels = g_ptr_array_new_with_free_func (g_free);

  if (!g_key_file_has_group (kt->kf, "layout")) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE,
                 "%s: no [layout] group: not a zone layout file", kt->origin);
    goto fail;
  }
  l->name = g_key_file_get_string (kt->kf, "layout", "name", NULL);
  if (l->name == NULL) {
    ts_keytext_error (kt, error, "layout", "name", "missing");
    goto fail;
  }
  l->description = g_key_file_get_string (kt->kf, "layout", "description", NULL);
  if (!ts_keytext_get_double (kt, "layout", "table_width_mm", &l->width_mm, error) ||
      !ts_keytext_get_double (kt, "layout", "table_height_mm", &l->height_mm, error))
    goto fail;
  if (l->width_mm <= 0 || l->height_mm <= 0) {
    ts_keytext_error (kt, error, "layout", "table_width_mm", "the table size must be positive");
    goto fail;
  }
  l->marks = ts_keytext_get_points (kt, "layout", "marks", 4, &l->n_marks, error);
  if (l->marks == NULL)
    goto fail;
  labels = g_key_file_get_string_list (kt->kf, "layout", "mark_labels", NULL,
                                                      NULL);
  for (int i = 0; i < l->n_marks; i++)
    g_ptr_array_add (l->mark_labels,
                     labels && i < (int) g_strv_length (labels)
                       ? g_strstrip (g_strdup (labels[i]))
                       : g_strdup_printf ("mark %d", i + 1));

  double players_d = 0;
  if (!ts_keytext_get_double (kt, "layout", "players", &players_d, error))
    goto fail;
  int players = (int) players_d;
  if (players < 1 || players > 6 || players != players_d) {
    ts_keytext_error (kt, error, "layout", "players", "must be a whole number from 1 to 6");
    goto fail;
  }
  for (int p = 0; p < players; p++) {
    g_autofree char *group = g_strdup_printf ("player %d", p + 1);
    if (!g_key_file_has_group (kt->kf, group)) {
      g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE,
                   "%s: players=%d but there is no [%s] group", kt->origin, players, group);
      goto fail;
    }
    Seat seat = { 0 };
    if (!ts_keytext_get_double (kt, group, "facing_deg", &seat.facing_deg, error))
      goto fail;
    seat.facing_deg = fmod (fmod (seat.facing_deg, 360) + 360, 360);
    seat.name = g_key_file_get_string (kt->kf, group, "name", NULL);
    if (seat.name == NULL)
      seat.name = g_strdup_printf ("Player %d", p + 1);
    g_array_append_val (l->seats, seat);
    int found = 0;
    for (int k = TS_AREA_BATTLEFIELD; k < TS_AREA_N; k++) {
      if (!g_key_file_has_key (kt->kf, group, area_names[k], NULL))
        continue;
      Zone z = { .kind = k, .player = p };
      z.xy = ts_keytext_get_points (kt, group, area_names[k], 3, &z.n, error);
      if (z.xy == NULL)
        goto fail;
      if (ts_zone_polygon_area (z.xy, z.n) < 1e-6) {  /* degenerate */
        ts_keytext_error (kt, error, group, area_names[k], "the polygon has no area");
        g_free (z.xy);
        goto fail;
      }
      g_array_append_val (l->zones, z);
      found++;
    }
    if (!g_key_file_has_key (kt->kf, group, "battlefield", NULL)) {
      ts_keytext_error (kt, error, group, NULL, "needs at least a battlefield polygon");
      goto fail;
    }
    (void) found;
  }
  return l;

fail:
  ts_zone_layout_free (l);
  return NULL;
}

TsZoneLayout *
ts_zone_layout_parse (const char *text, const char *origin, GError **error)
{
  g_autoptr (TsKeyText) kt = ts_keytext_parse (text, origin, error);
  return kt ? layout_from_keytext (kt, error) : NULL;
}

TsZoneLayout *
ts_zone_layout_load (const char *path, GError **error)
{
  g_autoptr (TsKeyText) kt = ts_keytext_load (path, error);
  return kt ? layout_from_keytext (kt, error) : NULL;
}

static GPtrArray *
layout_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *env = g_getenv ("TS_LAYOUT_DIR");
  if (env)
    g_ptr_array_add (dirs, g_strdup (env));
  g_ptr_array_add (dirs, g_build_filename (TS_SOURCE_DIR, "calibration", "layouts", NULL));
  g_ptr_array_add (dirs, g_build_filename (TS_DATADIR, "layouts", NULL));
  return dirs;
}

TsZoneLayout *
ts_zone_layout_load_named (const char *name_or_path, GError **error)
{
  if (strchr (name_or_path, '/') || g_str_has_suffix (name_or_path, ".ini"))
    return ts_zone_layout_load (name_or_path, error);
  g_autoptr (GPtrArray) dirs = layout_dirs ();
  for (guint i = 0; i < dirs->len; i++) {
    g_autofree char *file = g_strdup_printf ("%s.ini", name_or_path);
    g_autofree char *path = g_build_filename (dirs->pdata[i], file, NULL);
    if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
      return ts_zone_layout_load (path, error);
  }
  g_autofree char *known = g_strjoinv (", ", ts_zone_layout_list_shipped ());
  g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_NOT_FOUND,
               "no layout called '%s' (shipped: %s; or give a path to a .ini file)",
               name_or_path, *known ? known : "none found");
  return NULL;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char **
ts_zone_layout_list_shipped (void)
{
  g_autoptr (GPtrArray) dirs = layout_dirs ();
  GPtrArray *names = g_ptr_array_new ();
  for (guint i = 0; i < dirs->len; i++) {
    g_autoptr (GDir) d = g_dir_open (dirs->pdata[i], 0, NULL);
    const char *n;
    while (d && (n = g_dir_read_name (d)) != NULL) {
      if (!g_str_has_suffix (n, ".ini"))
        continue;
      char *base = g_strndup (n, strlen (n) - 4);
      gboolean dup = FALSE;
      for (guint j = 0; j < names->len; j++)
        dup |= strcmp (names->pdata[j], base) == 0;
      if (dup)
        g_free (base);
      else
        g_ptr_array_add (names, base);
    }
  }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

char *
ts_zone_layout_to_text (const TsZoneLayout *l)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_key_file_set_string (kf, "layout", "name", l->name);
  if (l->description)
    g_key_file_set_string (kf, "layout", "description", l->description);
  g_key_file_set_double (kf, "layout", "table_width_mm", l->width_mm);
  g_key_file_set_double (kf, "layout", "table_height_mm", l->height_mm);
  g_key_file_set_integer (kf, "layout", "players", (int) l->seats->len);
  g_autofree char *marks = ts_points_format (l->marks, l->n_marks);
  g_key_file_set_string (kf, "layout", "marks", marks);
  g_key_file_set_string_list (kf, "layout", "mark_labels",
                              (const char *const *) l->mark_labels->pdata,
                              l->mark_labels->len);
  for (guint p = 0; p < l->seats->len; p++) {
    g_autofree char *group = g_strdup_printf ("player %u", p + 1);
    const Seat *s = &g_array_index (l->seats, Seat, p);
    g_key_file_set_string (kf, group, "name", s->name);
    g_key_file_set_double (kf, group, "facing_deg", s->facing_deg);
    for (guint i = 0; i < l->zones->len; i++) {
      const Zone *z = &g_array_index (l->zones, Zone, i);
      if (z->player != (int) p)
        continue;
      g_autofree char *pts = ts_points_format (z->xy, z->n);
      g_key_file_set_string (kf, group, area_names[z->kind], pts);
    }
  }
  return g_key_file_to_data (kf, NULL, NULL);
}

const char *
ts_zone_layout_get_name (const TsZoneLayout *layout)
{
  return layout->name;
}

const char *
ts_zone_layout_get_description (const TsZoneLayout *layout)
{
  return layout->description ? layout->description : "";
}

double
ts_zone_layout_get_width_mm (const TsZoneLayout *layout)
{
  return layout->width_mm;
}

double
ts_zone_layout_get_height_mm (const TsZoneLayout *layout)
{
  return layout->height_mm;
}

int
ts_zone_layout_get_n_players (const TsZoneLayout *layout)
{
  return (int) layout->seats->len;
}

const char *
ts_zone_layout_get_player_name (const TsZoneLayout *layout, int player)
{
  g_return_val_if_fail (player >= 0 && player < (int) layout->seats->len, NULL);
  return g_array_index (layout->seats, Seat, player).name;
}

double
ts_zone_layout_get_facing_deg (const TsZoneLayout *layout, int player)
{
  if (player < 0 || player >= (int) layout->seats->len)
    return 0;
  return g_array_index (layout->seats, Seat, player).facing_deg;
}

const double *
ts_zone_layout_get_marks (const TsZoneLayout *layout, int *n_out)
{
  *n_out = layout->n_marks;
  return layout->marks;
}

const char *
ts_zone_layout_get_mark_label (const TsZoneLayout *layout, int index)
{
  g_return_val_if_fail (index >= 0 && index < layout->n_marks, NULL);
  return layout->mark_labels->pdata[index];
}

static gboolean
point_in_polygon (const double *xy, int n, double x, double y)
{
  gboolean in = FALSE;
  for (int i = 0, j = n - 1; i < n; j = i++) {
    double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
    if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi)
      in = !in;
  }
  return in;
}

TsAreaKind
ts_zone_layout_locate (const TsZoneLayout *layout, double x_mm, double y_mm, int *out_player)
{
  for (guint i = 0; i < layout->zones->len; i++) {
    const Zone *z = &g_array_index (layout->zones, Zone, i);
    if (point_in_polygon (z->xy, z->n, x_mm, y_mm)) {
      if (out_player)
        *out_player = z->player;
      return z->kind;
    }
  }
  if (out_player)
    *out_player = -1;
  return TS_AREA_NONE;
}

double
ts_zone_layout_relative_angle (const TsZoneLayout *layout, int player, double table_angle_deg)
{
  double a = table_angle_deg - ts_zone_layout_get_facing_deg (layout, player);
  return fmod (fmod (a, 360) + 360, 360);
}

int
ts_zone_layout_get_n_zones (const TsZoneLayout *layout)
{
  return (int) layout->zones->len;
}

const double *
ts_zone_layout_get_zone (const TsZoneLayout *layout, int i, TsAreaKind *out_kind,
                         int *out_player, int *n_out)
{
  g_return_val_if_fail (i >= 0 && i < (int) layout->zones->len, NULL);
  const Zone *z = &g_array_index (layout->zones, Zone, i);
  if (out_kind)
    *out_kind = z->kind;
  if (out_player)
    *out_player = z->player;
  *n_out = z->n;
  return z->xy;
}

static double
segment_distance (double px, double py, double ax, double ay, double bx, double by)
{
  double dx = bx - ax, dy = by - ay;
  double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = CLAMP (t, 0, 1);
  return hypot (px - (ax + t * dx), py - (ay + t * dy));
}

TsAreaKind
ts_zone_layout_locate_near (const TsZoneLayout *layout, double x_mm, double y_mm, double max_mm,
                            int *out_player)
{
  TsAreaKind kind = ts_zone_layout_locate (layout, x_mm, y_mm, out_player);
  if (kind != TS_AREA_NONE)
    return kind;
  double best = max_mm;
  for (guint i = 0; i < layout->zones->len; i++) {
    const Zone *z = &g_array_index (layout->zones, Zone, i);
    for (int k = 0; k < z->n; k++) {
      int j = (k + 1) % z->n;
      double d = segment_distance (x_mm, y_mm, z->xy[2 * k], z->xy[2 * k + 1], z->xy[2 * j],
                                   z->xy[2 * j + 1]);
      if (d < best) {
        best = d;
        kind = z->kind;
        if (out_player)
          *out_player = z->player;
      }
    }
  }
  return kind;
}
