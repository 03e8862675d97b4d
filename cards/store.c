/* store.c — tablesight's own card database file: the cards in SQLite, written once by the
 * importer and read back whole at open. Derived facts (types, keyword flags) are recomputed
 * from the stored text, so the file holds each fact once. */
#include "carddb-private.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define STORE_FORMAT "tablesight-cards"
#define STORE_VERSION "1"

static const char schema[] =
  "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
  "CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, mana_cost TEXT,"
  " cmc REAL, colors INTEGER, type_line TEXT, power TEXT, toughness TEXT, loyalty TEXT,"
  " defense TEXT, printed_type TEXT, keywords TEXT, layout TEXT, flags INTEGER);"
  "CREATE TABLE faces (card_id INTEGER NOT NULL, idx INTEGER NOT NULL, name TEXT NOT NULL,"
  " mana_cost TEXT, type_line TEXT, power TEXT, toughness TEXT, loyalty TEXT, colors INTEGER,"
  " PRIMARY KEY (card_id, idx)) WITHOUT ROWID;"
  "CREATE TABLE printings (card_id INTEGER NOT NULL, idx INTEGER NOT NULL, set_code TEXT,"
  " collector_number TEXT, rarity TEXT, released TEXT, PRIMARY KEY (card_id, idx)) WITHOUT ROWID;";

enum { FLAG_DIGITAL_ONLY = 1, FLAG_JOKE_SET_ONLY = 2 };

static gboolean
db_fail (sqlite3 *sql, const char *what, GError **error)
{
  g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_DB, "%s: %s", what,
               sql != NULL ? sqlite3_errmsg (sql) : "out of memory");
  return FALSE;
}

static void
bind_text (sqlite3_stmt *st, int i, const char *s)
{
  if (s != NULL)
    sqlite3_bind_text (st, i, s, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (st, i);
}

gboolean
ts_carddb_write_sqlite (const TsCardDb *db, const char *path, GError **error)
{
  sqlite3 *sql = NULL;
  sqlite3_stmt *ins_card = NULL, *ins_face = NULL, *ins_print = NULL;
  gboolean ok = FALSE;
  /* written beside the target and renamed over it, so a failed import leaves the old file */
  g_autofree char *tmp = g_strdup_printf ("%s.tmp-%d", path, (int) getpid ());

  unlink (tmp);
  if (sqlite3_open (tmp, &sql) != SQLITE_OK) {
    g_autofree char *what = g_strdup_printf ("cannot create the card database %s", path);
    db_fail (sql, what, error);
    goto out;
  }
  if (sqlite3_exec (sql, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;", NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec (sql, schema, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec (sql, "INSERT INTO meta VALUES ('format', '" STORE_FORMAT "'),"
                    " ('version', '" STORE_VERSION "');", NULL, NULL, NULL) != SQLITE_OK) {
    db_fail (sql, "cannot create the card tables", error);
    goto out;
  }
  if (sqlite3_prepare_v2 (sql, "INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", -1,
                          &ins_card, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (sql, "INSERT INTO faces VALUES (?,?,?,?,?,?,?,?,?)", -1, &ins_face,
                          NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (sql, "INSERT INTO printings VALUES (?,?,?,?,?,?)", -1, &ins_print,
                          NULL) != SQLITE_OK) {
    db_fail (sql, "cannot prepare the card inserts", error);
    goto out;
  }
  for (guint i = 0; i < ts_carddb_count (db); i++) {
    const TsCard *c = ts_carddb_nth (db, i);
    g_autofree char *keywords = g_strjoinv ("\n", (char **) c->keywords);
    sqlite3_bind_int64 (ins_card, 1, i);
    bind_text (ins_card, 2, c->name);
    bind_text (ins_card, 3, c->mana_cost);
    sqlite3_bind_double (ins_card, 4, c->cmc);
    sqlite3_bind_int (ins_card, 5, (int) c->colors);
    bind_text (ins_card, 6, c->type_line);
    bind_text (ins_card, 7, c->power);
    bind_text (ins_card, 8, c->toughness);
    bind_text (ins_card, 9, c->loyalty);
    bind_text (ins_card, 10, c->defense);
    bind_text (ins_card, 11, c->printed_type);
    bind_text (ins_card, 12, keywords);
    bind_text (ins_card, 13, ts_layout_to_string (c->layout));
    sqlite3_bind_int (ins_card, 14, (c->digital_only ? FLAG_DIGITAL_ONLY : 0) |
                                    (c->joke_set_only ? FLAG_JOKE_SET_ONLY : 0));
    if (sqlite3_step (ins_card) != SQLITE_DONE) {
      db_fail (sql, "cannot store a card", error);
      goto out;
    }
    sqlite3_reset (ins_card);
    for (guint f = 0; f < c->n_faces; f++) {
      const TsCardFace *face = &c->faces[f];
      sqlite3_bind_int64 (ins_face, 1, i);
      sqlite3_bind_int (ins_face, 2, (int) f);
      bind_text (ins_face, 3, face->name);
      bind_text (ins_face, 4, face->mana_cost);
      bind_text (ins_face, 5, face->type_line);
      bind_text (ins_face, 6, face->power);
      bind_text (ins_face, 7, face->toughness);
      bind_text (ins_face, 8, face->loyalty);
      sqlite3_bind_int (ins_face, 9, (int) face->colors);
      if (sqlite3_step (ins_face) != SQLITE_DONE) {
        db_fail (sql, "cannot store a card face", error);
        goto out;
      }
      sqlite3_reset (ins_face);
    }
    for (guint p = 0; p < c->n_printings; p++) {
      const TsPrinting *pr = &c->printings[p];
      sqlite3_bind_int64 (ins_print, 1, i);
      sqlite3_bind_int (ins_print, 2, (int) p);
      bind_text (ins_print, 3, pr->set);
      bind_text (ins_print, 4, pr->collector_number);
      bind_text (ins_print, 5, pr->rarity);
      bind_text (ins_print, 6, pr->released);
      if (sqlite3_step (ins_print) != SQLITE_DONE) {
        db_fail (sql, "cannot store a printing", error);
        goto out;
      }
      sqlite3_reset (ins_print);
    }
  }
  if (sqlite3_exec (sql, "COMMIT;", NULL, NULL, NULL) != SQLITE_OK) {
    db_fail (sql, "cannot commit the card database", error);
    goto out;
  }
  sqlite3_finalize (ins_card);
  sqlite3_finalize (ins_face);
  sqlite3_finalize (ins_print);
  ins_card = ins_face = ins_print = NULL;
  if (sqlite3_close (sql) != SQLITE_OK) {
    db_fail (sql, "cannot close the card database", error);
    sql = NULL;
    goto out;
  }
  sql = NULL;
  if (rename (tmp, path) != 0) {
    int saved = errno;
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_IO, "cannot write %s: %s", path,
                 g_strerror (saved));
    goto out;
  }
  ok = TRUE;
out:
  sqlite3_finalize (ins_card);
  sqlite3_finalize (ins_face);
  sqlite3_finalize (ins_print);
  if (sql != NULL)
    sqlite3_close (sql);
  if (!ok)
    unlink (tmp);
  return ok;
}

static const char *
col_text (sqlite3_stmt *st, int i)
{
  return (const char *) sqlite3_column_text (st, i);
}

/* Rows of faces or printings, grouped by card id, read in step with the cards. */
typedef struct {
  sqlite3_stmt *st;
  int rc;
} Cursor;

static gboolean
cursor_at (Cursor *c, sqlite3_int64 card_id)
{
  return c->rc == SQLITE_ROW && sqlite3_column_int64 (c->st, 0) == card_id;
}

gboolean
ts_carddb_load_sqlite (TsCardDb *db, const char *path, GError **error)
{
  sqlite3 *sql = NULL;
  sqlite3_stmt *meta = NULL, *cards = NULL;
  Cursor faces = { NULL, SQLITE_DONE }, prints = { NULL, SQLITE_DONE };
  gboolean ok = FALSE;
  g_autoptr (GArray) face_in = g_array_new (FALSE, TRUE, sizeof (TsFaceIn));
  g_autoptr (GArray) print_in = g_array_new (FALSE, TRUE, sizeof (TsPrintingIn));
  g_autoptr (GStringChunk) scratch = g_string_chunk_new (4096);
  g_autofree char *read_what = g_strdup_printf ("cannot read the card database %s", path);

  if (sqlite3_open_v2 (path, &sql, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
    g_autofree char *what = g_strdup_printf ("cannot open the card database %s", path);
    db_fail (sql, what, error);
    goto out;
  }
  if (sqlite3_prepare_v2 (sql, "SELECT value FROM meta WHERE key = 'format'", -1, &meta,
                          NULL) != SQLITE_OK ||
      sqlite3_step (meta) != SQLITE_ROW || g_strcmp0 (col_text (meta, 0), STORE_FORMAT) != 0) {
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_FORMAT,
                 "%s is an SQLite file but not a tablesight card database", path);
    goto out;
  }
  if (sqlite3_prepare_v2 (sql, "SELECT id, name, mana_cost, cmc, colors, type_line, power,"
                          " toughness, loyalty, defense, printed_type, keywords, layout, flags"
                          " FROM cards ORDER BY id", -1, &cards, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (sql, "SELECT card_id, name, mana_cost, type_line, power, toughness,"
                          " loyalty, colors FROM faces ORDER BY card_id, idx", -1, &faces.st,
                          NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (sql, "SELECT card_id, set_code, collector_number, rarity, released"
                          " FROM printings ORDER BY card_id, idx", -1, &prints.st,
                          NULL) != SQLITE_OK) {
    db_fail (sql, read_what, error);
    goto out;
  }
  faces.rc = sqlite3_step (faces.st);
  prints.rc = sqlite3_step (prints.st);
  int rc;
  while ((rc = sqlite3_step (cards)) == SQLITE_ROW) {
    sqlite3_int64 id = sqlite3_column_int64 (cards, 0);
    TsCardIn in = { 0 };
    in.name = col_text (cards, 1);
    if (in.name == NULL)
      continue;
    in.mana_cost = col_text (cards, 2);
    in.cmc = sqlite3_column_double (cards, 3);
    in.colors = (guint) sqlite3_column_int (cards, 4) & 0x1f;
    in.type_line = col_text (cards, 5);
    in.power = col_text (cards, 6);
    in.toughness = col_text (cards, 7);
    in.loyalty = col_text (cards, 8);
    in.defense = col_text (cards, 9);
    in.printed_type = col_text (cards, 10);
    const char *keywords = col_text (cards, 11);
    g_auto (GStrv) kw = keywords != NULL && keywords[0] != '\0' ? g_strsplit (keywords, "\n", -1)
                                                               : g_new0 (char *, 1);
    in.keywords = (const char *const *) kw;
    in.n_keywords = g_strv_length (kw);
    in.layout = ts_layout_from_string (col_text (cards, 12));
    int flags = sqlite3_column_int (cards, 13);
    in.digital_only = (flags & FLAG_DIGITAL_ONLY) != 0;
    in.joke_set_only = (flags & FLAG_JOKE_SET_ONLY) != 0;

    /* rows of cards that no longer exist are passed over */
    while (faces.rc == SQLITE_ROW && sqlite3_column_int64 (faces.st, 0) < id)
      faces.rc = sqlite3_step (faces.st);
    while (prints.rc == SQLITE_ROW && sqlite3_column_int64 (prints.st, 0) < id)
      prints.rc = sqlite3_step (prints.st);
    /* strings of the face and printing rows must outlive the add: copy them */
    g_string_chunk_clear (scratch);
    g_array_set_size (face_in, 0);
    for (; cursor_at (&faces, id); faces.rc = sqlite3_step (faces.st)) {
      TsFaceIn f = {
        .name = g_string_chunk_insert (scratch, col_text (faces.st, 1) ? col_text (faces.st, 1) : ""),
        .mana_cost = col_text (faces.st, 2) ? g_string_chunk_insert (scratch, col_text (faces.st, 2)) : NULL,
        .type_line = col_text (faces.st, 3) ? g_string_chunk_insert (scratch, col_text (faces.st, 3)) : NULL,
        .power = col_text (faces.st, 4) ? g_string_chunk_insert (scratch, col_text (faces.st, 4)) : NULL,
        .toughness = col_text (faces.st, 5) ? g_string_chunk_insert (scratch, col_text (faces.st, 5)) : NULL,
        .loyalty = col_text (faces.st, 6) ? g_string_chunk_insert (scratch, col_text (faces.st, 6)) : NULL,
        .colors = (guint) sqlite3_column_int (faces.st, 7) & 0x1f,
      };
      g_array_append_val (face_in, f);
    }
    g_array_set_size (print_in, 0);
    for (; cursor_at (&prints, id); prints.rc = sqlite3_step (prints.st)) {
      TsPrintingIn p = { 0 };
      const char *v;
      if ((v = col_text (prints.st, 1)) != NULL) p.set = g_string_chunk_insert (scratch, v);
      if ((v = col_text (prints.st, 2)) != NULL) p.collector_number = g_string_chunk_insert (scratch, v);
      if ((v = col_text (prints.st, 3)) != NULL) p.rarity = g_string_chunk_insert (scratch, v);
      if ((v = col_text (prints.st, 4)) != NULL) p.released = g_string_chunk_insert (scratch, v);
      g_array_append_val (print_in, p);
    }
    in.faces = (const TsFaceIn *) (void *) face_in->data;
    in.n_faces = face_in->len;
    in.printings = (const TsPrintingIn *) (void *) print_in->data;
    in.n_printings = print_in->len;
    ts_carddb_add (db, &in);
  }
  if (rc != SQLITE_DONE) {
    db_fail (sql, read_what, error);
    goto out;
  }
  ok = TRUE;
out:
  sqlite3_finalize (meta);
  sqlite3_finalize (cards);
  sqlite3_finalize (faces.st);
  sqlite3_finalize (prints.st);
  if (sql != NULL)
    sqlite3_close (sql);
  return ok;
}

gboolean
ts_carddb_save (const TsCardDb *db, const char *path, GError **error)
{
  g_return_val_if_fail (db != NULL && path != NULL, FALSE);
  return ts_carddb_write_sqlite (db, path, error);
}
