/* keyfile.c — GKeyFile with line-numbered errors for calibration and layout files. */
#include "keyfile.h"
#include "calib-error.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK (ts-calib-error-quark, ts_calib_error)

void
ts_keytext_free (TsKeyText *kt)
{
  if (kt == NULL)
    return;
  if (kt->kf)
    g_key_file_unref (kt->kf);
  g_free (kt->text);
  g_free (kt->origin);
  g_free (kt);
}

TsKeyText *
ts_keytext_parse (const char *text, const char *origin, GError **error)
{
  if (!g_utf8_validate (text, -1, NULL)) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE, "%s: not UTF-8 text", origin);
    return NULL;
  }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean in_group = FALSE;
  for (guint i = 0; lines[i] != NULL; i++) {
    g_autofree char *line = g_strstrip (g_strdup (lines[i]));
    if (*line == '\0' || *line == '#')
      continue;
    if (*line == '[') {
      if (line[strlen (line) - 1] != ']' || strlen (line) < 3) {
        g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE,
                     "%s:%u: a group header must look like [name]: %s", origin, i + 1, line);
        return NULL;
      }
      in_group = TRUE;
      continue;
    }
    const char *eq = strchr (line, '=');
    if (eq == NULL || eq == line) {
      g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE,
                   "%s:%u: expected 'key=value', a [group] or a # comment: %s", origin, i + 1,
                   line);
      return NULL;
    }
    if (!in_group) {
      g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE,
                   "%s:%u: key outside any [group]: %s", origin, i + 1, line);
      return NULL;
    }
  }
  TsKeyText *kt = g_new0 (TsKeyText, 1);
  kt->kf = g_key_file_new ();
  kt->text = g_strdup (text);
  kt->origin = g_strdup (origin);
  GError *local = NULL;
  if (!g_key_file_load_from_data (kt->kf, text, (gsize) -1, G_KEY_FILE_KEEP_COMMENTS, &local)) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE, "%s: %s", origin, local->message);
    g_error_free (local);
    ts_keytext_free (kt);
    return NULL;
  }
  return kt;
}

TsKeyText *
ts_keytext_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  GError *local = NULL;
  if (!g_file_get_contents (path, &text, NULL, &local)) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_IO, "%s", local->message);
    g_error_free (local);
    return NULL;
  }
  return ts_keytext_parse (text, path, error);
}

guint
ts_keytext_line (const TsKeyText *kt, const char *group, const char *key)
{
  g_auto (GStrv) lines = g_strsplit (kt->text, "\n", -1);
  gboolean in = FALSE;
  guint group_line = 0;
  for (guint i = 0; lines[i] != NULL; i++) {
    g_autofree char *line = g_strstrip (g_strdup (lines[i]));
    if (*line == '[') {
      g_autofree char *name = g_strndup (line + 1, strlen (line) >= 2 ? strlen (line) - 2 : 0);
      in = strcmp (name, group) == 0;
      if (in && group_line == 0)
        group_line = i + 1;
      continue;
    }
    if (!in || key == NULL)
      continue;
    const char *eq = strchr (line, '=');
    if (eq == NULL)
      continue;
    g_autofree char *k = g_strstrip (g_strndup (line, (gsize) (eq - line)));
    if (strcmp (k, key) == 0)
      return i + 1;
  }
  return group_line;
}

void
ts_keytext_error (const TsKeyText *kt, GError **error, const char *group, const char *key,
                  const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  guint line = ts_keytext_line (kt, group, key);
  g_autofree char *where = line ? g_strdup_printf ("%s:%u", kt->origin, line)
                                : g_strdup (kt->origin);
  if (key)
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE, "%s: [%s] %s: %s", where, group,
                 key, msg);
  else
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_PARSE, "%s: [%s]: %s", where, group, msg);
}

static char *
get_value (const TsKeyText *kt, const char *group, const char *key, GError **error)
{
  char *v = g_key_file_get_value (kt->kf, group, key, NULL);
  if (v == NULL)
    ts_keytext_error (kt, error, group, key, "missing");
  return v;
}

static gboolean
parse_double (const char *s, double *out)
{
  g_autofree char *t = g_strstrip (g_strdup (s));
  char *end = NULL;
  *out = g_ascii_strtod (t, &end);
  return end != t && *end == '\0' && isfinite (*out);
}

gboolean
ts_keytext_get_double (const TsKeyText *kt, const char *group, const char *key, double *out,
                       GError **error)
{
  g_autofree char *v = get_value (kt, group, key, error);
  if (v == NULL)
    return FALSE;
  if (!parse_double (v, out)) {
    ts_keytext_error (kt, error, group, key, "'%s' is not a number", v);
    return FALSE;
  }
  return TRUE;
}

gboolean
ts_keytext_get_doubles (const TsKeyText *kt, const char *group, const char *key, double *out,
                        int n, GError **error)
{
  g_autofree char *v = get_value (kt, group, key, error);
  if (v == NULL)
    return FALSE;
  g_auto (GStrv) parts = g_strsplit (v, ";", -1);
  if ((int) g_strv_length (parts) != n) {
    ts_keytext_error (kt, error, group, key, "expected %d numbers separated by ';', found %u",
                      n, g_strv_length (parts));
    return FALSE;
  }
  for (int i = 0; i < n; i++)
    if (!parse_double (parts[i], &out[i])) {
      ts_keytext_error (kt, error, group, key, "number %d ('%s') is not a number", i + 1,
                        parts[i]);
      return FALSE;
    }
  return TRUE;
}

double *
ts_points_parse (const char *text, int *n_out, int *bad_index)
{
  g_auto (GStrv) parts = g_strsplit (text, ";", -1);
  int n = 0;
  for (int i = 0; parts[i]; i++)
    if (*g_strstrip (parts[i]) != '\0')
      n++;
  double *xy = g_new0 (double, 2 * (gsize) MAX (n, 1));
  int k = 0;
  for (int i = 0; parts[i]; i++) {
    if (*parts[i] == '\0')
      continue;
    g_auto (GStrv) c = g_strsplit (parts[i], ",", -1);
    if (g_strv_length (c) != 2 || !parse_double (c[0], &xy[2 * k]) ||
        !parse_double (c[1], &xy[2 * k + 1])) {
      if (bad_index)
        *bad_index = k + 1;
      g_free (xy);
      return NULL;
    }
    k++;
  }
  *n_out = n;
  return xy;
}

double *
ts_keytext_get_points (const TsKeyText *kt, const char *group, const char *key, int min_points,
                       int *n_out, GError **error)
{
  g_autofree char *v = get_value (kt, group, key, error);
  if (v == NULL)
    return NULL;
  int n = 0, bad = 0;
  double *xy = ts_points_parse (v, &n, &bad);
  if (xy == NULL) {
    ts_keytext_error (kt, error, group, key, "point %d is not 'x,y' (millimetres or pixels)",
                      bad);
    return NULL;
  }
  if (n < min_points) {
    ts_keytext_error (kt, error, group, key, "needs at least %d points 'x,y;x,y;...', found %d",
                      min_points, n);
    g_free (xy);
    return NULL;
  }
  *n_out = n;
  return xy;
}

char *
ts_points_format (const double *xy, int n)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < n; i++) {
    char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
    g_ascii_formatd (a, sizeof a, "%.3f", xy[2 * i]);
    g_ascii_formatd (b, sizeof b, "%.3f", xy[2 * i + 1]);
    g_string_append_printf (s, "%s%s,%s", i ? ";" : "", a, b);
  }
  return g_string_free (s, FALSE);
}
