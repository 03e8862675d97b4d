/* import.c — streaming Scryfall-format JSON into the card database, one card object at a time,
 * so a 150 MB bulk file never sits in memory as a tree. */
#include "carddb-private.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <yajl/yajl_parse.h>

/* Deeper nesting than any card object needs is treated as malformed rather than followed. */
#define MAX_DEPTH 32
/* Problems beyond this many are counted but not listed. */
#define MAX_PROBLEMS 1000

typedef struct {
  TsCardDb *db;
  TsImportReport *report;
  yajl_handle h;
  JsonBuilder *builder;   /* non-NULL while inside an array element that is an object */
  int depth;              /* 0 outside the top array, 1 between its elements */
  gboolean top_seen;      /* the top-level array has begun */
  gboolean top_done;      /* ... and ended */
  gboolean skipping;      /* inside an element that is being left out */
  gboolean recovering;    /* after a syntax error: waiting for a line that starts a card */
  gboolean ignoring;      /* inside the value of a card field tablesight does not use */
  guint64 line_offset;    /* byte offset of the text being fed (a line or a piece of one) */
  gboolean at_line_start; /* the next text fed begins a line */
  guint line;             /* 1-based number of that line */
  guint64 elem_offset;    /* where the current element began */
  guint elem_line;
  guint64 error_offset;   /* where a callback gave up, and why */
  char *cancel_reason;
  GError *fatal;          /* not a card file at all */
} Loader;

static void
add_problem (Loader *l, guint line, guint64 offset, const char *what)
{
  if (l->report == NULL)
    return;
  if (l->report->problems == NULL)
    l->report->problems = g_ptr_array_new_with_free_func (g_free);
  if (l->report->problems->len < MAX_PROBLEMS)
    g_ptr_array_add (l->report->problems,
                     g_strdup_printf ("line %u, byte %" G_GUINT64_FORMAT ": %s", line, offset, what));
  else if (l->report->problems->len == MAX_PROBLEMS)
    g_ptr_array_add (l->report->problems, g_strdup ("... further problems not listed"));
}

static guint64
here (Loader *l)
{
  return l->line_offset + yajl_get_bytes_consumed (l->h);
}

static int
cancel (Loader *l, const char *why)
{
  g_free (l->cancel_reason);
  l->cancel_reason = g_strdup (why);
  l->error_offset = here (l);
  return 0;
}

/* A value begins at depth 1: it is a new element of the card array. */
static void
begin_element (Loader *l)
{
  l->elem_offset = here (l) - 1;
  l->elem_line = l->line;
}

static void
finish_element (Loader *l)
{
  g_autoptr (JsonNode) root = json_builder_get_root (l->builder);
  g_clear_object (&l->builder);
  g_autofree char *problem = NULL;
  TsAddResult result = TS_ADD_NEW;
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)) {
    problem = g_strdup ("entry is not an object");
  } else if (ts_carddb_add_json (l->db, json_node_get_object (root), &result, &problem)) {
    if (result == TS_ADD_DUPLICATE) {
      const char *name = json_object_get_string_member_with_default (json_node_get_object (root),
                                                                     "name", "");
      g_autofree char *what = g_strdup_printf ("duplicate card \"%s\" left out", name);
      add_problem (l, l->elem_line, l->elem_offset, what);
      if (l->report != NULL)
        l->report->n_skipped++;
    } else if (result == TS_ADD_MERGED && l->report != NULL) {
      l->report->n_merged++;
    }
    return;
  }
  g_autofree char *what = g_strdup_printf ("%s; entry skipped", problem);
  add_problem (l, l->elem_line, l->elem_offset, what);
  if (l->report != NULL)
    l->report->n_skipped++;
}

static void
skip_scalar_element (Loader *l)
{
  add_problem (l, l->line, here (l), "entry is not an object; entry skipped");
  if (l->report != NULL)
    l->report->n_skipped++;
}

/* Fields of a card object that the card database reads; the values of all others (oracle
 * text, image links, prices, legalities, ...) are skipped without being built. */
static const char *const known_fields[] = {
  "object", "name", "layout", "mana_cost", "cmc", "type_line", "power", "toughness", "loyalty",
  "defense", "printed_type", "colors", "keywords", "card_faces", "printings", "digital_only",
  "joke_set_only", "set", "collector_number", "rarity", "released_at",
};

static gboolean
known_field (const unsigned char *s, size_t len)
{
  for (gsize i = 0; i < G_N_ELEMENTS (known_fields); i++)
    if (strlen (known_fields[i]) == len && memcmp (known_fields[i], s, len) == 0)
      return TRUE;
  return FALSE;
}

/* A scalar inside a skipped value; the skipped value ends when it was the value itself. */
static gboolean
ignore_scalar (Loader *l)
{
  if (!l->ignoring)
    return FALSE;
  if (l->depth == 2)
    l->ignoring = FALSE;
  return TRUE;
}

/* Where a scalar goes: the card being assembled, or NULL when it is ignored, is a whole
 * element of the top-level array (skipped), or stands at the top level (*ret then cancels). */
static JsonBuilder *
scalar_target (Loader *l, int *ret)
{
  *ret = 1;
  if (ignore_scalar (l))
    return NULL;
  if (l->depth == 1) {
    skip_scalar_element (l);
    return NULL;
  }
  if (l->depth <= 0) {
    *ret = cancel (l, "not a JSON array of cards");
    return NULL;
  }
  return l->builder;
}

static int
on_null (void *ctx)
{
  int ret;
  JsonBuilder *b = scalar_target (ctx, &ret);
  if (b != NULL)
    json_builder_add_null_value (b);
  return ret;
}

static int
on_boolean (void *ctx, int value)
{
  int ret;
  JsonBuilder *b = scalar_target (ctx, &ret);
  if (b != NULL)
    json_builder_add_boolean_value (b, value);
  return ret;
}

static int
on_integer (void *ctx, long long value)
{
  int ret;
  JsonBuilder *b = scalar_target (ctx, &ret);
  if (b != NULL)
    json_builder_add_int_value (b, value);
  return ret;
}

static int
on_double (void *ctx, double value)
{
  int ret;
  JsonBuilder *b = scalar_target (ctx, &ret);
  if (b != NULL)
    json_builder_add_double_value (b, value);
  return ret;
}

static int
on_string (void *ctx, const unsigned char *s, size_t len)
{
  int ret;
  JsonBuilder *b = scalar_target (ctx, &ret);
  if (b != NULL) {
    g_autofree char *v = g_strndup ((const char *) s, len);
    json_builder_add_string_value (b, v);
  }
  return ret;
}

static int
on_map_key (void *ctx, const unsigned char *s, size_t len)
{
  Loader *l = ctx;
  if (l->ignoring)
    return 1;
  if (l->depth == 2 && !known_field (s, len)) {
    l->ignoring = TRUE;
    return 1;
  }
  if (l->builder != NULL) {
    g_autofree char *k = g_strndup ((const char *) s, len);
    json_builder_set_member_name (l->builder, k);
  }
  return 1;
}

static int
on_start_map (void *ctx)
{
  Loader *l = ctx;
  if (l->ignoring) {
    if (l->depth >= MAX_DEPTH)
      return cancel (l, "nesting too deep");
    l->depth++;
    return 1;
  }
  if (l->depth == 0)
    return cancel (l, "not a JSON array of cards (the top level is an object)");
  if (l->depth >= MAX_DEPTH)
    return cancel (l, "nesting too deep");
  if (l->depth == 1) {
    begin_element (l);
    l->builder = json_builder_new ();
  }
  l->depth++;
  if (l->builder != NULL)
    json_builder_begin_object (l->builder);
  return 1;
}

static int
on_end_map (void *ctx)
{
  Loader *l = ctx;
  l->depth--;
  if (l->ignoring) {
    if (l->depth == 2)
      l->ignoring = FALSE;
    return 1;
  }
  if (l->builder != NULL) {
    json_builder_end_object (l->builder);
    if (l->depth == 1)
      finish_element (l);
  }
  if (l->depth == 1 && l->skipping)
    l->skipping = FALSE;
  return 1;
}

static int
on_start_array (void *ctx)
{
  Loader *l = ctx;
  if (l->ignoring) {
    if (l->depth >= MAX_DEPTH)
      return cancel (l, "nesting too deep");
    l->depth++;
    return 1;
  }
  if (l->depth == 0) {
    if (l->top_seen)
      return cancel (l, "more than one top-level value");
    l->top_seen = TRUE;
    l->depth = 1;
    return 1;
  }
  if (l->depth >= MAX_DEPTH)
    return cancel (l, "nesting too deep");
  if (l->depth == 1) {
    begin_element (l);
    add_problem (l, l->elem_line, l->elem_offset, "entry is an array, not an object; entry skipped");
    if (l->report != NULL)
      l->report->n_skipped++;
    l->skipping = TRUE;
  }
  l->depth++;
  if (l->builder != NULL)
    json_builder_begin_array (l->builder);
  return 1;
}

static int
on_end_array (void *ctx)
{
  Loader *l = ctx;
  l->depth--;
  if (l->ignoring) {
    if (l->depth == 2)
      l->ignoring = FALSE;
    return 1;
  }
  if (l->depth == 0) {
    l->top_done = TRUE;
    return 1;
  }
  if (l->builder != NULL)
    json_builder_end_array (l->builder);
  if (l->depth == 1)
    l->skipping = FALSE;
  return 1;
}

static const yajl_callbacks callbacks = {
  .yajl_null = on_null,
  .yajl_boolean = on_boolean,
  .yajl_integer = on_integer,
  .yajl_double = on_double,
  .yajl_string = on_string,
  .yajl_start_map = on_start_map,
  .yajl_map_key = on_map_key,
  .yajl_end_map = on_end_map,
  .yajl_start_array = on_start_array,
  .yajl_end_array = on_end_array,
};

static void
new_parser (Loader *l)
{
  if (l->h != NULL)
    yajl_free (l->h);
  l->h = yajl_alloc (&callbacks, NULL, l);
}

/* Turns yajl's message into one sentence; yajl says "parse error: ...\n". */
static char *
describe_error (Loader *l, const guchar *text, gsize len)
{
  if (l->cancel_reason != NULL)
    return g_strdup (l->cancel_reason);
  unsigned char *raw = yajl_get_error (l->h, 0, text, len);
  g_autofree char *msg = g_strstrip (g_strdup ((const char *) raw));
  yajl_free_error (l->h, raw);
  if (strstr (msg, "UTF8") != NULL)
    return g_strdup ("invalid UTF-8 bytes in a string (the file must be UTF-8)");
  if (g_str_has_prefix (msg, "parse error: "))
    return g_strdup_printf ("malformed JSON: %s", msg + strlen ("parse error: "));
  if (g_str_has_prefix (msg, "lexical error: "))
    return g_strdup_printf ("malformed JSON: %s", msg + strlen ("lexical error: "));
  return g_strdup_printf ("malformed JSON: %s", msg);
}

/* A line where a card object may begin: "{", after optional blanks. */
static gboolean
line_starts_card (const guchar *text, gsize len, gsize *out_at)
{
  for (gsize i = 0; i < len; i++) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')
      continue;
    *out_at = i;
    return text[i] == '{' || text[i] == ']';
  }
  return FALSE;
}

/* Feeds one line (with its newline), or a piece of one. FALSE when the whole load must stop
 * (l->fatal set). */
static gboolean
feed_line (Loader *l, const guchar *text, gsize len)
{
  gsize start = 0;
  if (l->recovering) {
    if (!l->at_line_start || !line_starts_card (text, len, &start))
      return TRUE;
    /* restart as if inside the card array again */
    new_parser (l);
    l->depth = 0;
    l->top_seen = FALSE;
    l->skipping = FALSE;
    l->ignoring = FALSE;
    g_clear_object (&l->builder);
    g_clear_pointer (&l->cancel_reason, g_free);
    yajl_parse (l->h, (const guchar *) "[", 1);
    l->recovering = FALSE;
  }
  if (l->top_done) {
    for (gsize i = 0; i < len; i++)
      if (!g_ascii_isspace (text[i])) {
        add_problem (l, l->line, l->line_offset + i, "text after the end of the card list ignored");
        l->recovering = FALSE;
        return FALSE;
      }
    return TRUE;
  }
  guint64 saved_offset = l->line_offset;
  l->line_offset += start;
  yajl_status st = yajl_parse (l->h, text + start, len - start);
  if (st == yajl_status_ok) {
    l->line_offset = saved_offset;
    return TRUE;
  }
  guint64 at = l->cancel_reason != NULL ? l->error_offset : here (l);
  g_autofree char *msg = describe_error (l, text + start, len - start);
  l->line_offset = saved_offset;
  if (!l->top_seen || (l->depth == 0 && !l->top_done)) {
    g_set_error (&l->fatal, TS_CARDS_ERROR,
                 l->cancel_reason != NULL ? TS_CARDS_ERROR_FORMAT : TS_CARDS_ERROR_PARSE,
                 "line %u, byte %" G_GUINT64_FORMAT ": %s", l->line, at, msg);
    return FALSE;
  }
  if (l->depth >= 2) {
    g_autofree char *what = l->elem_line == l->line
      ? g_strdup_printf ("%s; entry skipped", msg)
      : g_strdup_printf ("%s (in the entry from line %u); entry skipped", msg, l->elem_line);
    add_problem (l, l->line, at, what);
    if (l->report != NULL)
      l->report->n_skipped++;
  } else {
    add_problem (l, l->line, at, msg);
  }
  g_clear_object (&l->builder);
  l->recovering = TRUE;
  return TRUE;
}

static void
loader_init (Loader *l, TsCardDb *db, TsImportReport *report)
{
  memset (l, 0, sizeof *l);
  l->db = db;
  l->report = report;
  l->line = 0;
  l->at_line_start = TRUE;
  new_parser (l);
}

/* After the last line: a clean end, or how the file was cut short. */
static gboolean
loader_finish (Loader *l, GError **error)
{
  gboolean ok = TRUE;
  if (l->fatal != NULL) {
    g_propagate_error (error, g_steal_pointer (&l->fatal));
    ok = FALSE;
  } else if (!l->top_seen && !l->recovering) {
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_FORMAT,
                 "no card list: the file is empty or holds no JSON array");
    ok = FALSE;
  } else if (!l->top_done) {
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_PARSE,
                 "line %u, byte %" G_GUINT64_FORMAT ": the file ends before the card list is "
                 "closed (truncated?)%s", MAX (l->line, 1), l->line_offset,
                 l->builder != NULL || l->recovering ? "; the last entry is lost" : "");
    if (l->report != NULL && l->builder != NULL)
      l->report->n_skipped++;
    ok = FALSE;
  }
  g_clear_object (&l->builder);
  g_clear_pointer (&l->cancel_reason, g_free);
  g_clear_pointer (&l->h, yajl_free);
  if (l->report != NULL) {
    l->report->n_cards = ts_carddb_count (l->db);
    l->report->n_faces = ts_carddb_n_faces_total (l->db);
    l->report->n_printings = ts_carddb_n_printings_total (l->db);
  }
  return ok;
}

/* Feeds a block of the file line by line, so that positions name lines and a broken entry can
 * be left behind at the next line that starts a card; a line longer than the block (a file
 * without line breaks) is fed in pieces. FALSE when the load must stop. */
static gboolean
feed_block (Loader *l, const guchar *p, gsize len)
{
  const guchar *end = p + len;
  while (p < end) {
    const guchar *nl = memchr (p, '\n', (gsize) (end - p));
    gsize n = nl != NULL ? (gsize) (nl - p) + 1 : (gsize) (end - p);
    if (l->at_line_start)
      l->line++;
    if (!feed_line (l, p, n))
      return FALSE;
    l->line_offset += n;
    l->at_line_start = nl != NULL;
    p += n;
  }
  return TRUE;
}

gboolean
ts_carddb_load_json_data (TsCardDb *db, const char *data, gsize len, TsImportReport *report,
                          GError **error)
{
  Loader l;
  loader_init (&l, db, report);
  feed_block (&l, (const guchar *) data, len);
  return loader_finish (&l, error);
}

/* Bytes read from the file at a time. */
#define BLOCK_SIZE (64 * 1024)

gboolean
ts_carddb_load_json_file (TsCardDb *db, const char *path, TsImportReport *report,
                          TsImportProgressFunc progress, gpointer user_data, GError **error)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL) {
    int saved = errno;
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_IO, "cannot open %s: %s", path,
                 g_strerror (saved));
    return FALSE;
  }
  struct stat st;
  guint64 total = fstat (fileno (f), &st) == 0 ? (guint64) st.st_size : 0;

  Loader l;
  loader_init (&l, db, report);
  g_autofree guchar *buf = g_malloc (BLOCK_SIZE);
  size_t n;
  guint64 last_progress = 0;
  while ((n = fread (buf, 1, BLOCK_SIZE, f)) > 0) {
    if (!feed_block (&l, buf, n))
      break;
    if (progress != NULL && l.line_offset - last_progress >= (1 << 20)) {
      progress (l.line_offset, total, user_data);
      last_progress = l.line_offset;
    }
  }
  int read_errno = ferror (f) ? errno : 0;
  fclose (f);
  if (read_errno != 0) {
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_IO, "reading %s at byte %" G_GUINT64_FORMAT
                 ": %s", path, l.line_offset, g_strerror (read_errno));
    loader_finish (&l, NULL);
    return FALSE;
  }
  if (progress != NULL)
    progress (l.line_offset, MAX (total, l.line_offset), user_data);
  if (!loader_finish (&l, error)) {
    g_prefix_error (error, "%s: ", path); /* the loader's errors give the line, not the file */
    return FALSE;
  }
  return TRUE;
}

gboolean
ts_cards_import (const char *json_path, const char *db_path, TsImportReport *report,
                 TsImportProgressFunc progress, gpointer user_data, GError **error)
{
  g_return_val_if_fail (json_path != NULL && db_path != NULL, FALSE);
  g_autoptr (TsCardDb) db = ts_carddb_new_empty ();
  g_autoptr (GError) load_error = NULL;
  gboolean loaded = ts_carddb_load_json_file (db, json_path, report, progress, user_data,
                                              &load_error);
  if (!loaded && (ts_carddb_count (db) == 0 || !g_error_matches (load_error, TS_CARDS_ERROR,
                                                                  TS_CARDS_ERROR_PARSE))) {
    g_propagate_error (error, g_steal_pointer (&load_error));
    return FALSE;
  }
  ts_carddb_finish (db);
  /* a truncated file still yields the cards read before the cut */
  if (!ts_carddb_write_sqlite (db, db_path, error))
    return FALSE;
  if (!loaded) {
    g_propagate_error (error, g_steal_pointer (&load_error));
    return FALSE;
  }
  return TRUE;
}
