/* carddb.c — the in-memory card database: filling it, opening it, looking cards up. */
#include "carddb-private.h"

#include <gio/gio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_QUARK (ts-cards-error-quark, ts_cards_error)

/* A card while the database is filled; after ts_carddb_finish() its pointers are final. */
typedef struct {
  TsCard card;
  guint face_off;  /* first face in db->faces */
  guint sub_off;   /* subtypes: NULL-terminated run in db->strv */
  guint kw_off;    /* keywords: NULL-terminated run in db->strv */
} CardRec;

typedef struct {
  guint card;      /* index of the card in db->recs while filling */
  guint seq;       /* order of arrival: keeps source order among equal dates */
  TsPrinting p;
} PrintRec;

struct TsCardDb {
  GStringChunk *strings;  /* every string the cards point to */
  GArray *recs;           /* CardRec, in name order once finished */
  GArray *faces;          /* TsCardFace */
  GArray *print_recs;     /* PrintRec while filling */
  GArray *printings;      /* TsPrinting, grouped by card once finished */
  GPtrArray *strv;        /* const char *, NULL-terminated runs */
  GHashTable *by_name;    /* folded name -> index in recs while filling / TsCard * after */
  GHashTable *print_keys; /* "card\x1fset\x1fnumber" of every printing, while filling */
  gboolean finished;
};

static const char *
intern (TsCardDb *db, const char *s)
{
  return s != NULL ? g_string_chunk_insert_const (db->strings, s) : NULL;
}

TsCardDb *
ts_carddb_new_empty (void)
{
  TsCardDb *db = g_new0 (TsCardDb, 1);
  db->strings = g_string_chunk_new (64 * 1024);
  db->recs = g_array_new (FALSE, TRUE, sizeof (CardRec));
  db->faces = g_array_new (FALSE, TRUE, sizeof (TsCardFace));
  db->print_recs = g_array_new (FALSE, TRUE, sizeof (PrintRec));
  db->printings = g_array_new (FALSE, TRUE, sizeof (TsPrinting));
  db->strv = g_ptr_array_new ();
  db->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return db;
}

void
ts_carddb_free (TsCardDb *db)
{
  if (db == NULL)
    return;
  g_string_chunk_free (db->strings);
  g_array_unref (db->recs);
  g_array_unref (db->faces);
  g_array_unref (db->print_recs);
  g_array_unref (db->printings);
  g_ptr_array_unref (db->strv);
  g_hash_table_unref (db->by_name);
  g_clear_pointer (&db->print_keys, g_hash_table_unref);
  g_free (db);
}

static char *
printing_key (guint card, const TsPrintingIn *in)
{
  g_autofree char *set = g_ascii_strup (in->set != NULL ? in->set : "", -1);
  return g_strdup_printf ("%u\x1f%s\x1f%s", card, set,
                          in->collector_number != NULL ? in->collector_number : "");
}

static void
add_printing (TsCardDb *db, guint card, const TsPrintingIn *in)
{
  /* Scryfall writes set codes in lower case ("lea"); tablesight's are upper case */
  g_autofree char *set = in->set != NULL ? g_ascii_strup (in->set, -1) : NULL;
  if (db->print_keys != NULL)
    g_hash_table_add (db->print_keys, printing_key (card, in));
  PrintRec pr = {
    .card = card,
    .seq = db->print_recs->len,
    .p = {
      .set = intern (db, set),
      .collector_number = intern (db, in->collector_number),
      .rarity = intern (db, in->rarity),
      .released = intern (db, in->released),
    },
  };
  g_array_append_val (db->print_recs, pr);
}

static guint
add_strv (TsCardDb *db, GPtrArray *strings)
{
  guint off = db->strv->len;
  for (guint i = 0; i < strings->len; i++)
    g_ptr_array_add (db->strv, (gpointer) intern (db, g_ptr_array_index (strings, i)));
  g_ptr_array_add (db->strv, NULL);
  return off;
}

TsAddResult
ts_carddb_add (TsCardDb *db, const TsCardIn *in)
{
  g_return_val_if_fail (db != NULL && !db->finished && in != NULL && in->name != NULL,
                        TS_ADD_DUPLICATE);

  g_autofree char *key = ts_cards_fold_name (in->name);
  gpointer found;
  if (g_hash_table_lookup_extended (db->by_name, key, NULL, &found)) {
    /* Default Cards has one object per printing: keep the first object's facts and gather
     * the printings the later objects add. */
    guint idx = GPOINTER_TO_UINT (found);
    guint n_new = 0;
    if (db->print_keys == NULL) {
      /* the first repeated name: from now on remember which printings each card has */
      db->print_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint j = 0; j < db->print_recs->len; j++) {
        const PrintRec *pr = &g_array_index (db->print_recs, PrintRec, j);
        TsPrintingIn pin = { .set = pr->p.set, .collector_number = pr->p.collector_number };
        g_hash_table_add (db->print_keys, printing_key (pr->card, &pin));
      }
    }
    for (guint i = 0; i < in->n_printings; i++) {
      g_autofree char *pkey = printing_key (idx, &in->printings[i]);
      if (!g_hash_table_contains (db->print_keys, pkey)) {
        add_printing (db, idx, &in->printings[i]);
        n_new++;
      }
    }
    return n_new > 0 ? TS_ADD_MERGED : TS_ADD_DUPLICATE;
  }

  CardRec rec = { 0 };
  TsCard *c = &rec.card;
  c->name = g_string_chunk_insert (db->strings, in->name); /* unique: not worth the const table */
  c->mana_cost = intern (db, in->mana_cost != NULL ? in->mana_cost : "");
  c->cmc = in->cmc;
  c->colors = in->colors;
  c->type_line = intern (db, in->type_line != NULL ? in->type_line : "");
  c->power = intern (db, in->power);
  c->toughness = intern (db, in->toughness);
  c->loyalty = intern (db, in->loyalty);
  c->defense = intern (db, in->defense);
  c->layout = in->layout;
  c->printed_type = intern (db, in->printed_type);
  c->digital_only = in->digital_only;
  c->joke_set_only = in->joke_set_only;

  g_autoptr (GPtrArray) subtypes = g_ptr_array_new_with_free_func (g_free);
  ts_type_line_parse (c->type_line, &c->types, &c->supertypes, subtypes);
  if (in->printed_type != NULL) {
    guint printed_types = 0, printed_super = 0;
    ts_type_line_parse (in->printed_type, &printed_types, &printed_super, NULL);
    c->types |= printed_types;
  }
  rec.sub_off = add_strv (db, subtypes);

  g_autoptr (GPtrArray) keywords = g_ptr_array_new ();
  for (guint i = 0; i < in->n_keywords; i++) {
    g_ptr_array_add (keywords, (gpointer) in->keywords[i]);
    c->keyword_flags |= ts_keyword_flag (in->keywords[i]);
  }
  rec.kw_off = add_strv (db, keywords);

  rec.face_off = db->faces->len;
  c->n_faces = in->n_faces;
  for (guint i = 0; i < in->n_faces; i++) {
    const TsFaceIn *fi = &in->faces[i];
    TsCardFace f = {
      .name = intern (db, fi->name != NULL ? fi->name : ""),
      .mana_cost = intern (db, fi->mana_cost != NULL ? fi->mana_cost : ""),
      .type_line = intern (db, fi->type_line != NULL ? fi->type_line : ""),
      .colors = fi->colors,
      .power = intern (db, fi->power),
      .toughness = intern (db, fi->toughness),
      .loyalty = intern (db, fi->loyalty),
    };
    ts_type_line_parse (f.type_line, &f.types, &f.supertypes, NULL);
    g_array_append_val (db->faces, f);
  }

  guint idx = db->recs->len;
  g_array_append_val (db->recs, rec);
  g_hash_table_insert (db->by_name, g_steal_pointer (&key), GUINT_TO_POINTER (idx));
  for (guint i = 0; i < in->n_printings; i++)
    add_printing (db, idx, &in->printings[i]);
  return TS_ADD_NEW;
}

static gint
compare_recs (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const CardRec *const *ra = a, *const *rb = b;
  int r = g_ascii_strcasecmp ((*ra)->card.name, (*rb)->card.name);
  return r != 0 ? r : strcmp ((*ra)->card.name, (*rb)->card.name);
}

static gint
compare_prints (gconstpointer a, gconstpointer b)
{
  const PrintRec *pa = a, *pb = b;
  if (pa->card != pb->card)
    return pa->card < pb->card ? -1 : 1;
  int r = g_strcmp0 (pa->p.released, pb->p.released);
  if (r != 0)
    return r;
  return pa->seq < pb->seq ? -1 : pa->seq > pb->seq;
}

void
ts_carddb_finish (TsCardDb *db)
{
  g_return_if_fail (db != NULL && !db->finished);
  guint n = db->recs->len;

  /* name order, remembering where each card came from to renumber its printings */
  g_autoptr (GPtrArray) order = g_ptr_array_sized_new (n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (order, &g_array_index (db->recs, CardRec, i));
  /* a database file comes in name order already: check before sorting */
  gboolean in_order = TRUE;
  for (guint i = 1; i < n && in_order; i++)
    in_order = compare_recs (&order->pdata[i - 1], &order->pdata[i], NULL) < 0;
  if (!in_order)
    g_ptr_array_sort_with_data (order, compare_recs, NULL);
  g_autofree guint *new_index = g_new (guint, MAX (n, 1));
  GArray *sorted = g_array_sized_new (FALSE, TRUE, sizeof (CardRec), n);
  for (guint i = 0; i < n; i++) {
    CardRec *r = g_ptr_array_index (order, i);
    new_index[r - (CardRec *) (void *) db->recs->data] = i;
    g_array_append_val (sorted, *r);
  }
  g_array_unref (db->recs);
  db->recs = sorted;

  for (guint i = 0; i < db->print_recs->len; i++) {
    PrintRec *pr = &g_array_index (db->print_recs, PrintRec, i);
    pr->card = new_index[pr->card];
  }
  g_array_sort (db->print_recs, compare_prints);
  g_array_set_size (db->printings, db->print_recs->len);
  for (guint i = 0; i < db->print_recs->len; i++)
    g_array_index (db->printings, TsPrinting, i) = g_array_index (db->print_recs, PrintRec, i).p;

  /* the keys were folded while filling: only the values change, to the card's final place */
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init (&iter, db->by_name);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_iter_replace (&iter, &g_array_index (db->recs, CardRec,
                                                      new_index[GPOINTER_TO_UINT (value)]).card);
  guint p = 0;
  for (guint i = 0; i < n; i++) {
    CardRec *r = &g_array_index (db->recs, CardRec, i);
    TsCard *c = &r->card;
    c->subtypes = (const char *const *) &db->strv->pdata[r->sub_off];
    c->keywords = (const char *const *) &db->strv->pdata[r->kw_off];
    c->faces = c->n_faces > 0 ? &g_array_index (db->faces, TsCardFace, r->face_off) : NULL;
    guint first = p;
    while (p < db->print_recs->len && g_array_index (db->print_recs, PrintRec, p).card == i)
      p++;
    c->printings = p > first ? &g_array_index (db->printings, TsPrinting, first) : NULL;
    c->n_printings = p - first;
  }
  /* face names find their card unless a card of that very name exists */
  for (guint i = 0; i < n; i++) {
    const TsCard *c = &g_array_index (db->recs, CardRec, i).card;
    for (guint f = 0; f < c->n_faces; f++) {
      char *key = ts_cards_fold_name (c->faces[f].name);
      if (!g_hash_table_contains (db->by_name, key))
        g_hash_table_insert (db->by_name, key, (gpointer) c);
      else
        g_free (key);
    }
  }
  g_array_set_size (db->print_recs, 0);
  g_clear_pointer (&db->print_keys, g_hash_table_unref);
  db->finished = TRUE;
}

guint
ts_carddb_count (const TsCardDb *db)
{
  g_return_val_if_fail (db != NULL, 0);
  return db->recs->len;
}

const TsCard *
ts_carddb_nth (const TsCardDb *db, guint i)
{
  g_return_val_if_fail (db != NULL && db->finished, NULL);
  if (i >= db->recs->len)
    return NULL;
  return &g_array_index (db->recs, CardRec, i).card;
}

const TsCard *
ts_carddb_lookup (const TsCardDb *db, const char *name)
{
  g_return_val_if_fail (db != NULL && db->finished, NULL);
  if (name == NULL)
    return NULL;
  g_autofree char *key = ts_cards_fold_name (name);
  return g_hash_table_lookup (db->by_name, key);
}

guint
ts_carddb_n_faces_total (const TsCardDb *db)
{
  return db->faces->len;
}

guint
ts_carddb_n_printings_total (const TsCardDb *db)
{
  return db->finished ? db->printings->len : db->print_recs->len;
}

/* ---- Scryfall-shaped JSON objects ----------------------------------------------------------- */

/* Reads an optional string member. FALSE (with a problem) when it is there but not a string;
 * null counts as absent. */
static gboolean
get_string (JsonObject *obj, const char *member, const char **out, char **problem)
{
  *out = NULL;
  JsonNode *node = json_object_get_member (obj, member);
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING) {
    *problem = g_strdup_printf ("field \"%s\" is not a string", member);
    return FALSE;
  }
  *out = json_node_get_string (node);
  return TRUE;
}

/* Power, toughness and loyalty are strings in Scryfall but numbers in some exports. */
static gboolean
get_string_or_number (JsonObject *obj, const char *member, GStringChunk *scratch,
                      const char **out, char **problem)
{
  JsonNode *node = json_object_get_member (obj, member);
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64) {
    g_autofree char *s = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    *out = g_string_chunk_insert (scratch, s);
    return TRUE;
  }
  return get_string (obj, member, out, problem);
}

static gboolean
get_array (JsonObject *obj, const char *member, JsonArray **out, char **problem)
{
  *out = NULL;
  JsonNode *node = json_object_get_member (obj, member);
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node)) {
    *problem = g_strdup_printf ("field \"%s\" is not an array", member);
    return FALSE;
  }
  *out = json_node_get_array (node);
  return TRUE;
}

static gboolean
get_colors (JsonObject *obj, guint *out, char **problem)
{
  JsonArray *arr;
  *out = 0;
  if (!get_array (obj, "colors", &arr, problem))
    return FALSE;
  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++) {
    JsonNode *n = json_array_get_element (arr, i);
    guint bit = 0;
    if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
      bit = ts_color_from_letter (json_node_get_string (n));
    if (bit == 0) {
      *problem = g_strdup ("field \"colors\" holds something other than W, U, B, R, G");
      return FALSE;
    }
    *out |= bit;
  }
  return TRUE;
}

static gboolean
get_bool (JsonObject *obj, const char *member)
{
  JsonNode *node = json_object_get_member (obj, member);
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

static gboolean
get_printing (JsonObject *obj, const char *released_member, TsPrintingIn *out, char **problem)
{
  if (!get_string (obj, "set", &out->set, problem) ||
      !get_string (obj, "collector_number", &out->collector_number, problem) ||
      !get_string (obj, "rarity", &out->rarity, problem) ||
      !get_string (obj, released_member, &out->released, problem))
    return FALSE;
  if (out->set == NULL) {
    *problem = g_strdup ("a printing has no set");
    return FALSE;
  }
  return TRUE;
}

gboolean
ts_carddb_add_json (TsCardDb *db, JsonObject *obj, TsAddResult *out_result, char **out_problem)
{
  TsCardIn in = { 0 };
  char *problem = NULL;
  const char *object = NULL, *layout = NULL;
  JsonArray *keywords = NULL, *faces = NULL, *printings = NULL;
  g_autoptr (GPtrArray) kw = g_ptr_array_new ();
  g_autoptr (GArray) face_in = g_array_new (FALSE, TRUE, sizeof (TsFaceIn));
  g_autoptr (GArray) print_in = g_array_new (FALSE, TRUE, sizeof (TsPrintingIn));
  GStringChunk *scratch = g_string_chunk_new (256);
  gboolean ok = FALSE;

  if (!get_string (obj, "object", &object, &problem))
    goto out;
  if (object != NULL && strcmp (object, "card") != 0) {
    problem = g_strdup_printf ("object of kind \"%s\", not a card", object);
    goto out;
  }
  if (!get_string (obj, "name", &in.name, &problem))
    goto out;
  if (in.name == NULL || in.name[0] == '\0') {
    problem = g_strdup ("card has no name");
    goto out;
  }
  if (!get_string (obj, "mana_cost", &in.mana_cost, &problem) ||
      !get_string (obj, "type_line", &in.type_line, &problem) ||
      !get_string (obj, "layout", &layout, &problem) ||
      !get_string_or_number (obj, "power", scratch, &in.power, &problem) ||
      !get_string_or_number (obj, "toughness", scratch, &in.toughness, &problem) ||
      !get_string_or_number (obj, "loyalty", scratch, &in.loyalty, &problem) ||
      !get_string_or_number (obj, "defense", scratch, &in.defense, &problem) ||
      !get_string (obj, "printed_type", &in.printed_type, &problem) ||
      !get_colors (obj, &in.colors, &problem) ||
      !get_array (obj, "keywords", &keywords, &problem) ||
      !get_array (obj, "card_faces", &faces, &problem) ||
      !get_array (obj, "printings", &printings, &problem))
    goto out;
  if (in.mana_cost != NULL && in.mana_cost[0] != '\0' &&
      !ts_mana_cost_parse (in.mana_cost, NULL, NULL, NULL, NULL)) {
    problem = g_strdup_printf ("mana cost \"%s\" is not a mana cost", in.mana_cost);
    goto out;
  }
  JsonNode *cmc = json_object_get_member (obj, "cmc");
  if (cmc != NULL && !JSON_NODE_HOLDS_NULL (cmc)) {
    GType t = JSON_NODE_HOLDS_VALUE (cmc) ? json_node_get_value_type (cmc) : G_TYPE_INVALID;
    if (t != G_TYPE_INT64 && t != G_TYPE_DOUBLE) {
      problem = g_strdup ("field \"cmc\" is not a number");
      goto out;
    }
    in.cmc = json_node_get_double (cmc);
  }
  in.layout = ts_layout_from_string (layout);
  in.digital_only = get_bool (obj, "digital_only");
  in.joke_set_only = get_bool (obj, "joke_set_only");

  for (guint i = 0; keywords != NULL && i < json_array_get_length (keywords); i++) {
    JsonNode *n = json_array_get_element (keywords, i);
    if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING) {
      problem = g_strdup ("field \"keywords\" holds something other than text");
      goto out;
    }
    g_ptr_array_add (kw, (gpointer) json_node_get_string (n));
  }
  in.keywords = (const char *const *) kw->pdata;
  in.n_keywords = kw->len;

  for (guint i = 0; faces != NULL && i < json_array_get_length (faces); i++) {
    JsonNode *n = json_array_get_element (faces, i);
    if (!JSON_NODE_HOLDS_OBJECT (n)) {
      problem = g_strdup ("field \"card_faces\" holds something other than objects");
      goto out;
    }
    JsonObject *fo = json_node_get_object (n);
    TsFaceIn f = { 0 };
    if (!get_string (fo, "name", &f.name, &problem) ||
        !get_string (fo, "mana_cost", &f.mana_cost, &problem) ||
        !get_string (fo, "type_line", &f.type_line, &problem) ||
        !get_string_or_number (fo, "power", scratch, &f.power, &problem) ||
        !get_string_or_number (fo, "toughness", scratch, &f.toughness, &problem) ||
        !get_string_or_number (fo, "loyalty", scratch, &f.loyalty, &problem) ||
        !get_colors (fo, &f.colors, &problem))
      goto out;
    if (f.name == NULL || f.name[0] == '\0') {
      problem = g_strdup ("a card face has no name");
      goto out;
    }
    g_array_append_val (face_in, f);
  }
  in.faces = (const TsFaceIn *) (void *) face_in->data;
  in.n_faces = face_in->len;

  if (printings != NULL) {
    for (guint i = 0; i < json_array_get_length (printings); i++) {
      JsonNode *n = json_array_get_element (printings, i);
      TsPrintingIn p = { 0 };
      if (!JSON_NODE_HOLDS_OBJECT (n)) {
        problem = g_strdup ("field \"printings\" holds something other than objects");
        goto out;
      }
      if (!get_printing (json_node_get_object (n), "released", &p, &problem))
        goto out;
      g_array_append_val (print_in, p);
    }
  } else if (json_object_has_member (obj, "set")) {
    /* Scryfall proper: one object per printing, the printing's facts at top level */
    TsPrintingIn p = { 0 };
    if (!get_printing (obj, "released_at", &p, &problem))
      goto out;
    g_array_append_val (print_in, p);
  }
  in.printings = (const TsPrintingIn *) (void *) print_in->data;
  in.n_printings = print_in->len;

  TsAddResult result = ts_carddb_add (db, &in);
  if (out_result != NULL)
    *out_result = result;
  ok = TRUE;

out:
  g_string_chunk_free (scratch);
  if (!ok && out_problem != NULL)
    *out_problem = problem;
  else
    g_free (problem);
  return ok;
}

/* ---- opening ------------------------------------------------------------------------------- */

#define BUNDLED_RESOURCE "/org/tablesight/cards/alpha.json"

/* generated by glib-compile-resources from data/cards.gresource.xml */
GResource *ts_cards_get_resource (void);

TsCardDb *
ts_carddb_open_default (GError **error)
{
  g_autoptr (GBytes) bytes = g_resource_lookup_data (ts_cards_get_resource (), BUNDLED_RESOURCE,
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  TsCardDb *db = ts_carddb_new_empty ();
  if (!ts_carddb_load_json_data (db, data, len, NULL, error)) {
    ts_carddb_free (db);
    return NULL;
  }
  ts_carddb_finish (db);
  return db;
}

TsCardDb *
ts_carddb_open (const char *path, GError **error)
{
  if (path == NULL)
    return ts_carddb_open_default (error);

  char head[16] = { 0 };
  FILE *f = fopen (path, "rb");
  if (f == NULL) {
    int saved = errno;
    g_set_error (error, TS_CARDS_ERROR, TS_CARDS_ERROR_IO, "cannot open %s: %s", path,
                 g_strerror (saved));
    return NULL;
  }
  size_t got = fread (head, 1, sizeof head, f);
  fclose (f);

  TsCardDb *db = ts_carddb_new_empty ();
  gboolean ok;
  if (got == sizeof head && memcmp (head, "SQLite format 3", 16) == 0)
    ok = ts_carddb_load_sqlite (db, path, error);
  else
    ok = ts_carddb_load_json_file (db, path, NULL, NULL, NULL, error);
  if (!ok) {
    ts_carddb_free (db);
    return NULL;
  }
  ts_carddb_finish (db);
  return db;
}

void
ts_import_report_clear (TsImportReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->problems, g_ptr_array_unref);
  memset (report, 0, sizeof *report);
}
