/* cmd-cards.c — 'tablesight cards': import a Scryfall card file, look a card up, match OCR text
 * against card names. */
#include "commands.h"
#include "cards.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_CANDIDATES 5

static void
print_cards_usage (FILE *out)
{
  fprintf (out,
           "Usage: tablesight cards SUBCOMMAND [OPTION…]\n"
           "\n"
           "The card database: Scryfall bulk-data JSON in, tablesight's own database out, and\n"
           "name matching for noisy OCR text. Without --cards, the bundled Limited Edition\n"
           "Alpha set is used.\n"
           "\n"
           "Subcommands:\n"
           "  import FILE [-o DB]          import a Scryfall-format JSON file into a database\n"
           "  import [--cards DB] -o DB    write the bundled set (or DB) as a database\n"
           "  lookup NAME [--json]         print a card's facts\n"
           "  match TEXT [-n N] [--json]   best card names for noisy text, with scores\n"
           "  match --json -               one text per input line, one JSON object per line\n"
           "\n"
           "Run 'tablesight cards SUBCOMMAND --help' for its options.\n");
}

static TsCardDb *
open_cards (const char *path)
{
  g_autoptr (GError) error = NULL;
  TsCardDb *db = ts_carddb_open (path, &error);
  if (db == NULL)
    fprintf (stderr, "tablesight cards: %s\n", error->message); /* it names the file */
  return db;
}

/* Parses options; FALSE (after printing why) when they are wrong. */
static gboolean
parse_options (GOptionContext *ctx, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, argc, argv, &error)) {
    fprintf (stderr, "%s\n", error->message);
    return FALSE;
  }
  return TRUE;
}

/* ---- import ------------------------------------------------------------------------------- */

typedef struct {
  gboolean tty;
  int last_percent;
  int last_tenth;
} Progress;

static void
on_progress (guint64 done, guint64 total, gpointer user_data)
{
  Progress *p = user_data;
  int percent = total > 0 ? (int) (done * 100 / total) : -1;
  if (percent == p->last_percent)
    return;
  /* on a terminal one line that updates; in a log, a line every 10% */
  if (!p->tty && percent / 10 == p->last_tenth)
    return;
  p->last_tenth = percent / 10;
  p->last_percent = percent;
  fprintf (stderr, "%simporting: %d%% (%.1f of %.1f MB)%s", p->tty ? "\r" : "", percent,
           (double) done / 1e6, (double) total / 1e6, p->tty ? "" : "\n");
  fflush (stderr);
}

/* Without a JSON file: writes the database --cards names (default: the bundled set). */
static int
save_cards (const char *cards_path, const char *db_path)
{
  g_autoptr (TsCardDb) db = open_cards (cards_path);
  if (db == NULL)
    return 1;
  g_autoptr (GError) error = NULL;
  if (!ts_carddb_save (db, db_path, &error)) {
    fprintf (stderr, "tablesight cards import: %s\n", error->message);
    return 1;
  }
  fprintf (stderr, "%s: %u cards written to %s\n", cards_path != NULL ? cards_path : "bundled set",
           ts_carddb_count (db), db_path);
  return 0;
}

static int
cards_import (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *cards_path = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Database file to write (default: cards.db)", "DB" },
    { "cards", 0, 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Without FILE: the cards to write (Scryfall JSON or a tablesight database; default: "
      "the bundled Alpha set)", "DB" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[FILE] — import Scryfall card JSON");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Reads a Scryfall bulk-data file (\"Oracle Cards\" or \"Default Cards\", or the same shape)\n"
    "one card at a time and writes tablesight's card database. Malformed entries are\n"
    "skipped and listed with their line and byte position. Without FILE, writes the cards\n"
    "--cards names (by default the bundled Alpha set) as a database.");
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  if (argc > 2 || (argc == 2 && cards_path != NULL)) {
    fprintf (stderr, "tablesight cards import: give one JSON file, or --cards (see --help)\n");
    return 2;
  }
  const char *db_path = output != NULL ? output : "cards.db";
  if (argc == 1)
    return save_cards (cards_path, db_path);
  TsImportReport report = { 0 };
  Progress progress = { .tty = isatty (fileno (stderr)), .last_percent = -2, .last_tenth = -1 };
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  gboolean ok = ts_cards_import (argv[1], db_path, &report, on_progress, &progress, &error);
  if (progress.tty)
    fputc ('\n', stderr);
  guint n_problems = report.problems != NULL ? report.problems->len : 0;
  for (guint i = 0; i < n_problems; i++)
    fprintf (stderr, "%s: %s\n", argv[1], (const char *) g_ptr_array_index (report.problems, i));
  /* only a file cut short still leaves a database behind */
  gboolean partial = !ok && g_error_matches (error, TS_CARDS_ERROR, TS_CARDS_ERROR_PARSE) &&
                     report.n_cards > 0;
  if (!ok && !partial) {
    fprintf (stderr, "tablesight cards import: %s\n", error->message); /* it names the file */
    ts_import_report_clear (&report);
    return 1;
  }
  fprintf (stderr, "%s: %u cards, %u faces, %u printings written to %s in %.1f s; %u entries "
           "skipped, %u merged\n", argv[1], report.n_cards, report.n_faces, report.n_printings,
           db_path, (double) (g_get_monotonic_time () - t0) / 1e6, report.n_skipped,
           report.n_merged);
  ts_import_report_clear (&report);
  if (!ok) {
    fprintf (stderr, "tablesight cards import: %s (the cards before it were kept)\n",
             error->message);
    return 1;
  }
  return 0;
}

/* ---- lookup ------------------------------------------------------------------------------- */

static void
add_string (JsonBuilder *b, const char *member, const char *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (b, member);
  json_builder_add_string_value (b, value);
}

static void
add_colors (JsonBuilder *b, guint colors)
{
  json_builder_set_member_name (b, "colors");
  json_builder_begin_array (b);
  for (int i = 0; i < 5; i++)
    if (colors & (1u << i))
      json_builder_add_string_value (b, (const char[]) { "WUBRG"[i], '\0' });
  json_builder_end_array (b);
}

static JsonNode *
card_to_json (const TsCard *c)
{
  static const char *const layouts[] = { "normal", "split", "transform", "modal_dfc",
                                         "adventure", "flip", "meld", "other" };
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  add_string (b, "name", c->name);
  add_string (b, "layout", layouts[MIN ((guint) c->layout, G_N_ELEMENTS (layouts) - 1)]);
  add_string (b, "mana_cost", c->mana_cost);
  json_builder_set_member_name (b, "cmc");
  json_builder_add_double_value (b, c->cmc);
  add_string (b, "type_line", c->type_line);
  add_string (b, "printed_type", c->printed_type);
  add_string (b, "power", c->power);
  add_string (b, "toughness", c->toughness);
  add_string (b, "loyalty", c->loyalty);
  add_string (b, "defense", c->defense);
  add_colors (b, c->colors);
  json_builder_set_member_name (b, "subtypes");
  json_builder_begin_array (b);
  for (const char *const *s = c->subtypes; *s != NULL; s++)
    json_builder_add_string_value (b, *s);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "keywords");
  json_builder_begin_array (b);
  for (const char *const *k = c->keywords; *k != NULL; k++)
    json_builder_add_string_value (b, *k);
  json_builder_end_array (b);
  if (c->n_faces > 0) {
    json_builder_set_member_name (b, "card_faces");
    json_builder_begin_array (b);
    for (guint i = 0; i < c->n_faces; i++) {
      const TsCardFace *f = &c->faces[i];
      json_builder_begin_object (b);
      add_string (b, "name", f->name);
      add_string (b, "mana_cost", f->mana_cost);
      add_string (b, "type_line", f->type_line);
      add_string (b, "power", f->power);
      add_string (b, "toughness", f->toughness);
      add_string (b, "loyalty", f->loyalty);
      add_colors (b, f->colors);
      json_builder_end_object (b);
    }
    json_builder_end_array (b);
  }
  json_builder_set_member_name (b, "printings");
  json_builder_begin_array (b);
  for (guint i = 0; i < c->n_printings; i++) {
    const TsPrinting *p = &c->printings[i];
    json_builder_begin_object (b);
    add_string (b, "set", p->set);
    add_string (b, "collector_number", p->collector_number);
    add_string (b, "rarity", p->rarity);
    add_string (b, "released", p->released);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_card (const TsCard *c)
{
  printf ("%s", c->name);
  if (c->mana_cost[0] != '\0')
    printf ("  %s", c->mana_cost);
  printf ("  (mana value %g)\n", c->cmc);
  printf ("  %s", c->type_line);
  if (c->printed_type != NULL)
    printf ("  [printed in 1993 as: %s]", c->printed_type);
  if (c->power != NULL && c->toughness != NULL)
    printf ("  %s/%s", c->power, c->toughness);
  if (c->loyalty != NULL)
    printf ("  loyalty %s", c->loyalty);
  if (c->defense != NULL)
    printf ("  defense %s", c->defense);
  printf ("\n  colours: ");
  if (c->colors == 0)
    printf ("colourless");
  for (int i = 0; i < 5; i++)
    if (c->colors & (1u << i))
      putchar ("WUBRG"[i]);
  if (c->keywords[0] != NULL) {
    g_autofree char *kw = g_strjoinv (", ", (char **) c->keywords);
    printf ("\n  keywords: %s", kw);
  }
  printf ("\n");
  for (guint i = 0; i < c->n_faces; i++) {
    const TsCardFace *f = &c->faces[i];
    printf ("  face %u: %s  %s  %s", i + 1, f->name, f->mana_cost, f->type_line);
    if (f->power != NULL && f->toughness != NULL)
      printf ("  %s/%s", f->power, f->toughness);
    if (f->loyalty != NULL)
      printf ("  loyalty %s", f->loyalty);
    printf ("\n");
  }
  if (c->n_printings > 0) {
    printf ("  printings:");
    for (guint i = 0; i < c->n_printings; i++)
      printf ("%s %s %s (%s, %s)", i > 0 ? "," : "", c->printings[i].set,
              c->printings[i].collector_number != NULL ? c->printings[i].collector_number : "",
              c->printings[i].rarity != NULL ? c->printings[i].rarity : "?",
              c->printings[i].released != NULL ? c->printings[i].released : "?");
    printf ("\n");
  }
}

static void
print_json_node (JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);
  printf ("%s\n", text);
  fflush (stdout);
}

static int
cards_lookup (int argc, char **argv)
{
  g_autofree char *cards_path = NULL;
  gboolean as_json = FALSE;
  const GOptionEntry entries[] = {
    { "cards", 0, 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database: Scryfall JSON or a tablesight database (default: bundled Alpha)", "DB" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, "Print the card as JSON", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("NAME — print a card's facts");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Finds the card by exact name, ignoring case and accents; a face name finds its card.");
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  if (argc < 2) {
    fprintf (stderr, "tablesight cards lookup: give a card name (see --help)\n");
    return 2;
  }
  g_autofree char *name = g_strjoinv (" ", argv + 1);
  g_autoptr (TsCardDb) db = open_cards (cards_path);
  if (db == NULL)
    return 1;
  const TsCard *c = ts_carddb_lookup (db, name);
  if (c == NULL) {
    g_autoptr (TsMatcher) m = ts_matcher_new (db);
    TsMatch best[3];
    guint n = ts_matcher_match (m, name, best, G_N_ELEMENTS (best));
    fprintf (stderr, "tablesight cards lookup: no card named \"%s\"", name);
    for (guint i = 0; i < n; i++)
      fprintf (stderr, "%s\"%s\"", i == 0 ? "; closest: " : ", ", best[i].name);
    fprintf (stderr, "\n");
    return 1;
  }
  if (as_json) {
    g_autoptr (JsonNode) node = card_to_json (c);
    print_json_node (node);
  } else {
    print_card (c);
  }
  return 0;
}

/* ---- match -------------------------------------------------------------------------------- */

/* Scores to three decimals: enough to rank, and stable in text output. */
static double
round_score (double s)
{
  return round (s * 1000.0) / 1000.0;
}

static void
append_json_string (GString *out, const char *s)
{
  g_autoptr (JsonNode) node = json_node_init_string (json_node_alloc (), s);
  g_autofree char *text = json_to_string (node, FALSE);
  g_string_append (out, text);
}

static void
print_matches (const TsMatcher *m, const char *query, guint n_max, gboolean as_json)
{
  g_autofree TsMatch *out = g_new0 (TsMatch, n_max);
  guint n = ts_matcher_match (m, query, out, n_max);
  if (!as_json) {
    for (guint i = 0; i < n; i++)
      printf ("%.3f  %s\n", round_score (out[i].score), out[i].name);
    if (n == 0)
      printf ("(no candidates)\n");
    fflush (stdout);
    return;
  }
  /* json-glib writes doubles with 17 digits (0.91500000000000004); scores are written with
   * three decimals by hand, strings are escaped by json-glib */
  GString *line = g_string_new ("{\"query\": ");
  append_json_string (line, query);
  g_string_append (line, ", \"candidates\": [");
  for (guint i = 0; i < n; i++) {
    g_string_append (line, i > 0 ? ", {\"name\": " : "{\"name\": ");
    append_json_string (line, out[i].name);
    char score[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf (line, ", \"score\": %s}",
                            g_ascii_formatd (score, sizeof score, "%.3f", round_score (out[i].score)));
  }
  g_string_append (line, "]}\n");
  fputs (line->str, stdout);
  fflush (stdout);
  g_string_free (line, TRUE);
}

static int
cards_match (int argc, char **argv)
{
  g_autofree char *cards_path = NULL;
  gboolean as_json = FALSE;
  int n_max = DEFAULT_CANDIDATES;
  const GOptionEntry entries[] = {
    { "cards", 0, 0, G_OPTION_ARG_FILENAME, &cards_path,
      "Card database: Scryfall JSON or a tablesight database (default: bundled Alpha)", "DB" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json,
      "Print {\"query\": Q, \"candidates\": [{\"name\": N, \"score\": S}, ...]}", NULL },
    { "candidates", 'n', 0, G_OPTION_ARG_INT, &n_max, "How many candidates (default: 5)", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("TEXT|- — match OCR text to card names");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_set_description (ctx,
    "Prints the card and face names closest to TEXT, best first, with a score from 0 to 1\n"
    "(1: the same name apart from case, accents and punctuation). With '-', reads one text\n"
    "per line from standard input and answers each line as it comes, loading the database\n"
    "once; with --json every answer is one line of JSON.");
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  if (argc < 2) {
    fprintf (stderr, "tablesight cards match: give the text to match, or '-' (see --help)\n");
    return 2;
  }
  if (n_max < 1 || n_max > 1000) {
    fprintf (stderr, "tablesight cards match: -n must be between 1 and 1000\n");
    return 2;
  }
  g_autoptr (TsCardDb) db = open_cards (cards_path);
  if (db == NULL)
    return 1;
  g_autoptr (TsMatcher) m = ts_matcher_new (db);

  if (argc == 2 && strcmp (argv[1], "-") == 0) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline (&line, &cap, stdin)) >= 0) {
      while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        line[--len] = '\0';
      /* the query is echoed back, so it must be valid UTF-8 in the output */
      g_autofree char *query = g_utf8_make_valid (line, len);
      print_matches (m, query, (guint) n_max, as_json);
    }
    free (line);
    return 0;
  }
  g_autofree char *joined = g_strjoinv (" ", argv + 1);
  g_autofree char *query = g_utf8_make_valid (joined, -1);
  print_matches (m, query, (guint) n_max, as_json);
  return 0;
}

int
ts_cmd_cards (int argc, char **argv)
{
  static const struct {
    const char *name;
    TsCommandFunc run;
  } subcommands[] = {
    { "import", cards_import },
    { "lookup", cards_lookup },
    { "match", cards_match },
  };
  if (argc < 2) {
    print_cards_usage (stderr);
    return 2;
  }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0) {
    print_cards_usage (stdout);
    return 0;
  }
  for (gsize i = 0; i < G_N_ELEMENTS (subcommands); i++) {
    if (strcmp (argv[1], subcommands[i].name) == 0) {
      g_autofree char *prog = g_strdup_printf ("%s %s", argv[0], subcommands[i].name);
      argv[1] = prog;
      return subcommands[i].run (argc - 1, argv + 1);
    }
  }
  fprintf (stderr, "tablesight cards: unknown subcommand '%s'\n\n", argv[1]);
  print_cards_usage (stderr);
  return 2;
}
