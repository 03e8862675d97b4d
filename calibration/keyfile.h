/* keyfile.h — GKeyFile loading with errors that name the file and line (GKeyFile itself gives
 * no line numbers), shared by the layout and calibration readers. Internal to libtscalib. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A loaded key file with its text kept for finding lines. */
typedef struct {
  GKeyFile *kf;
  char *text;
  char *origin;   /* path or name used in messages */
} TsKeyText;

/* Parses text (origin names it in errors). Checks every line first: blank, comment (#),
 * [group] or key=value; a bad line is reported as "ORIGIN:LINE: ...". */
TsKeyText *ts_keytext_parse (const char *text, const char *origin, GError **error);
TsKeyText *ts_keytext_load (const char *path, GError **error);
void ts_keytext_free (TsKeyText *kt);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsKeyText, ts_keytext_free)

/* 1-based line of key in group (or of the group header when key is NULL); 0 if absent. */
guint ts_keytext_line (const TsKeyText *kt, const char *group, const char *key);

/* Sets a TS_CALIB_ERROR_PARSE error "ORIGIN:LINE: [group] key: <message>". */
void ts_keytext_error (const TsKeyText *kt, GError **error, const char *group, const char *key,
                       const char *format, ...) G_GNUC_PRINTF (5, 6);

/* Readers that set a located error on a missing or malformed value. */
gboolean ts_keytext_get_double (const TsKeyText *kt, const char *group, const char *key,
                                double *out, GError **error);
/* "a;b;c" exactly n numbers. */
gboolean ts_keytext_get_doubles (const TsKeyText *kt, const char *group, const char *key,
                                 double *out, int n, GError **error);
/* "x,y;x,y;..." at least min_points points; returns a new array of 2*n doubles. */
double *ts_keytext_get_points (const TsKeyText *kt, const char *group, const char *key,
                               int min_points, int *n_out, GError **error);

/* Formats points as "x,y;x,y" with %.3f. Free with g_free. */
char *ts_points_format (const double *xy, int n);
/* Parses "x,y;x,y;..."; NULL when malformed (bad_index receives the 1-based point). */
double *ts_points_parse (const char *text, int *n_out, int *bad_index);

G_END_DECLS
