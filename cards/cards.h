/* cards.h — public interface of libtscards: card facts, the card database (open, look up,
 * import from Scryfall bulk JSON) and matching noisy OCR text against card names.
 *
 * Ownership: every TsCard, TsCardFace, TsPrinting and string reachable from a TsCardDb belongs
 * to that database and stays valid until ts_carddb_free(). Callers never free them.
 * Errors are returned as GError in the TS_CARDS_ERROR domain; nothing is printed.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

#define TS_CARDS_ERROR (ts_cards_error_quark ())
GQuark ts_cards_error_quark (void);

typedef enum {
  TS_CARDS_ERROR_IO,        /* file missing or unreadable */
  TS_CARDS_ERROR_PARSE,     /* malformed JSON, truncated file, bad UTF-8; message names the position */
  TS_CARDS_ERROR_FORMAT,    /* valid JSON or SQLite, but not a card file tablesight understands */
  TS_CARDS_ERROR_DB,        /* SQLite failed */
  TS_CARDS_ERROR_NOT_FOUND, /* no card of that name */
} TsCardsError;

/* Colours, a bit each, in the W U B R G order cards print them. */
typedef enum {
  TS_COLOR_WHITE = 1 << 0,
  TS_COLOR_BLUE  = 1 << 1,
  TS_COLOR_BLACK = 1 << 2,
  TS_COLOR_RED   = 1 << 3,
  TS_COLOR_GREEN = 1 << 4,
} TsColor;

/* Card types. INTERRUPT is the 1993 printed type of cards that the modern Oracle text calls
 * instants (Counterspell, Blue Elemental Blast, ...); the bundled Alpha data carries it so the
 * classic rules profile can tell interrupts from instants. */
typedef enum {
  TS_TYPE_ARTIFACT     = 1 << 0,
  TS_TYPE_BATTLE       = 1 << 1,
  TS_TYPE_CREATURE     = 1 << 2,
  TS_TYPE_ENCHANTMENT  = 1 << 3,
  TS_TYPE_INSTANT      = 1 << 4,
  TS_TYPE_KINDRED      = 1 << 5,
  TS_TYPE_LAND         = 1 << 6,
  TS_TYPE_PLANESWALKER = 1 << 7,
  TS_TYPE_SORCERY      = 1 << 8,
  TS_TYPE_INTERRUPT    = 1 << 9,
  TS_TYPE_OTHER        = 1 << 10, /* Conspiracy, Plane, Scheme, ... */
} TsCardType;

typedef enum {
  TS_SUPERTYPE_BASIC     = 1 << 0,
  TS_SUPERTYPE_LEGENDARY = 1 << 1,
  TS_SUPERTYPE_SNOW      = 1 << 2,
  TS_SUPERTYPE_WORLD     = 1 << 3,
  TS_SUPERTYPE_ONGOING   = 1 << 4,
} TsSupertype;

/* Keyword abilities the rules engine acts on. Every keyword, known here or not, is also kept
 * as text in TsCard.keywords. */
typedef enum {
  TS_KW_FLYING         = 1 << 0,
  TS_KW_FIRST_STRIKE   = 1 << 1,
  TS_KW_DOUBLE_STRIKE  = 1 << 2,
  TS_KW_TRAMPLE        = 1 << 3,
  TS_KW_VIGILANCE      = 1 << 4,
  TS_KW_HASTE          = 1 << 5,
  TS_KW_REACH          = 1 << 6,
  TS_KW_DEATHTOUCH     = 1 << 7,
  TS_KW_LIFELINK       = 1 << 8,
  TS_KW_DEFENDER       = 1 << 9,
  TS_KW_BANDING        = 1 << 10,
  TS_KW_MENACE         = 1 << 11,
  TS_KW_HEXPROOF       = 1 << 12,
  TS_KW_INDESTRUCTIBLE = 1 << 13,
  TS_KW_FLASH          = 1 << 14,
  TS_KW_SHROUD         = 1 << 15,
  TS_KW_FEAR           = 1 << 16,
  TS_KW_INTIMIDATE     = 1 << 17,
  TS_KW_PLAINSWALK     = 1 << 18,
  TS_KW_ISLANDWALK     = 1 << 19,
  TS_KW_SWAMPWALK      = 1 << 20,
  TS_KW_MOUNTAINWALK   = 1 << 21,
  TS_KW_FORESTWALK     = 1 << 22,
  TS_KW_PROT_WHITE     = 1 << 23, /* protection from white */
  TS_KW_PROT_BLUE      = 1 << 24,
  TS_KW_PROT_BLACK     = 1 << 25,
  TS_KW_PROT_RED       = 1 << 26,
  TS_KW_PROT_GREEN     = 1 << 27,
} TsKeyword;

typedef enum {
  TS_LAYOUT_NORMAL,
  TS_LAYOUT_SPLIT,
  TS_LAYOUT_TRANSFORM,
  TS_LAYOUT_MODAL_DFC,
  TS_LAYOUT_ADVENTURE,
  TS_LAYOUT_FLIP,
  TS_LAYOUT_MELD,
  TS_LAYOUT_OTHER,
} TsLayout;

typedef struct {
  const char *set;              /* set code, upper case: "LEA" (Scryfall's "lea" is raised) */
  const char *collector_number; /* as printed, may hold letters: "15a" */
  const char *rarity;           /* common | uncommon | rare | mythic | special | bonus */
  const char *released;         /* "YYYY-MM-DD" */
} TsPrinting;

typedef struct {
  const char *name;
  const char *mana_cost;        /* "{1}{R}"; "" when none */
  const char *type_line;
  guint types;                  /* TsCardType bits */
  guint supertypes;             /* TsSupertype bits */
  guint colors;                 /* TsColor bits */
  const char *power;            /* NULL unless a creature; may be "*" or "1+*" */
  const char *toughness;
  const char *loyalty;          /* NULL unless a planeswalker */
} TsCardFace;

typedef struct {
  const char *name;             /* Scryfall style; faces joined with " // " */
  const char *mana_cost;        /* "{3}{R}"; "" when none */
  double cmc;                   /* converted mana cost */
  guint colors;                 /* TsColor bits */
  const char *type_line;        /* "Legendary Creature — Elf Druid" (U+2014 dash) */
  guint types;                  /* TsCardType bits, union over faces */
  guint supertypes;             /* TsSupertype bits */
  const char *const *subtypes;  /* NULL-terminated, front face: {"Elf", "Druid", NULL} */
  const char *power;            /* NULL unless a creature (front face) */
  const char *toughness;
  const char *loyalty;
  const char *defense;          /* battles */
  guint64 keyword_flags;        /* TsKeyword bits */
  const char *const *keywords;  /* NULL-terminated, as in the source: "Flying", "Cycling" */
  TsLayout layout;
  const TsCardFace *faces;      /* n_faces entries; 0 for single-faced cards */
  guint n_faces;
  const TsPrinting *printings;  /* n_printings entries, oldest first */
  guint n_printings;
  const char *printed_type;     /* the 1993 printed type where it differs from type_line
                                 * ("Interrupt", which also sets TS_TYPE_INTERRUPT in types
                                 * beside TS_TYPE_INSTANT); NULL otherwise */
  gboolean digital_only;        /* every printing is in an Arena/MTGO-only set */
  gboolean joke_set_only;       /* every printing is in an Un-set or other joke set */
} TsCard;

/* Parses a mana cost such as "{2}{R}{R}" into generic and per-colour amounts.
 * out_colored is indexed W U B R G. Hybrid, Phyrexian and X symbols are counted in *out_other
 * (X counts as 0 towards cmc). Returns FALSE on text that is not a mana cost. */
gboolean ts_mana_cost_parse (const char *cost, int *out_generic, int out_colored[5],
                             int *out_x, int *out_other);

/* ---- database ---------------------------------------------------------------------------- */

typedef struct TsCardDb TsCardDb;

/* Opens a card database: a tablesight database file (SQLite, recognised by its header), or a
 * Scryfall-format JSON file (imported into memory on the fly; malformed entries are left out
 * silently, use ts_cards_import() to see them). path NULL opens the bundled Limited Edition
 * Alpha set (290 cards, compiled into the program). Returns NULL and sets error on failure.
 * Free with ts_carddb_free(). An opened database is read-only: any number of threads may
 * query it at once. */
TsCardDb *ts_carddb_open (const char *path, GError **error);
TsCardDb *ts_carddb_open_default (GError **error);
void ts_carddb_free (TsCardDb *db);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsCardDb, ts_carddb_free)

guint ts_carddb_count (const TsCardDb *db);
/* The i-th card, 0 <= i < count, in name order. */
const TsCard *ts_carddb_nth (const TsCardDb *db, guint i);
/* Exact lookup, folding case and accents; also finds a card by one of its face names
 * ("Fire" finds "Fire // Ice"). NULL when there is none. */
const TsCard *ts_carddb_lookup (const TsCardDb *db, const char *name);

/* Writes db as a tablesight database file at path (replacing it; written beside it first and
 * renamed, so a failure leaves any old file). */
gboolean ts_carddb_save (const TsCardDb *db, const char *path, GError **error);

/* ---- import ------------------------------------------------------------------------------ */

typedef struct {
  guint n_cards;        /* card objects stored */
  guint n_faces;
  guint n_printings;
  guint n_skipped;      /* malformed or duplicate entries left out */
  guint n_merged;       /* entries repeating a name with new printings (Scryfall "Default
                         * Cards" has one per printing): printings added to the first */
  GPtrArray *problems;  /* char *, one line each: "line 12, byte 3456: card has no name";
                         * lines count from 1, bytes are offsets from the file's start */
} TsImportReport;

void ts_import_report_clear (TsImportReport *report);

/* Progress: bytes read so far of total (total 0 when unknown). */
typedef void (*TsImportProgressFunc) (guint64 done, guint64 total, gpointer user_data);

/* Streams a Scryfall bulk-data JSON file (an array of card objects: "Oracle Cards" or
 * "Default Cards") into a new tablesight database at db_path (replacing it). Unknown fields
 * are ignored; malformed entries are skipped and listed in report->problems with their
 * position. Fails (FALSE, error set) only when the file cannot be read at all or the JSON is
 * broken beyond the point of recovery; entries read before that point are kept.
 * report may be NULL; progress may be NULL. */
gboolean ts_cards_import (const char *json_path, const char *db_path, TsImportReport *report,
                          TsImportProgressFunc progress, gpointer user_data, GError **error);

/* ---- name matching ----------------------------------------------------------------------- */

typedef struct TsMatcher TsMatcher;

typedef struct {
  const char *name;     /* the matched name: the card's name, or the face name that matched;
                         * owned by the database */
  const TsCard *card;
  double score;         /* 0..1; 1 is an exact match after folding case, accents, spaces and
                         * punctuation; never higher than the score of the candidate before */
} TsMatch;

/* Builds the matching index over every card and face name of db. db must outlive the
 * matcher. Free with ts_matcher_free(). */
TsMatcher *ts_matcher_new (const TsCardDb *db);
void ts_matcher_free (TsMatcher *matcher);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsMatcher, ts_matcher_free)

/* Fills out[0..max_out) with the best candidates for noisy OCR text, best first, and returns
 * how many it filled (0 for text with no letters or digits). Safe to call from several
 * threads at once on one matcher. About 0.15 ms per call over the 33,500 names of the full
 * card list. */
guint ts_matcher_match (const TsMatcher *matcher, const char *query, TsMatch *out, guint max_out);

G_END_DECLS
