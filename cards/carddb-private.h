/* carddb-private.h — internals shared by the card database, its importer and the matcher. */
#pragma once

#include "cards.h"

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* One face as read from a source, before it is stored. Strings are borrowed. */
typedef struct {
  const char *name;
  const char *mana_cost;
  const char *type_line;
  const char *power;
  const char *toughness;
  const char *loyalty;
  guint colors;
} TsFaceIn;

typedef struct {
  const char *set;
  const char *collector_number;
  const char *rarity;
  const char *released;
} TsPrintingIn;

/* One card as read from a source (JSON object or database row). Strings are borrowed; the
 * derived facts (types, supertypes, subtypes, keyword flags) are computed when it is added. */
typedef struct {
  const char *name;
  const char *mana_cost;
  double cmc;
  guint colors;
  const char *type_line;
  const char *power;
  const char *toughness;
  const char *loyalty;
  const char *defense;
  const char *printed_type;     /* "Interrupt" or NULL */
  const char *const *keywords;  /* n_keywords entries */
  guint n_keywords;
  TsLayout layout;
  gboolean digital_only;
  gboolean joke_set_only;
  const TsFaceIn *faces;
  guint n_faces;
  const TsPrintingIn *printings;
  guint n_printings;
} TsCardIn;

typedef enum {
  TS_ADD_NEW,      /* a new card */
  TS_ADD_MERGED,   /* a name seen before: its new printings were added to the first entry */
  TS_ADD_DUPLICATE /* a name seen before, with nothing new: left out */
} TsAddResult;

/* A database being filled: add cards, then finish once; only then may it be queried. */
TsCardDb *ts_carddb_new_empty (void);
TsAddResult ts_carddb_add (TsCardDb *db, const TsCardIn *in);
void ts_carddb_finish (TsCardDb *db);
guint ts_carddb_n_faces_total (const TsCardDb *db);
guint ts_carddb_n_printings_total (const TsCardDb *db);

/* Converts one Scryfall-shaped card object and adds it. Returns FALSE with *out_problem (a
 * newly allocated sentence without position) when the object is not a usable card. */
gboolean ts_carddb_add_json (TsCardDb *db, JsonObject *obj, TsAddResult *out_result,
                             char **out_problem);

/* Streams a Scryfall-shaped JSON array from a file into db (not finished). Problems and counts
 * go to report (may be NULL). FALSE when the file cannot be read or the JSON cannot be
 * recovered; the cards read before that point stay in db. */
gboolean ts_carddb_load_json_file (TsCardDb *db, const char *path, TsImportReport *report,
                                   TsImportProgressFunc progress, gpointer user_data,
                                   GError **error);
/* The same over bytes in memory (the fuzz target and the bundled data use it). */
gboolean ts_carddb_load_json_data (TsCardDb *db, const char *data, gsize len,
                                   TsImportReport *report, GError **error);

/* The SQLite form (store.c). */
gboolean ts_carddb_write_sqlite (const TsCardDb *db, const char *path, GError **error);
gboolean ts_carddb_load_sqlite (TsCardDb *db, const char *path, GError **error);

/* Fact parsing (facts.c). */
void ts_type_line_parse (const char *type_line, guint *out_types, guint *out_supertypes,
                         GPtrArray *out_subtypes);
guint64 ts_keyword_flag (const char *keyword);
TsLayout ts_layout_from_string (const char *layout);
const char *ts_layout_to_string (TsLayout layout);
guint ts_color_from_letter (const char *letter);

/* Case- and accent-folded form of a name for exact lookup: NFD, combining marks dropped,
 * lower case. Newly allocated. */
char *ts_cards_fold_name (const char *name);

G_END_DECLS
