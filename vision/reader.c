/* reader.c — one title: warp it upright, clean it up, OCR it with Tesseract (single line)
 * and match the text against the card database, trying the other way up when the first
 * reading does not match. */
#include "reader.h"
#include "cputime.h"
#include "cv.h"
#include "rectify.h"

#include <tesseract/capi.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

/* Tesseract's LSTM reads best with capitals about 30 px tall; the title band is warped to
 * this height (pixels), text included with its margins. */
#define LINE_HEIGHT 44
/* On a flattened strip (ground 255): darker than INK_LEVEL is ink; lighter than
 * FAINT_LEVEL is ground, shadows of lines and noise, and goes white. */
#define INK_LEVEL 180
#define FAINT_LEVEL 225
#define FIND_HEIGHT 64
#define TEXT_HEIGHT 36
#define OCR_MAX_WIDTH 1400
/* Grey levels: the least stroke depth (below its ground) that flatten() stretches to full
 * contrast. Lowering it reads fainter letters under glare and raises more grain to ink. */
#define CONTRAST_FLOOR 48
/* Art and table texture stretched to full contrast can make Tesseract see a short word
 * ("Web", "Mind"), at low confidence: in a line found alone, searched as a band, a name of
 * SHORT_NAME letters or fewer is taken only when Tesseract's mean confidence (0..100) is at
 * least SHORT_CONF. Raising either loses short names read under glare. */
#define SHORT_NAME 6
#define SHORT_CONF 60
/* Score by which a reading of the band placed on the outline grown to a whole card must
 * beat a name already read on the outline as found (see ts_reader_read()). */
#define GROWN_MARGIN 0.06
/* The soft strips' unsharp mask (see soft_strip()): its blur (pixels of a strip whose
 * letters are TEXT_HEIGHT tall) and its weight. */
#define SOFT_SHARPEN_SIGMA 4.0
#define SOFT_SHARPEN_AMOUNT 2.0
/* The third soft strip is deblurred first: Richardson-Lucy iterations with a Gaussian of
 * the blur its edges show (ts_cv_edge_sigma()). Fewer leave the letters as grey as the soft
 * strip's (10 read nothing more on the hard synthetic tables, 30 and 60 read one more name,
 * "Gloom"); a wider Gaussian than measured (1.6 times) reads it no more. */
#define SOFT_DEBLUR_ITERATIONS 30
/* A reading at or above this score is taken without trying the other way up. */
#define SURE_SCORE 0.93
/* A lone line whose search as a band came this near a name (a reading that is not close to
 * it scores at most half its similarity: "Nettling Lnp" 0.42) is read from its soft strips
 * too. Lowering it reads more lines again for little: at 0.3, 501 of the 1170 dev photos'
 * candidates that gave no name were (53 at 0.4), for one more name on the hard synthetic
 * tables and none on the photos. */
#define SOFT_LINE_SCORE 0.4
/* The default least score of a name reported (see ts_reader_set_min_score()). */
#define DEFAULT_MIN_SCORE 0.80
/* Room searched above and below a band for its text row, as a share of its height. */
#define BAND_ROOM 0.15
/* A band's text row weighing less (about how many letters, see TextRow) is not read. */
#define MIN_ROW_WEIGHT 2.5
/* A line found alone less than this many times as long as it is tall holds two or three
 * letters: a piece of a name, of rules text or of art. Searched as a band, such a line gives
 * a name, or a piece of one that is then lengthened (try_longer()), from the band as found;
 * it is not searched again with more room above, nor read again in the other polarity when
 * the polarity votes disagree, nor read as one raw line when its strip reads nothing. */
#define SHORT_LINE_ASPECT 2.5

/* The line of text in a strip: the rows its letters span and the columns of its longest
 * run of words. */
typedef struct {
  int x0, x1;      /* columns, inclusive */
  int y0, y1;      /* rows of the letters' bodies, inclusive */
  double weight;   /* how much text it holds: about how many letters */
  double ground;   /* share of its box that is not ink (see ground_share) */
} TextRow;

/* A band of the candidate being read searched for its text rows: its grey strip and the
 * row of each polarity, as strip_row() found them (looked: searched). A band is searched
 * several times over (whether it holds text, then the search itself, its other polarity, its
 * soft strips): the same strip, the same rows. */
#define BAND_ROWS_KEPT 4
typedef struct {
  const TsImage *image;  /* NULL: none kept */
  double band[4][2];
  double focus;
  TsImage *gray;
  gboolean looked[2], found[2];
  TextRow row[2];
} BandRows;

struct TsReader {
  const TsCardDb *db;
  const TsMatcher *matcher;
  TessBaseAPI *api;
  char *words_path;
  /* The least score of a name reported, and the score from which a reading counts as a
   * name while looking for one (retries, other polarity, longer lines): the two differ
   * only when min_score is set below the default, which must report more, not make the
   * reader stop at its first reading. */
  double min_score;
  double name_score;
  /* Tesseract's mean word confidence (0..100) of the text read_title() last returned. */
  int last_conf;
  /* Room searched above a band for its text row (share of its height). */
  double room_above;
  /* Set while a lengthened line is read (try_longer()): the part across, 0..1, where the
   * line first found lies, which the strip's contrast may be taken from (stretch_over()). */
  double line_core[2];
  /* Timing: totals, the path being run, and the candidate being read. */
  TsReaderTiming timing;
  TsReadPath path;
  TsReadPath gave;         /* the path whose reading out holds */
  /* The bands last searched for their text rows (see band_gray()): a line's, each way up,
   * as found and with more room above. */
  BandRows band_rows[BAND_ROWS_KEPT];
  guint band_rows_next;    /* the one to replace next */
  BandRows *band_now;      /* the one band_gray() last gave */
  TsReadPath text_path;    /* the path that read the text ocr_title() or read_title() gave */
  TsReadPathTiming cur[TS_READ_N_PATHS];
  /* The card names' words (folded, see fold_letters()), sorted, and the same reversed: a
   * token read at a line's cut end is a prefix or a suffix of one. */
  GPtrArray *words;
  GPtrArray *words_reversed;
  /* Every run of words of a card (face) name other than the whole (folded, see fold()):
   * a name read that is one of these may be part of a longer name. */
  GHashTable *name_parts;
  /* Whether a reading of the candidate being read may be part of a card's name (see
   * may_be_name_part()). */
  gboolean read_name_word;
  /* The polarity of a lone line's text as its first read took it (1 light, 0 dark; -1
   * before it is read, and for a card): see read_title(). */
  int line_light;
  /* Whether the candidate being read is a short line found alone (SHORT_LINE_ASPECT), or a
   * card's outline. */
  gboolean short_line, outline;
  /* Whether Tesseract is set to read a low-confidence line inverted too. */
  gboolean invert;
  /* Whether Tesseract is set to weigh each letter's alternatives (see set_choices()). */
  gboolean choices;
  /* The strip prepare_strip() makes of a band's text row (see StripStyle). */
  int strip_style;
  /* Tesseract's choices for each letter of the text read_title() last returned (Slot);
   * empty when it was read without them (see set_choices()). */
  GArray *lattice;
  /* TS_READER_DUMP=DIR: every strip given to Tesseract is written there, numbered, to be
   * looked at (NULL when unset). */
  char *dump_dir;
  guint n_dumped;
  /* The outline of the text row of the reading read_better() kept last, in the image
   * ([0][0] < 0 when it read a line as found, or found no row). */
  double kept_row[4][2];
};

/* Forgets the band kept (its image may be freed, and another made where it lay). */
static void
band_rows_clear (BandRows *b)
{
  g_clear_pointer (&b->gray, ts_image_free);
  b->image = NULL;
}

/* One letter of a line Tesseract read, with its alternatives: the letter read first, then
 * the others most likely, each with Tesseract's confidence (0..100). */
#define N_ALTERNATIVES 3
#define N_CHOICES (1 + N_ALTERNATIVES)
typedef struct {
  char text[N_CHOICES][8];
  float conf[N_CHOICES];
  guint8 n;
  gboolean word_start;  /* the first letter of a word other than the line's first */
} Slot;

/* How a band's text row is made ready for Tesseract: cleaned (flattened, stretched under
 * glare, sharpened, all that is not a letter painted white), or soft (see soft_strip()),
 * without or with a wide unsharp mask, or deblurred. */
typedef enum { STRIP_CLEAN, STRIP_SOFT, STRIP_SOFT_SHARP, STRIP_SOFT_DEBLUR } StripStyle;

/* Whether Tesseract should also read a line it is unsure of inverted (which doubles its
 * time on what is not text, most of what is read). Only a card's band read first: the
 * polarity of a blurred band can be chosen wrong, and the other reads of it are as blurred
 * (synthetic hard scene 1009: a Grizzly Bears read from its outline only so). Not a line
 * found alone, most candidates: every strip is made dark on light first, and its band
 * searches vote on the polarity and read the other when the votes disagree. Without it there
 * the dev photos gave the same names (350 of 362 lines) at 31.4 and 38.2 ms of CPU a
 * candidate, two runs alternating with the build before on a busy machine (41.0 and 40.4);
 * the synthetic sets the same names of readable titles (936 of 977); eight live games read
 * afresh the same events. */
static gboolean
path_inverts (const TsReader *reader)
{
  return reader->outline && reader->path == TS_READ_PATH_FIRST;
}

/* Sets whether Tesseract reads a line it is unsure of inverted too (its time doubles). */
static void
set_invert (TsReader *reader, gboolean invert)
{
  if (invert == reader->invert)
    return;
  TessBaseAPISetVariable (reader->api, "tessedit_do_invert", invert ? "1" : "0");
  reader->invert = invert;
}

/* Sets whether Tesseract weighs each letter's alternatives (read per line, like
 * tessedit_do_invert: Tesseract passes lstm_choice_mode to each line it recognises). Its
 * decoder runs once more for each alternative; only readings of a band placed on a card
 * outline gained from them (blurred names on the synthetic tables), none of a line found
 * alone, which most candidates on the dev photos are. */
static void
set_choices (TsReader *reader, gboolean choices)
{
  if (choices == reader->choices)
    return;
  TessBaseAPISetVariable (reader->api, "lstm_choice_mode", choices ? "2" : "0");
  reader->choices = choices;
}

typedef enum { STAGE_RECTIFY, STAGE_OCR, STAGE_MATCH } Stage;

void
ts_reading_clear (TsReading *reading)
{
  if (!reading)
    return;
  g_free (reading->text);
  memset (reading, 0, sizeof *reading);
}

/* Tesseract's user-words list: every word of every card name, once. */
static char *
write_user_words (const TsCardDb *db, GError **error)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  for (guint i = 0; i < ts_carddb_count (db); i++) {
    const TsCard *card = ts_carddb_nth (db, i);
    g_auto (GStrv) words = g_strsplit_set (card->name, " /", -1);
    for (char **w = words; *w; w++) {
      if (**w == '\0' || g_hash_table_contains (seen, *w))
        continue;
      g_hash_table_add (seen, g_strdup (*w));
      g_string_append (text, *w);
      g_string_append_c (text, '\n');
    }
  }
  char *path = NULL;
  int fd = g_file_open_tmp ("tablesight-words-XXXXXX.txt", &path, error);
  if (fd < 0)
    return NULL;
  close (fd);
  if (!g_file_set_contents (path, text->str, (gssize) text->len, error)) {
    g_unlink (path);
    g_free (path);
    return NULL;
  }
  return path;
}

static char *fold (const char *s);

/* Lower-case letters only: the form tokens and name words are compared in by
 * may_be_name_part() ("Pack's" is "packs", "Silent-Chant" "silentchant"). */
static char *
fold_letters (const char *s)
{
  GString *out = g_string_new (NULL);
  for (; *s; s++)
    if (g_ascii_isalpha (*s))
      g_string_append_c (out, g_ascii_tolower (*s));
  return g_string_free (out, FALSE);
}

static int
compare_strs (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
index_names (TsReader *reader)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  reader->words = g_ptr_array_new_with_free_func (g_free);
  reader->words_reversed = g_ptr_array_new_with_free_func (g_free);
  reader->name_parts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < ts_carddb_count (reader->db); i++) {
    g_auto (GStrv) faces = g_strsplit (ts_carddb_nth (reader->db, i)->name, " // ", -1);
    for (char **f = faces; *f; f++) {
      g_auto (GStrv) words = g_strsplit (*f, " ", -1);
      guint n = g_strv_length (words);
      for (guint a = 0; a < n; a++) {
        char *w = fold_letters (words[a]);
        if (*w == '\0' || g_hash_table_contains (seen, w)) {
          g_free (w);
        } else {
          g_hash_table_add (seen, w);
          g_ptr_array_add (reader->words, w);
          g_ptr_array_add (reader->words_reversed, g_utf8_strreverse (w, -1));
        }
        for (guint b = a + 1; b <= n; b++) {
          if (a == 0 && b == n)
            continue;
          char *saved = words[b];
          words[b] = NULL;
          g_autofree char *run = g_strjoinv (" ", words + a);
          words[b] = saved;
          char *part = fold (run);
          if (*part && !g_hash_table_contains (reader->name_parts, part))
            g_hash_table_add (reader->name_parts, part);
          else
            g_free (part);
        }
      }
    }
  }
  /* words owns its strings; seen only pointed at them. */
  g_ptr_array_sort (reader->words, compare_strs);
  g_ptr_array_sort (reader->words_reversed, compare_strs);
}

/* Whether some word in sorted words starts with prefix. */
static gboolean
has_prefix (const GPtrArray *words, const char *prefix)
{
  guint lo = 0, hi = words->len;
  while (lo < hi) {
    guint mid = (lo + hi) / 2;
    if (strcmp (g_ptr_array_index (words, mid), prefix) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < words->len && g_str_has_prefix (g_ptr_array_index (words, lo), prefix);
}

/* Whether text, read with Tesseract's mean confidence conf, may be part of a card's name:
 * it holds a token of NAME_WORD letters or more that begins or ends a word of some card
 * name (a name cut off by its line's end: "Infer", "of Chaos"), or a word of three letters
 * or more read at WORD_CONF or above (a piece from within a word: "unt" of "Counterspell").
 * What OCR makes of art and texture ("ee", "SoS", read unsure) seldom is. */
#define NAME_WORD 4
#define WORD_CONF 80
static gboolean
may_be_name_part (const TsReader *reader, const char *text, int conf)
{
  g_auto (GStrv) tokens = g_strsplit (text, " ", -1);
  for (char **t = tokens; *t; t++) {
    g_autofree char *w = fold_letters (*t);
    if (strlen (w) >= 3 && conf >= WORD_CONF)
      return TRUE;
    if (strlen (w) < NAME_WORD)
      continue;
    g_autofree char *r = g_utf8_strreverse (w, -1);
    if (has_prefix (reader->words, w) || has_prefix (reader->words_reversed, r))
      return TRUE;
  }
  return FALSE;
}

TsReader *
ts_reader_new (const TsCardDb *db, const TsMatcher *matcher, GError **error)
{
  g_return_val_if_fail (db != NULL && matcher != NULL, NULL);
  g_autofree char *words = write_user_words (db, error);
  if (!words)
    return NULL;

  TessBaseAPI *api = TessBaseAPICreate ();
  /* Init-only settings: our word list, no resolution guessing, no debug file noise. */
  char *names[] = { (char *) "user_words_file", (char *) "load_freq_dawg",
                    (char *) "debug_file" };
  char *values[] = { words, (char *) "0", (char *) "/dev/null" };
  if (TessBaseAPIInit4 (api, NULL, "eng", OEM_LSTM_ONLY, NULL, 0, names, values, 3, FALSE) != 0) {
    TessBaseAPIDelete (api);
    g_unlink (words);
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_OCR,
                 "Tesseract could not start with English data (is tesseract-ocr-eng "
                 "installed, or TESSDATA_PREFIX set?)");
    return NULL;
  }
  TessBaseAPISetPageSegMode (api, PSM_SINGLE_LINE);
  TessBaseAPISetVariable (api, "user_defined_dpi", "300");
  TessBaseAPISetVariable (api, "tessedit_char_whitelist",
                          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                          "',-!.: ");

  TsReader *reader = g_new0 (TsReader, 1);
  reader->db = db;
  reader->matcher = matcher;
  reader->api = api;
  reader->words_path = g_steal_pointer (&words);
  reader->min_score = reader->name_score = DEFAULT_MIN_SCORE;
  reader->room_above = BAND_ROOM;
  reader->invert = TRUE;
  reader->lattice = g_array_new (FALSE, TRUE, sizeof (Slot));
  /* Each letter's alternatives (see match_choices()): a blurred letter's second or third
   * choice is often the right one. Tesseract's decoder runs once more for each alternative
   * (five by default); a Slot keeps N_ALTERNATIVES. Switched on per candidate (set_choices()). */
  TessBaseAPISetVariable (api, "lstm_choice_iterations", G_STRINGIFY (N_ALTERNATIVES));
  index_names (reader);
  reader->dump_dir = g_strdup (g_getenv ("TS_READER_DUMP"));
  return reader;
}

void
ts_reader_free (TsReader *reader)
{
  if (!reader)
    return;
  TessBaseAPIEnd (reader->api);
  TessBaseAPIDelete (reader->api);
  g_unlink (reader->words_path);
  g_free (reader->words_path);
  g_clear_pointer (&reader->words, g_ptr_array_unref);
  g_clear_pointer (&reader->words_reversed, g_ptr_array_unref);
  g_clear_pointer (&reader->name_parts, g_hash_table_unref);
  g_clear_pointer (&reader->lattice, g_array_unref);
  for (guint i = 0; i < BAND_ROWS_KEPT; i++)
    band_rows_clear (&reader->band_rows[i]);
  g_free (reader->dump_dir);
  g_free (reader);
}

void
ts_reader_set_min_score (TsReader *reader, double min_score)
{
  reader->min_score = min_score;
  reader->name_score = MAX (min_score, DEFAULT_MIN_SCORE);
}

double
ts_reader_get_min_score (const TsReader *reader)
{
  return reader->min_score;
}

static double
ms_since (gint64 t0)
{
  return (ts_cputime_now_us () - t0) / 1000.0;
}

/* Charges the time since t0 to stage of the reading and of the path being run. */
static void
spend (TsReader *reader, TsReading *out, Stage stage, gint64 t0)
{
  double ms = ms_since (t0);
  TsReadPathTiming *p = &reader->cur[reader->path];
  switch (stage) {
  case STAGE_RECTIFY:
    out->ms_rectify += ms;
    p->ms_rectify += ms;
    break;
  case STAGE_OCR:
    out->ms_ocr += ms;
    p->ms_ocr += ms;
    break;
  case STAGE_MATCH:
    out->ms_match += ms;
    p->ms_match += ms;
    break;
  }
}

/* Counts a Tesseract call on the path being run. */
static void
count_ocr (TsReader *reader)
{
  TsReadPathTiming *c = &reader->cur[reader->path];
  c->n_ocr++;
  c->n_choices += reader->choices;
}

/* Runs path from here on; returns the path that ran before. */
static TsReadPath
enter_path (TsReader *reader, TsReadPath path)
{
  TsReadPath was = reader->path;
  reader->path = path;
  reader->cur[path].n_runs = 1;
  return was;
}

const char *
ts_read_path_to_string (TsReadPath path)
{
  static const char *const names[TS_READ_N_PATHS] = { "first", "polarity", "other",
                                                      "raw-line", "band", "wider",
                                                      "longer", "soft" };
  return path < TS_READ_N_PATHS ? names[path] : "?";
}

void
ts_reader_get_timing (const TsReader *reader, TsReaderTiming *out)
{
  *out = reader->timing;
}

void
ts_reader_reset_timing (TsReader *reader)
{
  memset (&reader->timing, 0, sizeof reader->timing);
}

/* Adds the candidate just read to the totals of its outcome. */
static void
account (TsReader *reader, const TsReading *out)
{
  TsReadOutcomeTiming *o = out->name ? &reader->timing.named : &reader->timing.unnamed;
  o->n_reads++;
  o->ms += out->ms_rectify + out->ms_ocr + out->ms_match;
  if (out->name)
    o->path[reader->gave].n_gave++;
  for (int i = 0; i < TS_READ_N_PATHS; i++) {
    const TsReadPathTiming *c = &reader->cur[i];
    TsReadPathTiming *p = &o->path[i];
    p->n_runs += c->n_runs;
    p->n_ocr += c->n_ocr;
    p->n_choices += c->n_choices;
    p->ms_rectify += c->ms_rectify;
    p->ms_ocr += c->ms_ocr;
    p->ms_match += c->ms_match;
  }
}

/* The words a type line starts with, in lower case. */
static const char *const type_words[] = { "creature", "artifact", "enchantment", "instant",
                                          "sorcery", "legendary", "summon", "tribal", "kindred",
                                          "planeswalker", "interrupt", "basic", NULL };

static gboolean
is_type_word (const char *t)
{
  for (guint i = 0; type_words[i]; i++)
    if (g_ascii_strcasecmp (t, type_words[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A piece of a type word, the rest hidden by whatever lies over the line ("mmo" of
 * "Summon", "reature"): three letters or more, the first in lower case. */
static gboolean
is_type_piece (const char *t)
{
  if (strlen (t) < 3 || !g_ascii_islower (t[0]))
    return FALSE;
  for (const char *p = t; *p; p++)
    if (!g_ascii_isalpha (*p))
      return FALSE;
  g_autofree char *low = g_ascii_strdown (t, -1);
  for (guint i = 0; type_words[i]; i++)
    if (strstr (type_words[i], low))
      return TRUE;
  return FALSE;
}

/* A token that reads as a word, not as OCR of a mana symbol or frame ornament. */
static gboolean
wordlike (const char *t)
{
  gsize n = strlen (t);
  if (n < 3)
    return FALSE;
  gboolean vowel = FALSE;
  gsize roundish = 0;
  for (const char *p = t; *p; p++) {
    if (!g_ascii_isalpha (*p) && *p != '\'' && *p != '-' && *p != ',')
      return FALSE;
    vowel |= strchr ("aeiouyAEIOUY", *p) != NULL;
    /* Mana symbols are circles: OCR reads them as these. */
    roundish += strchr ("oOeGCcQD", *p) != NULL;
  }
  return vowel && roundish * 10 < n * 6;
}

/* A token of two lower-case letters or more, not all of them the round shapes OCR makes of
 * a mana symbol: the end of a word of rules text cut by a line's end ("er"). */
static gboolean
word_end (const char *t)
{
  gsize n = 0;
  gboolean square = FALSE;
  for (const char *p = t; *p; p++, n++) {
    if (!g_ascii_islower (*p))
      return FALSE;
    square |= strchr ("oec", *p) == NULL;
  }
  return n >= 2 && square;
}

/* What dropping token t from a reading costs (a factor on its score). OCR of a mana symbol
 * or an ornament costs nothing and a short word a little. A long word dropped from the
 * start costs most: OCR seldom makes one of an ornament, and a name's last word is often
 * a card of its own ("WGrotarian Sentinel" is not "Sentinel"). At the end, junk as long
 * is common (a set symbol and the frame read as "sHsiay"). */
static double
drop_cost (const char *t, gboolean leading)
{
  if (!wordlike (t))
    return 1;
  return leading && strlen (t) >= 6 ? 0.7 : 0.85;
}

/* Letters, digits and single spaces, lower case: the form both sides are compared in
 * (spaces count, so "Mi Se" is not "Mise"). */
static char *
fold (const char *s)
{
  GString *out = g_string_new (NULL);
  for (const char *p = s; *p; p++) {
    if (g_ascii_isalnum (*p))
      g_string_append_c (out, g_ascii_tolower (*p));
    else if (*p == ' ' && out->len > 0 && out->str[out->len - 1] != ' ')
      g_string_append_c (out, ' ');
  }
  if (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

/* Whether OCR often reads letter a for letter b (folded, lower case): shapes that differ by
 * a stroke or a bowl ("Inp" for "Imp", "Trontlaw Ores" for "Ironclaw Orcs"). */
static gboolean
confusable (char a, char b)
{
  static const char *const groups[] = { "il1tfj", "o0ce", "mn", "nrh", "uv", "hb", "s5" };
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    if (strchr (groups[i], a) && strchr (groups[i], b))
      return TRUE;
  return FALSE;
}

/* Edit distance from a to b in half edits: a space put in or left out by OCR costs half a
 * letter, and with like, so does a letter read as one of like shape. */
static guint
edit_cost (const char *fa, const char *fb, gboolean like)
{
  gsize la = strlen (fa), lb = strlen (fb);
  g_autofree guint *row = g_new (guint, lb + 1);
  row[0] = 0;
  for (gsize j = 1; j <= lb; j++)
    row[j] = row[j - 1] + (fb[j - 1] == ' ' ? 1 : 2);
  for (gsize i = 1; i <= la; i++) {
    guint diag = row[0];
    row[0] += fa[i - 1] == ' ' ? 1 : 2;
    for (gsize j = 1; j <= lb; j++) {
      guint up = row[j];
      guint sub = fa[i - 1] == fb[j - 1] ? 0 : like && confusable (fa[i - 1], fb[j - 1]) ? 1 : 2;
      guint best = diag + sub;
      best = MIN (best, up + (fa[i - 1] == ' ' ? 1 : 2));
      best = MIN (best, row[j - 1] + (fb[j - 1] == ' ' ? 1 : 2));
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

/* Edits a reading may be off a name for it to count as read whole (name folded or not).
 * Short names must be read exactly: one letter off "Well" is "Wel", a word of its own. */
static double
edits_allowed (const char *name)
{
  gsize n = 0;
  for (const char *p = name; *p; p++)
    n += g_ascii_isalnum (*p) || *p == ' ';
  return n <= 5 ? 0 : n <= 9 ? 1 : n <= 14 ? 2 : 3;
}

/* The spaces in s. */
static guint
count_spaces (const char *s)
{
  guint n = 0;
  for (; *s; s++)
    n += *s == ' ';
  return n;
}

/* Whether the reading fa reads only a stub of the name fb's last word (both folded), the
 * rest of the word cut by whatever ends the line (the band's end, a card lying over it),
 * which other names end in as well:
 *   - the words line up and a last word of three letters or less is read shorter ("Wall of
 *     if" for "Wall of Ice"); read as long, it has a letter misread, not cut ("Lord of the
 *     Pia", hard scene 6008);
 *   - or the name's letters up to its last word are read exactly and then too few of that
 *     word's: fewer than a word of three letters or less has, or half or less of a longer
 *     one's, however OCR spaced them ("Wall of i r" and "Wall of ir" for "Wall of Ice", its
 *     end under the next card of a fan, were "Wall of Air" and "Wall of Fire", hard scene
 *     2001). A word split by OCR ("Wall of A ir") is whole; a letter or so short of a longer
 *     word ("Wall of Fir") is a cut that still names it. */
static gboolean
last_word_cut (const char *fa, const char *fb)
{
  const char *wa = strrchr (fa, ' '), *wb = strrchr (fb, ' ');
  if (wb == NULL)
    return FALSE;
  if (wa && strlen (wb + 1) <= 3 && strlen (wa) < strlen (wb) &&
      count_spaces (fa) == count_spaces (fb))
    return TRUE;
  g_autofree char *head = g_strndup (fb, (gsize) (wb - fb));
  g_autofree char *la = fold_letters (fa);
  g_autofree char *lh = fold_letters (head);
  g_autofree char *lw = fold_letters (wb);
  if (!g_str_has_prefix (la, lh))
    return FALSE;
  gsize read = strlen (la) - strlen (lh), word = strlen (lw);
  return read < word && (word <= 3 || 2 * read <= word);
}

/* 1 - edit distance / longer length, over folded text. The matcher's own score forgives
 * missing text (it finds "Aethersnatch" for "Tethers"); a name is only accepted when the
 * whole of it was read. */
static double
similarity (const char *a, const char *b, gboolean *out_close)
{
  g_autofree char *fa = fold (a);
  g_autofree char *fb = fold (b);
  gsize la = strlen (fa), lb = strlen (fb);
  *out_close = FALSE;
  if (la == 0 || lb == 0)
    return 0;
  double edits = edit_cost (fa, fb, FALSE) / 2.0;
  double allowed = edits_allowed (fb);
  *out_close = edits <= allowed;
  /* Letters read as ones of like shape cost half an edit, but only to let in a reading
   * that whole edits keep out ("Trontlaw Ores"): readings already close keep the score
   * that ranks them (a grown band's "Regencration" must not gain on the name read lower
   * down). */
  if (!*out_close) {
    double like_edits = edit_cost (fa, fb, TRUE) / 2.0;
    if (like_edits <= allowed) {
      *out_close = TRUE;
      edits = like_edits;
    }
  }
  /* A name whose last word was read only in part is not read whole. */
  if (*out_close && last_word_cut (fa, fb))
    *out_close = FALSE;
  return 1.0 - edits / MAX (la, lb);
}

#define N_MATCHES 5

/* Whether a one-token reading starting in lower case is a piece from within a word of some
 * card name other than name's own words: "carrin" is the middle of "Scarring" (a line found
 * on part of "Infernal Scarring"), read exactly there, while "Carrion" it would match only
 * with a letter put in. A name's first letter is a capital; a reading that starts lower
 * case and spells the inside of another name's word better than it spells the name is that
 * word's piece, not the name. */
static gboolean
is_word_piece (const TsReader *reader, const char *sub, const char *name)
{
  const char *first = sub;
  while (*first && !g_ascii_isalpha (*first))
    first++;
  if (!g_ascii_islower (*first) || strchr (sub, ' '))
    return FALSE;
  g_autofree char *piece = fold_letters (sub);
  g_autofree char *whole = fold_letters (name);
  gsize n = strlen (piece);
  if (n < 3 || strcmp (piece, whole) == 0)
    return FALSE;
  /* The name's own words, in the words' folded form. */
  g_auto (GStrv) own = g_strsplit (name, " ", -1);
  for (char **o = own; *o; o++) {
    char *fo = fold_letters (*o);
    g_free (*o);
    *o = fo;
  }
  for (guint i = 0; i < reader->words->len; i++) {
    const char *w = g_ptr_array_index (reader->words, i);
    if (strlen (w) > n && strstr (w, piece) && !g_strv_contains ((const char *const *) own, w))
      return TRUE;
  }
  return FALSE;
}

/* Whether text has three letters or more and no lower-case one. */
static gboolean
all_capitals (const char *text)
{
  guint letters = 0;
  for (const char *p = text; *p; p++) {
    if (g_ascii_islower (*p))
      return FALSE;
    letters += g_ascii_isupper (*p) != 0;
  }
  return letters >= 3;
}

/* Best match for the OCR text and for it with leading or trailing tokens dropped: a
 * title band also holds mana symbols and frame ornaments that OCR turns into stray
 * letters at either end. Dropping a token that looks like a real word costs score, so
 * "Wall of One Thousand" cannot become "Wall of Bone" by losing its end. The score is the
 * mean of the matcher's score and the whole-text similarity. */
static void
match_text (const TsReader *reader, const char *text, TsMatch *best)
{
  memset (best, 0, sizeof *best);
  g_auto (GStrv) tokens = g_strsplit (text, " ", -1);
  guint n = g_strv_length (tokens);
  for (guint a = 0; a < n && a < 2; a++) {
    for (guint b = n; b > a && n - b < 4; b--) {
      double penalty = 1;
      /* A card type next to the words is the type line ("Creature — Illusion"), whose
       * subtypes are often card names too; so is the end of one. */
      for (guint k = 0; k < a; k++)
        if (is_type_word (tokens[k]) || is_type_piece (tokens[k]))
          penalty = 0;
      for (guint k = 0; k < a; k++)
        penalty *= drop_cost (tokens[k], TRUE);
      for (guint k = b; k < n; k++)
        penalty *= drop_cost (tokens[k], FALSE);
      /* A word in lower case dropped beside the words kept, or the lower-case end of one
       * cut by the line's end: they are a run of rules text ("sacrifice this" and
       * "er sacrifice" are not "Sacrifice"). */
      gboolean beside_word = FALSE;
      for (guint k = 0; k < n; k++)
        if ((k < a || k >= b) && (wordlike (tokens[k]) || word_end (tokens[k])) &&
            g_ascii_islower (tokens[k][0]))
          beside_word = TRUE;
      char *saved = tokens[b];
      tokens[b] = NULL;
      g_autofree char *sub = g_strjoinv (" ", tokens + a);
      tokens[b] = saved;
      if (strlen (sub) < 3)
        continue;
      TsMatch m[N_MATCHES];
      guint got = ts_matcher_match (reader->matcher, sub, m, N_MATCHES);
      for (guint k = 0; k < got; k++) {
        gboolean close;
        double sim = similarity (sub, m[k].name, &close);
        double score = penalty * (m[k].score + sim) / 2;
        if (!close)
          score = MIN (score, 0.5 * sim);
        /* Names are capitalised; a short lower-case word is rules text ("call", "fog."), and
         * so is a lower-case word beside another. */
        const char *first = sub;
        while (*first && !g_ascii_isalpha (*first))
          first++;
        if (g_ascii_islower (*first) && (strlen (m[k].name) <= 6 || beside_word))
          score = MIN (score, 0.5);
        /* and in capitals only, it is a word printed on the art, a box or a cloth ("BOOM",
         * "ZAP"): a card's name is never set in capitals alone. */
        if (strlen (m[k].name) <= SHORT_NAME && all_capitals (sub))
          score = MIN (score, 0.5);
        if (score > best->score && score >= 0.5 && is_word_piece (reader, sub, m[k].name))
          score = MIN (score, 0.5);
        if (score > best->score) {
          *best = m[k];
          best->score = score;
        }
      }
    }
  }
}

/* Letters Tesseract weighed and put second are taken for a name's letters only at this
 * confidence (0..100) or more, and at most MAX_ALTERNATIVES of them in one reading: "Feec"
 * (of a card in the cube photo) has a "d" at 58, behind "c", "o" and "e", and is no "Feed". */
#define ALT_CONF 60
#define MAX_ALTERNATIVES 2
/* What each alternative taken costs a reading's score: a letter put second is less sure
 * than one read ("Bloc Wand" spelt "Bloc Ward" is not sure to be "Black Ward"). */
#define ALT_COST 0.05

/* What respell() counts for an alternative taken while aligning: less than any edit, so
 * that a letter weighed is preferred to one of like shape. */
#define ALT_STEP 0.25f

/* The lower-case letter a slot's choice k stands for, or 0. */
static char
slot_letter (const Slot *slot, guint k)
{
  const char *t = slot->text[k];
  return g_ascii_isalpha (t[0]) && t[1] == '\0' ? g_ascii_tolower (t[0]) : 0;
}

/* The reading in slots spelt as near to name as the letters Tesseract weighed allow: each
 * letter read is put in line with name's letters (an edit distance, letters read before or
 * after the name free), and where it differs from the name's letter but that letter was one
 * of its alternatives at ALT_CONF or more, the name's letter takes its place (in the case of
 * the letter read). Returns NULL when no alternative was taken; their number goes to n_alt,
 * and the letters still differing, missing or in excess to edits. */
static char *
respell (const GArray *slots, const char *name, guint *n_alt, double *edits)
{
  g_autofree char *want = fold_letters (name);
  guint ns = slots->len, nn = (guint) strlen (want), w = nn + 1;
  *n_alt = 0;
  if (ns == 0 || nn == 0)
    return NULL;
  /* cost[i][j]: slots 0..i-1 against the name's first j letters; step: how it was reached
   * (0 extra slot, 1 missing letter, 2 letter as read or not, 3 an alternative). */
  g_autofree float *cost = g_new (float, (ns + 1) * w);
  g_autofree guint8 *step = g_new0 (guint8, (ns + 1) * w);
  for (guint i = 0; i <= ns; i++) {
    for (guint j = 0; j <= nn; j++) {
      float best = i == 0 && j == 0 ? 0 : G_MAXFLOAT;
      guint8 how = 0;
      const Slot *sl = i > 0 ? &g_array_index (slots, Slot, i - 1) : NULL;
      char read = sl ? slot_letter (sl, 0) : 0;
      if (i > 0) {
        /* A slot that is no letter costs nothing; nor do letters before the name. */
        float extra = !read || j == 0 ? 0 : 1;
        if (cost[(i - 1) * w + j] + extra < best)
          best = cost[(i - 1) * w + j] + extra, how = 0;
      }
      if (j > 0 && cost[i * w + j - 1] + 1 < best)
        best = cost[i * w + j - 1] + 1, how = 1;
      if (i > 0 && j > 0 && read) {
        /* as similarity() counts: a letter of like shape half an edit */
        float sub = read == want[j - 1] ? 0 : confusable (read, want[j - 1]) ? 0.5f : 1;
        guint8 kind = 2;
        for (guint k = 1; k < sl->n && sub > 0; k++)
          if (slot_letter (sl, k) == want[j - 1] && sl->conf[k] >= ALT_CONF)
            sub = ALT_STEP, kind = 3;
        if (cost[(i - 1) * w + j - 1] + sub < best)
          best = cost[(i - 1) * w + j - 1] + sub, how = kind;
      }
      cost[i * w + j] = best;
      step[i * w + j] = how;
    }
  }
  /* Letters read after the name are free too. */
  guint end = 0;
  for (guint i = 1; i <= ns; i++)
    if (cost[i * w + nn] < cost[end * w + nn])
      end = i;
  *edits = cost[end * w + nn];
  g_autofree char **put = g_new0 (char *, ns);
  for (guint i = end, j = nn; i > 0 || j > 0;) {
    guint8 how = step[i * w + j];
    if (i == 0 || how == 1) {
      j--;
      continue;
    }
    if (how == 3) {
      (*n_alt)++;
      put[i - 1] = &want[j - 1];
    }
    i--;
    j -= how >= 2;
  }
  *edits -= ALT_STEP * *n_alt;
  if (*n_alt == 0)
    return NULL;
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < ns; i++) {
    const Slot *sl = &g_array_index (slots, Slot, i);
    if (sl->word_start)
      g_string_append_c (out, ' ');
    if (put[i])
      g_string_append_c (out, g_ascii_isupper (sl->text[0][0]) ? g_ascii_toupper (*put[i])
                                                               : *put[i]);
    else
      g_string_append (out, sl->text[0]);
  }
  return g_string_free (out, FALSE);
}

/* Whether some letter read has an alternative that respell() may take. */
static gboolean
has_alternatives (const GArray *slots)
{
  for (guint i = 0; i < slots->len; i++) {
    const Slot *sl = &g_array_index (slots, Slot, i);
    for (guint k = 1; k < sl->n; k++)
      if (sl->conf[k] >= ALT_CONF && slot_letter (sl, k))
        return TRUE;
  }
  return FALSE;
}

/* A reading that matched no name well enough may be a blurred one whose letters Tesseract
 * weighed right but put second ("Craw Wom", "u" weighed for "o"): each name the text nearly
 * matched is spelt from the alternatives (respell()) and that spelling matched as a reading
 * is, so every test a reading must pass still applies. m is replaced when that matches the
 * same name better. */
static void
match_choices (const TsReader *reader, const char *text, TsMatch *m)
{
  if (m->score >= reader->name_score || !has_alternatives (reader->lattice))
    return;
  TsMatch near[N_MATCHES];
  guint got = ts_matcher_match (reader->matcher, text, near, N_MATCHES);
  g_autoptr (GPtrArray) tried = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < got; k++) {
    guint n_alt;
    double edits;
    char *spelt = respell (reader->lattice, near[k].name, &n_alt, &edits);
    /* Spelt with more edits left than a name may have (see similarity()), it would match
     * nothing: not worth matching. */
    double allowed = edits_allowed (near[k].name);
    if (!spelt || n_alt > MAX_ALTERNATIVES || edits > allowed ||
        g_ptr_array_find_with_equal_func (tried, spelt, g_str_equal, NULL)) {
      g_free (spelt);
      continue;
    }
    g_ptr_array_add (tried, spelt);
    TsMatch sm;
    match_text (reader, spelt, &sm);
    g_debug ("spelt \"%s\" as \"%s\" for %s (%u alternatives): %s %.3f", text, spelt,
             near[k].name, n_alt, sm.name ? sm.name : "-", sm.score);
    sm.score -= ALT_COST * n_alt;
    if (g_strcmp0 (sm.name, near[k].name) == 0 && sm.score > m->score)
      *m = sm;
  }
}

/* Matches text, read last by ocr_title(), into m: as read, then spelt from the letters
 * Tesseract weighed. */
static void
match_reading (const TsReader *reader, const char *text, TsMatch *m)
{
  memset (m, 0, sizeof *m);
  if (!*text)
    return;
  match_text (reader, text, m);
  match_choices (reader, text, m);
}

/* Removes OCR noise: whitespace runs, lone punctuation at the ends. */
static char *
clean_text (const char *raw)
{
  g_autoptr (GString) s = g_string_new (NULL);
  gboolean space = FALSE;
  for (const char *p = raw; *p; p++) {
    if (g_ascii_isspace (*p)) {
      space = s->len > 0;
      continue;
    }
    if (space)
      g_string_append_c (s, ' ');
    space = FALSE;
    g_string_append_c (s, *p);
  }
  while (s->len > 0 && strchr ("',-! ", s->str[s->len - 1]))
    g_string_truncate (s, s->len - 1);
  gsize lead = strspn (s->str, "',-!.: ");
  return g_strdup (s->str + lead);
}

/* Tesseract reads dark text on a light ground; 1993 cards and black modern frames print
 * light names on dark bands. The text covers less of the band than its ground does, so the
 * side of Otsu's split holding fewer pixels is the text. Returns whether the strip was
 * inverted (its text taken for light). */
static gboolean
make_text_dark (TsImage *strip, gboolean flip)
{
  g_autoptr (TsImage) bin = ts_cv_threshold (strip, -1, FALSE, NULL);
  gsize bright = 0, total = (gsize) strip->width * strip->height;
  for (int y = 0; y < bin->height; y++) {
    const uint8_t *row = bin->data + (gsize) y * bin->stride;
    for (int x = 0; x < bin->width; x++)
      bright += row[x] != 0;
  }
  if ((bright * 2 >= total) != flip)
    return FALSE;
  for (int y = 0; y < strip->height; y++) {
    uint8_t *row = strip->data + (gsize) y * strip->stride;
    for (int x = 0; x < strip->width; x++)
      row[x] = (uint8_t) (255 - row[x]);
  }
  return TRUE;
}

/* Frame lines and the neighbouring bands reach into the strip from above and below; letters
 * do not touch its top or bottom edge. Dark shapes that do are painted over with the
 * ground so Tesseract sees one clean line. */
static int
clear_band_edges (TsImage *strip)
{
  double t;
  g_autoptr (TsImage) ink = ts_cv_threshold (strip, -1, TRUE, &t);
  for (int edge = 0; edge < 2; edge++) {
    int y = edge == 0 ? 0 : ink->height - 1;
    for (int x = 0; x < ink->width; x++)
      if (ink->data[(gsize) y * ink->stride + x] == 255)
        ts_cv_flood_fill (ink, x, y, 128);
  }
  /* The ground's brightness: the median of the pixels that are not ink. */
  guint hist[256] = { 0 }, n = 0;
  for (int y = 0; y < strip->height; y++)
    for (int x = 0; x < strip->width; x++)
      if (ink->data[(gsize) y * ink->stride + x] == 0) {
        hist[strip->data[(gsize) y * strip->stride + x]]++;
        n++;
      }
  guint acc = 0;
  int ground = 255;
  for (int v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc * 2 >= n) {
      ground = v;
      break;
    }
  }
  for (int y = 0; y < strip->height; y++)
    for (int x = 0; x < strip->width; x++)
      if (ink->data[(gsize) y * ink->stride + x] == 128)
        strip->data[(gsize) y * strip->stride + x] = (uint8_t) ground;
  return ground;
}

/* Stretches grey's contrast so that the columns from core[0] to core[1] (shares of its
 * width) span 0..255, darker and lighter pixels elsewhere clipped, when something there is
 * far darker than anything in them (by a quarter of their range); else over all of it, as
 * ts_cv_normalize() does. */
static void
stretch_over (TsImage *gray, const double core[2])
{
  int x0 = CLAMP ((int) lround (core[0] * gray->width), 0, gray->width - 1);
  int x1 = CLAMP ((int) lround (core[1] * gray->width), x0 + 1, gray->width);
  int lo = 255, hi = 0, lo_all = 255;
  for (int y = 0; y < gray->height; y++)
    for (int x = 0; x < gray->width; x++) {
      int v = gray->data[(gsize) y * gray->stride + x];
      lo_all = MIN (lo_all, v);
      if (x >= x0 && x < x1) {
        lo = MIN (lo, v);
        hi = MAX (hi, v);
      }
    }
  if (hi <= lo || lo - lo_all < (hi - lo) / 4) {
    ts_cv_normalize (gray);
    return;
  }
  for (int y = 0; y < gray->height; y++)
    for (int x = 0; x < gray->width; x++) {
      uint8_t *p = gray->data + (gsize) y * gray->stride + x;
      *p = (uint8_t) CLAMP ((*p - lo) * 255 / (hi - lo), 0, 255);
    }
}

/* The image under quad q as a grey strip h pixels tall, as wide as the quad's shape asks. */
static TsImage *
warp_gray (const TsImage *image, const double q[4][2], int h)
{
  double qw, qh;
  ts_rectify_quad_size (q, &qw, &qh);
  int w = (int) CLAMP (lround (qw * h / MAX (qh, 1)), 8, OCR_MAX_WIDTH);
  g_autoptr (TsImage) warped = ts_rectify_warp (image, q, w, h);
  return ts_cv_convert_channels (warped, 1);
}

/* A line found alone is read as found: the strip under it 44 px tall, made dark on light
 * (flip takes the other choice; whether its text was taken for light goes to *light) and
 * cleared of what touches its top and bottom. Its contrast is stretched as stretch_over()
 * decides from the part core gives, when core is not NULL and not empty; else over all. */
static TsImage *
line_strip (const TsImage *image, const double q[4][2], gboolean flip, const double *core,
            gboolean *light)
{
  TsImage *strip = warp_gray (image, q, LINE_HEIGHT);
  if (core && core[1] > core[0])
    stretch_over (strip, core);
  else
    ts_cv_normalize (strip);
  *light = make_text_dark (strip, flip);
  clear_band_edges (strip);
  return strip;
}

/* ---- the strip Tesseract reads ---------------------------------------------------------- */

/* Maps (u, v), 0..1 across and down quad q (corner 0 = the text's top-left), to image
 * pixels, interpolating between its edges. */
static void
band_point (const double q[4][2], double u, double v, double out[2])
{
  for (int k = 0; k < 2; k++) {
    double top = q[0][k] + (q[1][k] - q[0][k]) * u;
    double bottom = q[3][k] + (q[2][k] - q[3][k]) * u;
    out[k] = top + (bottom - top) * v;
  }
}

static void
sub_quad (const double q[4][2], double u0, double v0, double u1, double v1, double out[4][2])
{
  band_point (q, u0, v0, out[0]);
  band_point (q, u1, v0, out[1]);
  band_point (q, u1, v1, out[2]);
  band_point (q, u0, v1, out[3]);
}

/* A copy of a grey strip with its text dark on light: inverted when light_text (1993 cards and
 * black frames print light names on dark bands). */
static TsImage *
dark_text_copy (const TsImage *gray, gboolean light_text)
{
  TsImage *out = ts_image_copy (gray);
  if (light_text)
    for (int y = 0; y < out->height; y++) {
      uint8_t *row = out->data + (gsize) y * out->stride;
      for (int x = 0; x < out->width; x++)
        row[x] = (uint8_t) (255 - row[x]);
    }
  return out;
}

/* Dark text on an even white ground. The ground's own brightness, found by a closing wider
 * than any stroke, is divided out: shadows and the band's colour go, and a pale name on a
 * pale band gets the same contrast as black on white. Glare is not a shade but a veil: it
 * adds light, so letters under it keep their ground but lose depth. Each stroke's depth
 * below its ground is therefore measured against the deepest stroke near it (a few letters
 * round), not the ground, once that is less than the ground; CONTRAST_FLOOR keeps the
 * grain of an empty band from being raised to ink. light_text inverts first (1993 cards and
 * black frames print light names on dark bands). */
static TsImage *
flatten (const TsImage *gray, gboolean light_text, int k)
{
  g_autoptr (TsImage) src = dark_text_copy (gray, light_text);
  g_autoptr (TsImage) ground = ts_cv_morphology (src, TS_CV_MORPH_CLOSE, k, k, FALSE);
  g_autoptr (TsImage) depth = ts_cv_subtract (ground, src);
  g_autoptr (TsImage) reach = ts_cv_morphology (depth, TS_CV_MORPH_DILATE, 3 * k, 2 * k, FALSE);
  int least_depth = CONTRAST_FLOOR;
  TsImage *out = ts_image_new (src->width, src->height, 1);
  for (int y = 0; y < src->height; y++) {
    const uint8_t *g = ground->data + (gsize) y * ground->stride;
    const uint8_t *d = depth->data + (gsize) y * depth->stride;
    const uint8_t *r = reach->data + (gsize) y * reach->stride;
    uint8_t *o = out->data + (gsize) y * out->stride;
    for (int x = 0; x < src->width; x++) {
      int scale = MAX (MIN (g[x], MAX (r[x], least_depth)), 8);
      o[x] = (uint8_t) MAX (0, 255 - 255 * d[x] / scale);
    }
  }
  return out;
}

/* In place: an unsharp mask. A small title warped up to reading size is soft, and a
 * blurred camera softer still; Tesseract reads crisper edges better. */
static void
sharpen (TsImage *gray)
{
  g_autoptr (TsImage) soft = ts_image_copy (gray);
  ts_cv_gaussian_blur (soft, TEXT_HEIGHT / 12.0);
  for (int y = 0; y < gray->height; y++) {
    uint8_t *g = gray->data + (gsize) y * gray->stride;
    const uint8_t *b = soft->data + (gsize) y * soft->stride;
    for (int x = 0; x < gray->width; x++)
      g[x] = (uint8_t) CLAMP (g[x] + 1.5 * (g[x] - b[x]), 0, 255);
  }
}

/* The ink of a flattened strip (0/255), without straight lines longer than any letter
 * stroke: frame lines and the band's outline along the text (longer than line_len) and the
 * band's ends and card edges across it (taller than stroke_len). */
static TsImage *
letter_ink (const TsImage *ink, int line_len, int stroke_len)
{
  /* A line a little off the axis steps from row to row: thickened by a pixel each way
   * first, it stays one run long enough to be seen. */
  g_autoptr (TsImage) ink_v = ts_cv_morphology (ink, TS_CV_MORPH_DILATE, 1, 3, FALSE);
  g_autoptr (TsImage) ink_h = ts_cv_morphology (ink, TS_CV_MORPH_DILATE, 3, 1, FALSE);
  g_autoptr (TsImage) along = ts_cv_morphology (ink_v, TS_CV_MORPH_OPEN, line_len, 1, FALSE);
  g_autoptr (TsImage) across = ts_cv_morphology (ink_h, TS_CV_MORPH_OPEN, 1, stroke_len, FALSE);
  g_autoptr (TsImage) along_w = ts_cv_morphology (along, TS_CV_MORPH_DILATE, 1, 3, FALSE);
  g_autoptr (TsImage) across_w = ts_cv_morphology (across, TS_CV_MORPH_DILATE, 3, 1, FALSE);
  g_autoptr (TsImage) part = ts_cv_subtract (ink, along_w);
  return ts_cv_subtract (part, across_w);
}

static gboolean
letterlike (const TsCvComponent *c, int strip_w, int strip_h, double min_h, double max_h)
{
  if (c->h < min_h || c->h > max_h)
    return FALSE;
  /* Letters do not touch the strip's top or bottom: what does reaches in from outside. */
  if (c->y <= 0 || c->y + c->h >= strip_h)
    return FALSE;
  /* Nor the band's rounded ends at its sides. */
  if (c->x <= 0 || c->x + c->w >= strip_w)
    return FALSE;
  /* A solid block is a blot, not a letter (nor letters run together). */
  if (c->area >= 0.85 * c->w * c->h)
    return FALSE;
  /* Nor is a bar far longer than tall: blurred bold letters run together into a word six
   * times as long as tall ("Resurrection"), while a black border above a modern band,
   * broken by its bevel, leaves bars nine times as long that made a row outweighing the
   * name ("Island"). */
  return c->w <= 8 * c->h;
}

static int
compare_ints (const void *a, const void *b)
{
  return *(const int *) a - *(const int *) b;
}

static int
by_x (gconstpointer a, gconstpointer b)
{
  return ((const TsCvComponent *) a)->x - ((const TsCvComponent *) b)->x;
}

/* Finds the text row: the letters crossing the image row that most letters cross (the
 * middle of the lower-case letters), less any reaching far above or below the others,
 * and of those the longest run without a gap wider than the row is tall (a mana cost
 * stands apart from the name). FALSE when nothing letter-like is there. */
static gboolean row_at (const GArray *comps, int strip_w, int strip_h, double min_h,
                        double max_h, double focus, int mid, TextRow *row);

/* Does row r of a strip strip_w wide beat the best row so far? The one holding more
 * letters, but a mana cost, in the strip's right third, loses to a word in its left half:
 * the cost's rings and glyphs break into more pieces than a short bold name has letters
 * ("Lure", whose letters run together, weighs 2.5, its cost 7), and the two sit at
 * different heights, so each makes a row of its own. So in a line found alone too, which
 * can be a whole name bar (a Karma upside down on its graveyard at the picture's edge, its
 * outline not found: the band search read its cost, "ZEL"). */
static gboolean
row_beats (const TextRow *r, const TextRow *best, int strip_w)
{
  if (best->weight > 0) {
    gboolean r_cost = r->x0 > 2 * strip_w / 3, best_cost = best->x0 > 2 * strip_w / 3;
    gboolean r_name = r->weight >= 2 && r->x0 < strip_w / 2;
    gboolean best_name = best->weight >= 2 && best->x0 < strip_w / 2;
    if (r_name && best_cost)
      return TRUE;
    if (best_name && r_cost)
      return FALSE;
  }
  return r->weight > best->weight;
}

static gboolean
find_row (const GArray *comps, int strip_w, int strip_h, double min_h, double max_h,
          double focus, TextRow *row)
{
  memset (row, 0, sizeof *row);
  g_autofree double *cover = g_new0 (double, strip_h);
  for (guint i = 1; i < comps->len; i++) {
    const TsCvComponent *c = &g_array_index (comps, TsCvComponent, i);
    if (letterlike (c, strip_w, strip_h, min_h, max_h))
      for (int y = c->y; y < c->y + c->h; y++)
        cover[y] += 1;
  }
  /* Each peak of the cover is a row the text may be on (frame ornaments and a line of the
   * art make rows too): the one whose chosen run holds most letters wins. */
  for (int y = 0; y < strip_h; y++) {
    if (cover[y] == 0 || (y > 0 && cover[y - 1] >= cover[y]) ||
        (y + 1 < strip_h && cover[y + 1] > cover[y]))
      continue;
    TextRow r;
    if (row_at (comps, strip_w, strip_h, min_h, max_h, focus, y, &r) &&
        row_beats (&r, row, strip_w))
      *row = r;
  }
  return row->weight > 0;
}

/* Where the ink of a row ending at column reach goes on to, towards column x: shapes in the
 * gap at the row's height (top..bottom, its letters' usual rows) that are no letters on
 * their own carry it on. A small letter too short to pass for one ("n" of "Throne" at 7
 * of 64 rows) left a gap wider than a word space, and the name was read cut ("Thron"). A
 * word space or the bare band before a mana cost holds nothing. */
static int
bridge (const GArray *comps, int reach, int x, double gap, int top, int bottom)
{
  double rh = bottom - top;
  gboolean moved = TRUE;
  while (moved) {
    moved = FALSE;
    for (guint i = 1; i < comps->len; i++) {
      const TsCvComponent *c = &g_array_index (comps, TsCvComponent, i);
      if (c->x > reach + gap || c->x + c->w <= reach || c->x >= x || c->h < 0.4 * rh ||
          c->y < top - 0.25 * rh || c->y + c->h > bottom + 0.25 * rh)
        continue;
      reach = c->x + c->w;
      moved = TRUE;
    }
  }
  return reach;
}

/* The text row through image row mid (see find_row()). */
static gboolean
row_at (const GArray *comps, int strip_w, int strip_h, double min_h, double max_h,
        double focus, int mid, TextRow *row)
{
  memset (row, 0, sizeof *row);
  g_autoptr (GArray) members = g_array_new (FALSE, FALSE, sizeof (TsCvComponent));
  g_autofree guint8 *in = g_new0 (guint8, comps->len);
  for (guint i = 1; i < comps->len; i++) {
    const TsCvComponent *c = &g_array_index (comps, TsCvComponent, i);
    if (letterlike (c, strip_w, strip_h, min_h, max_h) && c->y <= mid && mid < c->y + c->h) {
      g_array_append_val (members, *c);
      in[i] = 1;
    }
  }
  /* A line a little askew leaves that row at its ends: letters beside a member, at its
   * height, belong too. */
  for (guint k = 0; k < members->len; k++) {
    TsCvComponent m = g_array_index (members, TsCvComponent, k);
    for (guint i = 1; i < comps->len; i++) {
      const TsCvComponent *c = &g_array_index (comps, TsCvComponent, i);
      if (in[i] || !letterlike (c, strip_w, strip_h, min_h, max_h))
        continue;
      int overlap = MIN (c->y + c->h, m.y + m.h) - MAX (c->y, m.y);
      int apart = MAX (c->x - (m.x + m.w), m.x - (c->x + c->w));
      if (overlap >= 0.5 * MIN (c->h, m.h) && apart <= 0.6 * MAX (c->h, m.h)) {
        g_array_append_val (members, *c);
        in[i] = 1;
      }
    }
  }
  /* A frame's rounded end or a symbol beside the name can cross the row too: what reaches
   * well above or below the usual top and bottom is left out. */
  guint n = members->len;
  g_autofree int *tops = g_new (int, n);
  g_autofree int *bottoms = g_new (int, n);
  for (guint k = 0; k < n; k++) {
    const TsCvComponent *c = &g_array_index (members, TsCvComponent, k);
    tops[k] = c->y;
    bottoms[k] = c->y + c->h;
  }
  qsort (tops, n, sizeof (int), compare_ints);
  qsort (bottoms, n, sizeof (int), compare_ints);
  int top = tops[n / 2], bottom = bottoms[n / 2];
  double slack = 0.8 * (bottom - top);
  for (guint k = n; k-- > 0;) {
    const TsCvComponent *c = &g_array_index (members, TsCvComponent, k);
    /* No letter reaches both well above the others and well below (a bracket does, and
     * so does the rounded end of a band); letters run together can ("gh"), but they are
     * wider than a bracket. */
    double reach = 0.3 * (bottom - top);
    gboolean both = c->y < top - reach && c->y + c->h > bottom + reach && c->w < 0.6 * c->h;
    if (c->y < top - slack || c->y + c->h > bottom + slack || both)
      g_array_remove_index (members, k);
  }
  /* A mana symbol is a ring round a glyph: a shape whose box holds another's is one. */
  for (guint k = members->len; k-- > 0;) {
    const TsCvComponent *c = &g_array_index (members, TsCvComponent, k);
    for (guint i = 1; i < comps->len; i++) {
      const TsCvComponent *d = &g_array_index (comps, TsCvComponent, i);
      if (d != c && d->area * 8 > c->area && d->x > c->x && d->y > c->y &&
          d->x + d->w < c->x + c->w && d->y + d->h < c->y + c->h) {
        g_array_remove_index (members, k);
        break;
      }
    }
  }
  g_array_sort (members, by_x);
  /* Runs of words: split where the gap is wider than the row's tallest letters. */
  int row_top = G_MAXINT, row_bottom = 0;
  for (guint k = 0; k < members->len; k++) {
    const TsCvComponent *c = &g_array_index (members, TsCvComponent, k);
    row_top = MIN (row_top, c->y);
    row_bottom = MAX (row_bottom, c->y + c->h);
  }
  double gap = 1.1 * MAX (row_bottom - row_top, bottom - top);
  guint start = 0;
  int reach = 0;
  for (guint j = 0; j <= members->len; j++) {
    const TsCvComponent *next =
        j < members->len ? &g_array_index (members, TsCvComponent, j) : NULL;
    /* The gap to the next member is bridged (a search of every shape) only when too wide
     * to be a letter's or a word's: bridge() never moves reach back. */
    if (j > start && next != NULL &&
        (next->x - reach <= gap ||
         next->x - bridge (comps, reach, next->x, gap, top, bottom) <= gap)) {
      reach = MAX (reach, next->x + next->w);
      continue;
    }
    if (j > start) {
      TextRow r = { G_MAXINT, 0, G_MAXINT, 0, 0, 0 };
      for (guint k = start; k < j; k++) {
        const TsCvComponent *c = &g_array_index (members, TsCvComponent, k);
        /* About how many letters it holds: small bold letters run together. */
        r.weight += CLAMP (c->w / (0.8 * c->h), 1.0, 2.5);
        r.x0 = MIN (r.x0, c->x);
        r.x1 = MAX (r.x1, c->x + c->w - 1);
        r.y0 = MIN (r.y0, c->y);
        r.y1 = MAX (r.y1, c->y + c->h - 1);
      }
      /* A name stands at the left of its band, the mana cost at the right: the leftmost
       * run of two letters or more wins (with a focus, the nearest to it), else the
       * longest. */
      gboolean word = r.weight >= 2, row_word = row->weight >= 2;
      double fx = focus * strip_w;
      double d = fx < r.x0 ? r.x0 - fx : fx > r.x1 ? fx - r.x1 : 0;
      double row_d = fx < row->x0 ? row->x0 - fx : fx > row->x1 ? fx - row->x1 : 0;
      if (row->weight == 0 || (word && !row_word) ||
          (word && focus >= 0 && d < row_d) ||
          (!word && !row_word && r.weight > row->weight))
        *row = r;
    }
    if (j < members->len) {
      const TsCvComponent *c = &g_array_index (members, TsCvComponent, j);
      start = j;
      reach = c->x + c->w;
    }
  }
  return row->weight > 0;
}

/* Tells the true text row from the false one the other polarity finds (the ground between
 * letters, taken for ink): letters cover less of their row's box than the ground does,
 * while the ground between them, closed round the letters, covers most of it. Returns the
 * share of the row's box that is not ink. */
static double
ground_share (const TsImage *ink, const TextRow *r)
{
  guint n_ink = 0, n = 0;
  for (int y = r->y0; y <= r->y1; y++)
    for (int x = r->x0; x <= r->x1; x++) {
      n_ink += ink->data[(gsize) y * ink->stride + x] != 0;
      n++;
    }
  return n ? 1.0 - (double) n_ink / n : 0;
}

/* Share of box r of gray darker than Otsu's split of the box. */
static double
dark_share (const TsImage *gray, const TextRow *r)
{
  int w = r->x1 - r->x0 + 1, h = r->y1 - r->y0 + 1;
  g_autoptr (TsImage) box = ts_image_new (w, h, 1);
  for (int y = 0; y < h; y++)
    memcpy (box->data + (gsize) y * box->stride,
            gray->data + (gsize) (y + r->y0) * gray->stride + r->x0, w);
  g_autoptr (TsImage) dark = ts_cv_threshold (box, -1, TRUE, NULL);
  guint n = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      n += dark->data[(gsize) y * dark->stride + x] != 0;
  return (double) n / (w * h);
}

/* Looks for the text row of q's strip with text of one polarity. */
static gboolean
strip_row (const TsImage *gray, gboolean light_text, double focus, TextRow *row)
{
  int h = gray->height;
  g_autoptr (TsImage) flat = flatten (gray, light_text, (int) (h * 0.2) | 1);
  /* Small serif letters touch at their feet: a word can make a run four capitals long. */
  g_autoptr (TsImage) all_ink = ts_cv_threshold (flat, INK_LEVEL, TRUE, NULL);
  g_autoptr (TsImage) ink = letter_ink (all_ink, (int) (h * 2.5), (int) (h * 0.85));
  g_autoptr (GArray) comps = ts_cv_components (ink, NULL);
  if (!find_row (comps, gray->width, h, 0.12 * h, 0.8 * h, focus, row))
    return FALSE;
  row->ground = ground_share (ink, row);
  return TRUE;
}

/* The grey strip of band (FIND_HEIGHT tall) in image, kept in reader->band_rows with its
 * rows for focus: a kept one when it is of the same band, image and focus. Owned by the
 * reader. */
static const TsImage *
band_gray (TsReader *reader, const TsImage *image, const double band[4][2], double focus)
{
  for (guint i = 0; i < BAND_ROWS_KEPT; i++) {
    BandRows *b = &reader->band_rows[i];
    if (b->image == image && b->focus == focus && memcmp (b->band, band, sizeof b->band) == 0) {
      reader->band_now = b;
      return b->gray;
    }
  }
  BandRows *b = &reader->band_rows[reader->band_rows_next++ % BAND_ROWS_KEPT];
  reader->band_now = b;
  g_clear_pointer (&b->gray, ts_image_free);
  b->gray = warp_gray (image, band, FIND_HEIGHT);
  b->image = image;
  b->focus = focus;
  memcpy (b->band, band, sizeof b->band);
  b->looked[0] = b->looked[1] = FALSE;
  return b->gray;
}

/* strip_row() of the band band_gray() last gave, for text of one polarity, found once. */
static gboolean
band_row (TsReader *reader, gboolean light_text, TextRow *row)
{
  BandRows *b = reader->band_now;
  int k = light_text ? 1 : 0;
  if (!b->looked[k]) {
    b->found[k] = strip_row (b->gray, light_text, b->focus, &b->row[k]);
    b->looked[k] = TRUE;
  }
  if (b->found[k])
    *row = b->row[k];
  return b->found[k];
}

/* In place: an unsharp mask of blur sigma and weight amount. */
static void
unsharp (TsImage *gray, double sigma, double amount)
{
  g_autoptr (TsImage) soft = ts_image_copy (gray);
  ts_cv_gaussian_blur (soft, sigma);
  for (int y = 0; y < gray->height; y++) {
    uint8_t *g = gray->data + (gsize) y * gray->stride;
    const uint8_t *b = soft->data + (gsize) y * soft->stride;
    for (int x = 0; x < gray->width; x++)
      g[x] = (uint8_t) CLAMP (g[x] + amount * (g[x] - b[x]), 0, 255);
  }
}

/* A soft strip of a text row warped so its letters are TEXT_HEIGHT tall: made dark on
 * light, its ground (a closing wider than a blurred stroke) divided out and its contrast
 * stretched, nothing thresholded nor painted over; with sharp, a wide unsharp mask
 * besides. A blurred title's strokes fade into a grey that the clean strip's ink levels
 * (INK_LEVEL, FAINT_LEVEL) cut into pieces ("Abend Pe" for "Simulacrum"); Tesseract reads
 * the grey letters whole ("Iron Star", "Veteran Bodyguard", "Grizzly Bears"). Deblurred
 * (STRIP_SOFT_DEBLUR), the warped row is first deconvolved with a Gaussian as wide as the
 * blur its edges show: a title blurred past what a mask can bring back ("Coe ve rei",
 * "Gloom") gets back strokes Tesseract can tell apart. */
static TsImage *
soft_strip (const TsImage *strip, gboolean light_text, StripStyle style)
{
  g_autoptr (TsImage) src = dark_text_copy (strip, light_text);
  if (style == STRIP_SOFT_DEBLUR) {
    double sigma = ts_cv_edge_sigma (src);
    g_debug ("deblur: edge sigma %.2f px", sigma);
    ts_cv_deblur_gaussian (src, sigma, SOFT_DEBLUR_ITERATIONS);
  }
  int k = (int) (TEXT_HEIGHT * 0.6) | 1;
  g_autoptr (TsImage) ground = ts_cv_morphology (src, TS_CV_MORPH_CLOSE, k, k, FALSE);
  g_autoptr (TsImage) flat = ts_image_new (src->width, src->height, 1);
  for (int y = 0; y < src->height; y++) {
    const uint8_t *g = ground->data + (gsize) y * ground->stride;
    const uint8_t *v = src->data + (gsize) y * src->stride;
    uint8_t *o = flat->data + (gsize) y * flat->stride;
    for (int x = 0; x < src->width; x++)
      o[x] = (uint8_t) MIN (255, 255 * v[x] / MAX (g[x], 1));
  }
  ts_cv_normalize (flat);
  if (style == STRIP_SOFT_SHARP)
    unsharp (flat, SOFT_SHARPEN_SIGMA, SOFT_SHARPEN_AMOUNT);
  int m = TEXT_HEIGHT / 3;
  TsImage *out = ts_image_new (flat->width + 2 * m, flat->height + 2 * m, 1);
  memset (out->data, 255, (gsize) out->stride * out->height);
  for (int y = 0; y < flat->height; y++)
    memcpy (out->data + (gsize) (y + m) * out->stride + m, flat->data + (gsize) y * flat->stride,
            flat->width);
  return out;
}

/* The strip for Tesseract: the text row of band q (corner 0 = the text's top-left) warped
 * so its letters are TEXT_HEIGHT pixels tall, flattened to dark on white, with everything
 * that is not a letter of the row painted white and a white margin round it.
 * *light_text says which polarity to read; with choose, it is decided here and returned.
 * focus (0..1 across the band, or < 0 for none) says where the words to read are, else the
 * leftmost are read. The text row's outline in the image goes to row_quad. NULL when no
 * text row is found. style other than STRIP_CLEAN gives a soft strip of the row instead. */
static TsImage *
prepare_strip (TsReader *reader, const TsImage *image, const double q[4][2],
               gboolean *light_text, gboolean choose, double focus, double row_quad[4][2],
               gboolean *doubt, TextRow *row_out, StripStyle style)
{
  const TsImage *gray = band_gray (reader, image, q, focus);
  TextRow row, other = { 0 };
  gboolean found = band_row (reader, *light_text, &row);
  if (doubt)
    *doubt = FALSE;
  if (choose) {
    gboolean found_other = band_row (reader, !*light_text, &other);
    gboolean flip = found_other && (!found || other.ground > row.ground);
    if (found && found_other) {
      /* Two votes. The text covers less of the box holding both rows than its ground
       * does: the side of Otsu's split with fewer pixels is the text. Glare brightens a
       * light name's band and turns that vote, while each polarity's own row (its ground
       * share) is not fooled by glare but is by bold dark letters, whose gaps make a neat
       * false row of the other polarity. Otsu's vote stands; when they disagree the
       * caller may read the other polarity too. */
      TextRow both = { MIN (row.x0, other.x0), MAX (row.x1, other.x1),
                       MIN (row.y0, other.y0), MAX (row.y1, other.y1), 0, 0 };
      gboolean dark_text = dark_share (gray, &both) < 0.5;
      gboolean otsu_flip = *light_text == dark_text;
      if (doubt)
        *doubt = otsu_flip != flip;
      flip = otsu_flip;
    }
    if (flip) {
      row = other;
      found = TRUE;
      *light_text = !*light_text;
    }
  }
  if (!found)
    return NULL;
  if (row_out)
    *row_out = row;
  /* Second look: only the row, with room for ascenders, descenders and a margin. */
  double rh = row.y1 - row.y0 + 1;
  double u0 = (row.x0 - 0.8 * rh) / gray->width, u1 = (row.x1 + 1 + 0.8 * rh) / gray->width;
  double v0 = (row.y0 - 0.45 * rh) / gray->height, v1 = (row.y1 + 1 + 0.45 * rh) / gray->height;
  sub_quad (q, MAX (u0, -0.02), v0, MIN (u1, 1.02), v1, row_quad);
  int h = (int) lround (TEXT_HEIGHT * 1.9);
  g_autoptr (TsImage) strip = warp_gray (image, row_quad, h);
  if (style != STRIP_CLEAN)
    return soft_strip (strip, *light_text, style);
  g_autoptr (TsImage) flat = flatten (strip, *light_text, (int) (TEXT_HEIGHT * 0.35) | 1);
  sharpen (flat);
  g_autoptr (TsImage) ink = ts_cv_threshold (flat, INK_LEVEL, TRUE, NULL);
  g_autoptr (TsImage) letters = letter_ink (ink, TEXT_HEIGHT * 4, (int) (TEXT_HEIGHT * 1.35));
  g_autofree guint32 *labels = NULL;
  g_autoptr (GArray) comps = ts_cv_components (letters, &labels);
  /* What is not a letter of the row goes white: straight lines, and shapes that reach the
   * strip's edges, stand taller than a letter or lie mostly outside the middle rows (frame,
   * art, the line above or below). Faint strokes are kept as they are. */
  double mid0 = 0.45 * TEXT_HEIGHT, mid1 = h - 0.45 * TEXT_HEIGHT;
  g_autofree guint8 *drop = g_new0 (guint8, comps->len);
  for (guint i = 1; i < comps->len; i++) {
    const TsCvComponent *c = &g_array_index (comps, TsCvComponent, i);
    double top = MAX (c->y, mid0), bottom = MIN (c->y + c->h, mid1);
    /* The row starts 0.8 of its height in from either end: what lies wholly in that
     * margin is the band's rounded end or a symbol, not a letter of the row. */
    gboolean aside = c->x + c->w < 0.5 * TEXT_HEIGHT || c->x > strip->width - 0.5 * TEXT_HEIGHT;
    drop[i] = c->y <= 0 || c->y + c->h >= h || c->h >= 1.6 * TEXT_HEIGHT ||
              bottom - top < 0.5 * c->h || aside;
  }
  g_autoptr (TsImage) mask = ts_image_new (strip->width, strip->height, 1);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < strip->width; x++) {
      gboolean line = ink->data[(gsize) y * ink->stride + x] &&
                      !letters->data[(gsize) y * letters->stride + x];
      gboolean dropped = drop[labels[(gsize) y * strip->width + x]];
      mask->data[(gsize) y * mask->stride + x] = line || dropped ? 255 : 0;
    }
  /* Their soft edges too. */
  g_autoptr (TsImage) wide = ts_cv_morphology (mask, TS_CV_MORPH_DILATE, 3, 3, FALSE);
  int m = TEXT_HEIGHT / 3;
  TsImage *out = ts_image_new (strip->width + 2 * m, h + 2 * m, 1);
  memset (out->data, 255, (gsize) out->stride * out->height);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < strip->width; x++)
      if (!wide->data[(gsize) y * wide->stride + x] &&
          flat->data[(gsize) y * flat->stride + x] < FAINT_LEVEL)
        out->data[(gsize) (y + m) * out->stride + x + m] = flat->data[(gsize) y * flat->stride + x];
  return out;
}

/* Tesseract's letters of the line it last read, each with the alternatives it weighed,
 * into slots. */
static void
read_lattice (TessBaseAPI *api, GArray *slots)
{
  g_array_set_size (slots, 0);
  TessResultIterator *it = TessBaseAPIGetIterator (api);
  if (!it)
    return;
  const TessPageIterator *page = TessResultIteratorGetPageIteratorConst (it);
  do {
    /* A line read as nothing has no letter to ask about (Tesseract asserts there is one). */
    char *sym = TessResultIteratorGetUTF8Text (it, RIL_SYMBOL);
    if (!sym)
      break;
    Slot slot = { .n = 1 };
    slot.word_start = slots->len > 0 && TessPageIteratorIsAtBeginningOf (page, RIL_WORD);
    g_strlcpy (slot.text[0], sym, sizeof slot.text[0]);
    slot.conf[0] = TessResultIteratorConfidence (it, RIL_SYMBOL);
    TessDeleteText (sym);
    TessChoiceIterator *ci = TessResultIteratorGetChoiceIterator (it);
    for (gboolean more = ci != NULL; more && slot.n < N_CHOICES; more = TessChoiceIteratorNext (ci)) {
      const char *t = TessChoiceIteratorGetUTF8Text (ci);
      if (t && *t && strlen (t) < sizeof slot.text[0] && strcmp (t, slot.text[0]) != 0) {
        g_strlcpy (slot.text[slot.n], t, sizeof slot.text[0]);
        slot.conf[slot.n++] = TessChoiceIteratorConfidence (ci);
      }
    }
    if (ci)
      TessChoiceIteratorDelete (ci);
    g_array_append_val (slots, slot);
  } while (TessResultIteratorNext (it, RIL_SYMBOL));
  TessResultIteratorDelete (it);
}

/* With TS_READER_DUMP set, writes strip, as read, to its folder: named by its number, the
 * path, line or band, and the text read. A failed write only loses the picture. */
static void
dump_strip (TsReader *reader, const TsImage *strip, gboolean line, const char *text)
{
  if (!reader->dump_dir)
    return;
  g_autofree char *safe = g_strdup (text);
  g_strcanon (safe, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", '_');
  g_autofree char *name = g_strdup_printf ("%s/%05u-%s-%s-%.40s.png", reader->dump_dir,
                                           reader->n_dumped++,
                                           ts_read_path_to_string (reader->path),
                                           line ? "line" : reader->strip_style ? "soft" : "band",
                                           safe);
  ts_cv_imwrite (strip, name, NULL);
}

/* OCRs the title quad q (corner 0 = the text's top-left). line says q outlines a text
 * line found alone (read as found, line_strip()); otherwise q is a band placed on a card,
 * searched for its text row (prepare_strip()). polarity: -1 to choose, 0 for dark text,
 * 1 for light text (for a line: 0 the usual choice, 1 the other); the polarity read goes
 * to *light_used. focus as for prepare_strip(). For a band, the outline of the text row
 * read goes to text_quad (untouched when none is found). Returns the cleaned text, "" when
 * no text was found. */
static char *
ocr_title (TsReader *reader, const TsImage *image, const double q[4][2], gboolean line,
           int polarity, double focus, gboolean *light_used, double text_quad[4][2],
           gboolean *doubt, TsReading *out)
{
  if (doubt)
    *doubt = FALSE;
  gint64 t0 = ts_cputime_now_us ();
  reader->last_conf = 0;
  reader->text_path = reader->path;
  double w, h;
  ts_rectify_quad_size (q, &w, &h);
  if (w < 4 || h < 4)
    return g_strdup ("");
  gboolean light = polarity == 1;
  g_autoptr (TsImage) strip = NULL;
  if (line) {
    gboolean inverted;
    strip = line_strip (image, q, light, reader->line_core, &inverted);
    /* The usual choice over the whole line: a third vote on a band search's polarity. */
    if (!light && reader->line_light < 0)
      reader->line_light = inverted;
  } else {
    /* Letters cut by the strip's edge are not taken for letters: the text is looked for
     * with a margin above and below. */
    double band[4][2], row_quad[4][2];
    sub_quad (q, 0, -reader->room_above, 1, 1.15, band);
    TextRow tr = { 0 };
    strip = prepare_strip (reader, image, band, &light, polarity < 0, focus, row_quad, doubt, &tr,
                           reader->strip_style);
    if (strip && text_quad)
      memcpy (text_quad, row_quad, sizeof row_quad);
    /* Less than a name's three letters (two of them run together still weigh 2.5):
     * no name could be read there. Most such rows are texture, art or a symbol. */
    if (strip && tr.weight < MIN_ROW_WEIGHT)
      g_clear_pointer (&strip, ts_image_free);
  }
  if (light_used)
    *light_used = light;
  spend (reader, out, STAGE_RECTIFY, t0);
  if (!strip)
    return g_strdup ("");
  t0 = ts_cputime_now_us ();
  set_invert (reader, path_inverts (reader));
  TessBaseAPISetImage (reader->api, strip->data, strip->width, strip->height, 1, strip->stride);
  TessBaseAPISetSourceResolution (reader->api, 300);
  count_ocr (reader);
  char *raw = TessBaseAPIGetUTF8Text (reader->api);
  char *text = clean_text (raw ? raw : "");
  TessDeleteText (raw);
  reader->last_conf = TessBaseAPIMeanTextConf (reader->api);
  /* A line found alone can sit a little off its text, whose letters then run into the
   * strip's edge; Tesseract's line finding may give up on such a strip, while reading it
   * as one raw line, without that search, still gives the text. */
  TsReadPath was = reader->path;
  if (!*text && line && !reader->short_line) {
    spend (reader, out, STAGE_OCR, t0);
    t0 = ts_cputime_now_us ();
    enter_path (reader, TS_READ_PATH_RAW);
    reader->text_path = TS_READ_PATH_RAW;
    count_ocr (reader);
    set_invert (reader, path_inverts (reader));
    TessBaseAPISetPageSegMode (reader->api, PSM_RAW_LINE);
    raw = TessBaseAPIGetUTF8Text (reader->api);
    g_free (text);
    text = clean_text (raw ? raw : "");
    TessDeleteText (raw);
    reader->last_conf = TessBaseAPIMeanTextConf (reader->api);
    TessBaseAPISetPageSegMode (reader->api, PSM_SINGLE_LINE);
  }
  if (reader->choices)
    read_lattice (reader->api, reader->lattice);
  else
    g_array_set_size (reader->lattice, 0);
  TessBaseAPIClear (reader->api);
  spend (reader, out, STAGE_OCR, t0);
  dump_strip (reader, strip, line, text);
  reader->read_name_word |= may_be_name_part (reader, text, reader->last_conf);
  g_debug ("ocr %s: line %d light %d %dx%d conf %d \"%s\"", ts_read_path_to_string (reader->path),
           line, light, strip->width, strip->height, reader->last_conf, text);
  reader->path = was;
  return text;
}

/* Whether the band around line q (as a band search places it) holds a text row of at least
 * MIN_ROW_WEIGHT, light or dark. */
static gboolean
band_holds_text (TsReader *reader, const TsImage *image, const double q[4][2])
{
  double band[4][2];
  sub_quad (q, 0, -BAND_ROOM, 1, 1.15, band);
  band_gray (reader, image, band, 0.5);
  for (int light = 0; light < 2; light++) {
    TextRow row;
    if (band_row (reader, light, &row) && row.weight >= MIN_ROW_WEIGHT)
      return TRUE;
  }
  return FALSE;
}

/* OCRs title q as ocr_title() does and matches the text into m. When the two votes on
 * which side of a band is text disagreed and the reading matched nothing, the other side is
 * read too and the better kept. Returns the text read (owned). */
static char *
read_title (TsReader *reader, const TsImage *image, const double q[4][2], gboolean line,
            int polarity, double focus, gboolean *light_used, double text_quad[4][2],
            TsMatch *m, TsReading *out)
{
  gboolean doubt, light;
  double quad[4][2] = { { -1, -1 } };
  char *text = ocr_title (reader, image, q, line, polarity, focus, &light, quad, &doubt, out);
  int conf = reader->last_conf;
  /* A lone line searched as a band: its own row votes within the band, where glare on a
   * light name's dark band turns both votes (the gaps between bold letters make a neat row
   * of dark "letters"); the whole line's Otsu split, its first read's polarity, is not
   * fooled there. When it disagrees, the other polarity is worth a read too. */
  if (!line && polarity < 0 && reader->line_light >= 0 && light != reader->line_light)
    doubt = TRUE;
  gint64 tm = ts_cputime_now_us ();
  match_reading (reader, text, m);
  spend (reader, out, STAGE_MATCH, tm);
  g_debug ("match %s: %s %.3f", ts_read_path_to_string (reader->path), m->name ? m->name : "-",
           m->score);
  if (doubt && !reader->short_line && m->score < reader->name_score) {
    TsReadPath first_path = reader->text_path;
    TsReadPath was = enter_path (reader, TS_READ_PATH_POLARITY);
    double other_quad[4][2] = { { -1, -1 } };
    char *other = ocr_title (reader, image, q, FALSE, !light, focus, NULL, other_quad, NULL, out);
    TsMatch om;
    tm = ts_cputime_now_us ();
    match_reading (reader, other, &om);
    spend (reader, out, STAGE_MATCH, tm);
    g_debug ("match %s: %s %.3f", ts_read_path_to_string (reader->path),
             om.name ? om.name : "-", om.score);
    reader->path = was;
    if (om.score > m->score) {
      *m = om;
      g_free (text);
      text = g_steal_pointer (&other);
      light = !light;
      memcpy (quad, other_quad, sizeof quad);
      conf = reader->last_conf;
    } else {
      reader->text_path = first_path;
    }
    g_free (other);
  }
  if (light_used)
    *light_used = light;
  if (text_quad && quad[0][0] >= 0)
    memcpy (text_quad, quad, sizeof quad);
  reader->last_conf = conf;
  return text;
}

/* The slant of the text in quad q, degrees in q's own frame (positive: the text runs down
 * towards q's right end), between -max_deg and max_deg: the turn under which the rows of a
 * strip three times as tall as q differ most in ink (the sum of squares of the row counts of
 * Otsu's split, the same for either polarity). Both the letters and the edges of the bar
 * they sit on run along the name. */
static double
text_slant (const TsImage *image, const double q[4][2], double max_deg)
{
  double band[4][2];
  sub_quad (q, 0, -1, 1, 2, band);
  g_autoptr (TsImage) grey = warp_gray (image, band, 48);
  g_autoptr (TsImage) bin = ts_cv_threshold (grey, -1, FALSE, NULL);
  /* The strip is squeezed to 48 rows: its pixels are taken back to q's scale (sx, sy), so
   * the turn is measured on the image. */
  double qw, qh;
  ts_rectify_quad_size (q, &qw, &qh);
  double sx = qw / bin->width, sy = 3 * qh / bin->height;
  /* Rows as far apart as the strip's: finer ones would favour the unturned strip, whose
   * pixels fall on every few rows only. */
  int n_rows = (int) ceil (hypot (bin->width * sx, bin->height * sy) / sy) + 2;
  g_autofree guint *rows = g_new (guint, (gsize) n_rows);
  double best = -1, best_deg = 0;
  for (double deg = -max_deg; deg <= max_deg + 1e-9; deg += 1) {
    double sn = sin (deg * G_PI / 180), cs = cos (deg * G_PI / 180);
    memset (rows, 0, sizeof (guint) * (gsize) n_rows);
    for (int y = 0; y < bin->height; y++)
      for (int x = 0; x < bin->width; x++)
        if (bin->data[y * bin->stride + x]) {
          /* Across the line turned by deg, in q's pixels, from the strip's centre. */
          double px = (x + 0.5 - bin->width / 2.0) * sx, py = (y + 0.5 - bin->height / 2.0) * sy;
          int r = (int) lround ((py * cs - px * sn) / sy + n_rows / 2.0);
          rows[CLAMP (r, 0, n_rows - 1)]++;
        }
    double sum = 0;
    for (int r = 0; r < n_rows; r++)
      sum += (double) rows[r] * rows[r];
    /* A blank strip (every turn alike) has no slant. */
    if (sum > best || (sum == best && fabs (deg) < fabs (best_deg))) {
      best = sum;
      best_deg = deg;
    }
  }
  return best_deg;
}

/* q turned by deg (in its own frame, as text_slant() measures) about its centre. */
static void
turn_quad (const double q[4][2], double deg, double out[4][2])
{
  double c[2], along[2], across[2];
  band_point (q, 0.5, 0.5, c);
  double len, tall;
  ts_rectify_quad_size (q, &len, &tall);
  for (int k = 0; k < 2; k++) {
    along[k] = ((q[1][k] - q[0][k]) + (q[2][k] - q[3][k])) / 2 / MAX (len, 1e-9);
    across[k] = ((q[3][k] - q[0][k]) + (q[2][k] - q[1][k])) / 2 / MAX (tall, 1e-9);
  }
  double sn = sin (deg * G_PI / 180), cs = cos (deg * G_PI / 180);
  double d[2], n[2];
  for (int k = 0; k < 2; k++) {
    d[k] = cs * along[k] + sn * across[k];
    n[k] = -sn * along[k] + cs * across[k];
  }
  static const int su[4] = { 0, 1, 1, 0 }, sv[4] = { 0, 0, 1, 1 };
  for (int i = 0; i < 4; i++)
    for (int k = 0; k < 2; k++)
      out[i][k] = c[k] + (su[i] - 0.5) * len * d[k] + (sv[i] - 0.5) * tall * n[k];
}

/* A title found as a text line may be only part of its line ("Stand" of "Make a Stand")
 * when a word did not join the others; a part can itself be a card name. The line is read
 * again, lengthened both ways, and a longer name found there wins (TRUE when it did). */
static gboolean
try_longer (TsReader *reader, const TsImage *image, TsReading *out)
{
  double q[4][2];
  double w, h;
  ts_rectify_quad_size (out->title, &w, &h);
  if (w < 1)
    return FALSE;
  double grow = 3.5 * h / w;
  /* Its contrast is taken from the line as found when what lies beyond its ends is far
   * darker than the letters (the black border of a card under it on a pile): stretched over
   * all of it, the letters fade to grey (seed 29: "Cyclopean Tomb" read as "PRS ieee me
   * het"). Not otherwise: on the dev photos a name read that way was lost and rules text
   * read as a name. */
  reader->line_core[0] = grow / (1 + 2 * grow);
  reader->line_core[1] = (1 + grow) / (1 + 2 * grow);
  for (int k = 0; k < 2; k++) {
    double top = out->title[1][k] - out->title[0][k];
    double bottom = out->title[2][k] - out->title[3][k];
    q[0][k] = out->title[0][k] - top * grow;
    q[1][k] = out->title[1][k] + top * grow;
    q[2][k] = out->title[2][k] + bottom * grow;
    q[3][k] = out->title[3][k] - bottom * grow;
  }
  /* Lengthened along a line found a little askew, the name drifts out of the strip (synthetic
   * scene 6001: "Regrowth" tilted 10 degrees under a line found upright, read "Regrov"): a
   * second read follows the text's own slant, turned about the line as found, and searches
   * the strip for the text row as a band is searched (read as a line, the long strip's
   * empty ends made Tesseract read "Cognos"). A slant under 2 degrees is taken for none:
   * read again at any slant, the held-out scenes gained three names and the dev photos lost
   * one to a wrong one, at twice the time. Without a slant the strip is searched for its row
   * as it lies: as a line, a lengthened strip that takes in a neighbour's dark frame or
   * symbol can have its polarity chosen wrong (the cube photo: "Fire Elemental", hollow
   * letters, read "Gietiemenat", and its first word taken for the card "Fire"). Those
   * searches, new to lines not slanted, take a sure match only: the dev photos' "Summoner's
   * Bond", a card the database lacks, came near "Summoner's Bane". */
  gboolean flat = FALSE;
  for (int look = 0; look < 3; look++) {
    double row[4][2] = { { -1, -1 } };
    if (look == 1) {
      double slant = text_slant (image, q, 15);
      g_debug ("longer: text slant %.0f degrees", slant);
      flat = fabs (slant) < 2;
      if (!flat) {
        double turned[4][2];
        turn_quad (q, slant, turned);
        memcpy (q, turned, sizeof q);
      }
    } else if (look == 2) {
      /* Both ways up: a line that read nothing either way so far was kept the way it was
       * found (normal scene 6001: the third "Regrowth", read "sU ao"). */
      double turned[4][2];
      ts_rectify_quad_turn (q, 2, turned);
      memcpy (q, turned, sizeof q);
    }
    g_autofree char *text = ocr_title (reader, image, q, look == 0, -1, 0.5, NULL, row, NULL,
                                       out);
    TsMatch m;
    gint64 tm = ts_cputime_now_us ();
    match_reading (reader, text, &m);
    spend (reader, out, STAGE_MATCH, tm);
    g_debug ("match %s: %s %.3f", ts_read_path_to_string (reader->path), m.name ? m.name : "-",
             m.score);
    gboolean had = out->name && out->score >= reader->name_score;
    double need = flat && look >= 1 ? SURE_SCORE : reader->name_score;
    if (m.name && m.score >= need &&
        (!had || strlen (m.name) > strlen (out->name))) {
      reader->gave = reader->text_path;
      out->name = m.name;
      out->card = m.card;
      out->score = m.score;
      g_free (out->text);
      out->text = g_steal_pointer (&text);
      memcpy (out->title, row[0][0] >= 0 ? row : q, sizeof q);
      /* The card lies as its text read, its top along the title's (read turned half way
       * round, it was reported upside down: synthetic normal scene 6001, a Regrowth). */
      out->angle_deg = ts_rectify_quad_angle (out->title);
      reader->line_core[0] = reader->line_core[1] = 0;
      return TRUE;
    }
  }
  reader->line_core[0] = reader->line_core[1] = 0;
  return FALSE;
}

/* Whether a lone line read so far as out may be part of a longer name (see try_longer()):
 * the name read is a run of another card's name's words ("Stand" of "Make a Stand"), or it
 * was not read sure, or no name was read but some reading may be part of a name. */
static gboolean
longer_worth (const TsReader *reader, const TsReading *out)
{
  if (out->name && out->score >= reader->name_score) {
    g_autofree char *name = fold (out->name);
    return out->score < SURE_SCORE || g_hash_table_contains (reader->name_parts, name);
  }
  return reader->read_name_word;
}

/* Reads title q (as ocr_title() does) and keeps the reading in out when it matches better
 * than what out holds and scores at least least. TRUE when it did. */
static gboolean
read_better (TsReader *reader, const TsImage *image, const double q[4][2], gboolean line,
             int polarity, double focus, double least, int least_conf_short, TsReading *out,
             double *score)
{
  TsMatch m;
  double row[4][2] = { { -1, -1 } };
  g_autofree char *text = read_title (reader, image, q, line, polarity, focus, NULL, row, &m,
                                      out);
  if (score)
    *score = m.score;
  if (m.score <= out->score || m.score < least)
    return FALSE;
  if (m.name && strlen (m.name) <= SHORT_NAME && reader->last_conf < least_conf_short)
    return FALSE;
  memcpy (reader->kept_row, row, sizeof row);
  reader->gave = reader->text_path;
  g_free (out->text);
  out->text = g_steal_pointer (&text);
  out->score = m.score;
  out->name = m.name;
  out->card = m.card;
  return TRUE;
}

/* Reads band q from its soft strips, plain, sharpened, then deblurred (while no name is
 * read), each as read_better() does (polarity -1 to choose). TRUE when a reading was kept. */
static gboolean
read_soft (TsReader *reader, const TsImage *image, const double q[4][2], int polarity,
           double focus, double least, int least_conf_short, TsReading *out)
{
  enter_path (reader, TS_READ_PATH_SOFT);
  gboolean better = FALSE;
  for (StripStyle style = STRIP_SOFT; out->score < reader->name_score && style <= STRIP_SOFT_DEBLUR;
       style++) {
    reader->strip_style = style;
    better |= read_better (reader, image, q, FALSE, polarity, focus, least, least_conf_short,
                           out, NULL);
    reader->strip_style = STRIP_CLEAN;
  }
  return better;
}

/* A lone line's reading kept from title, the candidate's line turned half way round turns
 * times: out takes that place and angle. */
static void
take_line_turn (TsReading *out, const TsCardCandidate *candidate, const double title[4][2],
                int turns)
{
  memcpy (out->title, title, sizeof out->title);
  out->angle_deg = fmod (candidate->angle_deg + 180.0 * turns, 360.0);
}

/* As take_line_turn(), for a reading read_better() kept from a band search of the line:
 * the text row it found there goes to row (corner [0][0] < 0 when none was found). */
static void
take_row_turn (const TsReader *reader, TsReading *out, const TsCardCandidate *candidate,
               const double title[4][2], int turns, double row[4][2])
{
  take_line_turn (out, candidate, title, turns);
  memcpy (row, reader->kept_row, sizeof reader->kept_row);
}

/* The card whose black border has quad as its inner edge: the border is about 2.8 mm of
 * the card's 63 x 88 mm on every side. */
static void
grow_to_card (double quad[4][2])
{
  double cx, cy;
  ts_rectify_quad_center (quad, &cx, &cy);
  const double f = 63.0 / (63.0 - 2 * 2.8);
  for (int k = 0; k < 4; k++) {
    quad[k][0] = cx + (quad[k][0] - cx) * f;
    quad[k][1] = cy + (quad[k][1] - cy) * f;
  }
}

/* How far below the top edge of card (mm, as if the quad were a whole card) the centre of
 * the text row lies. */
static double
text_depth_mm (const double card[4][2], const double text_quad[4][2])
{
  static const double unit[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
  double h[9], x, y;
  ts_cv_perspective_transform_get (card, unit, h);
  ts_rectify_quad_center (text_quad, &x, &y);
  double w = h[6] * x + h[7] * y + h[8];
  return (h[3] * x + h[4] * y + h[5]) / w * TS_CARD_H_MM;
}

gboolean
ts_reader_read (TsReader *reader, const TsImage *image, const TsCardCandidate *candidate,
                TsReading *out)
{
  g_return_val_if_fail (reader && image && candidate && out, FALSE);
  memset (out, 0, sizeof *out);
  memset (reader->cur, 0, sizeof reader->cur);
  reader->read_name_word = FALSE;
  reader->line_light = -1;
  reader->gave = TS_READ_PATH_FIRST;
  for (guint i = 0; i < BAND_ROWS_KEPT; i++)
    band_rows_clear (&reader->band_rows[i]);
  double along, across;
  ts_rectify_quad_size (candidate->title, &along, &across);
  reader->short_line = !candidate->has_quad && along < SHORT_LINE_ASPECT * across;
  reader->outline = candidate->has_quad;
  set_choices (reader, candidate->has_quad);
  enter_path (reader, TS_READ_PATH_FIRST);
  /* The reading as detected, then the card turned half way round. A card outline may be
   * the inner edge of the card's black border rather than the card's edge: each way up is
   * also read with the band placed on the outline grown to a whole card. */
  int per_turn = candidate->has_quad ? 2 : 1;
  int n_tries = (candidate->upright_known ? 1 : 2) * per_turn;
  double best_score = -1;
  gboolean best_light = FALSE;
  gboolean band_empty[2] = { FALSE, FALSE };
  /* A card's name is the leftmost words of its band; a line found alone is read where it
   * was found. */
  double focus = candidate->has_quad ? -1 : 0.5;
  for (int i = 0; i < n_tries; i++) {
    int t = i / per_turn;
    gboolean grown = i % per_turn == 1;
    double title[4][2], card[4][2] = { { 0 } };
    if (candidate->has_quad) {
      ts_rectify_quad_turn (candidate->quad, 2 * t, card);
      if (grown)
        grow_to_card (card);
    }
    if (candidate->has_quad && t == 0 && !grown) {
      /* The detector's title: the band on the card, or the text line it found there. */
      memcpy (title, candidate->title, sizeof title);
    } else if (candidate->has_quad) {
      ts_rectify_title_from_card (card, title);
    } else {
      ts_rectify_quad_turn (candidate->title, 2 * t, title);
    }
    gboolean light = FALSE;
    double text_quad[4][2] = { { -1, -1 } };
    TsMatch m = { 0 };
    g_autofree char *text = NULL;
    /* A line found alone whose band holds no row of three letters either way up is not read
     * that way up: art and texture (on the dev photos 587 of 2,880 first reads of lone lines,
     * none of which gave the name). Nor is that band searched below: the search has the
     * same gate, on the same band. */
    gint64 t0 = ts_cputime_now_us ();
    gboolean worth = candidate->has_quad || band_holds_text (reader, image, title);
    band_empty[t] = !worth;
    spend (reader, out, STAGE_RECTIFY, t0);
    if (worth)
      text = read_title (reader, image, title, !candidate->has_quad, -1, focus, &light,
                         text_quad, &m, out);
    else
      text = g_strdup ("");
    g_debug ("read try %d: \"%s\" -> %s %.2f", i, text, m.name ? m.name : "-", m.score);
    /* The band on the outline grown to a whole card lies higher on the card: in a stack it
     * can reach the title of the card above. It replaces a name already read only when
     * clearly better. */
    double need = best_score;
    if (grown && best_score >= reader->name_score)
      need += GROWN_MARGIN;
    if (m.score > need) {
      reader->gave = reader->text_path;
      best_score = m.score;
      g_free (out->text);
      out->text = g_steal_pointer (&text);
      out->score = m.score;
      out->name = m.name;
      out->card = m.card;
      memcpy (out->title, title, sizeof title);
      memcpy (out->quad, card, sizeof card);
      /* The name sits about 6 mm below a card's top edge; found less than 4.7 mm below the
       * outline's, it says the outline is the inner edge of the black border. */
      if (candidate->has_quad && !grown && text_quad[0][0] >= 0 &&
          text_depth_mm (card, text_quad) < 4.7)
        grow_to_card (out->quad);
      out->angle_deg = fmod (candidate->angle_deg + 180.0 * t, 360.0);
      best_light = light;
    }
    if (best_score >= SURE_SCORE)
      break;
  }
  /* Glare, or a busy band, can fool the choice of which side is text: a card's title that
   * gave nothing is read once more with the other choice. Not a line found alone: its band
   * searches vote on the polarity (on the dev photos this read named 1 of 1,056 lone lines
   * that read nothing first, at 1,055 Tesseract calls; without it the same names). */
  if (out->score < reader->name_score && best_score >= 0 && candidate->has_quad) {
    enter_path (reader, TS_READ_PATH_OTHER);
    double title[4][2];
    memcpy (title, out->title, sizeof title);
    read_better (reader, image, title, !candidate->has_quad, !best_light, focus, 0, 0, out, NULL);
  }
  /* A card's band that gave nothing may be blurred: it is read from its soft strips, in the
   * polarity of the best try. */
  if (candidate->has_quad && best_score >= 0 && out->score < reader->name_score) {
    double title[4][2];
    memcpy (title, out->title, sizeof title);
    read_soft (reader, image, title, best_light, focus, 0, 0, out);
  }
  /* A line the as-found strip could not give is searched as a card's band is: for its text
   * row, flattened and cleared, either way up. Lines found alone are mostly rules text and
   * art, so only a close match is taken from this second search. */
  /* A line found alone may also lie low on its text, cutting through the letters: what
   * gave nothing is searched once more with more room above (not below, where the rules
   * text repeats the card's name). */
  double band_best = -1;
  int band_turn = 0;
  double row_title[4][2] = { { -1, -1 } };
  int searches = (reader->short_line ? 1 : 2) * (candidate->upright_known ? 1 : 2);
  for (int i = 0; !candidate->has_quad && out->score < reader->name_score && i < searches;
       i++) {
    int t = i % (candidate->upright_known ? 1 : 2);
    double title[4][2];
    enter_path (reader, i < (candidate->upright_known ? 1 : 2) ? TS_READ_PATH_BAND
                                                                : TS_READ_PATH_WIDER);
    ts_rectify_quad_turn (candidate->title, 2 * t, title);
    reader->room_above = i < (candidate->upright_known ? 1 : 2) ? BAND_ROOM : 2 * BAND_ROOM;
    double got = 0;
    gboolean better = FALSE;
    if (reader->room_above > BAND_ROOM || !band_empty[t])
      better = read_better (reader, image, title, FALSE, -1, 0.5, SURE_SCORE, SHORT_CONF, out,
                            &got);
    reader->room_above = BAND_ROOM;
    if (better)
      take_row_turn (reader, out, candidate, title, t, row_title);
    if (got > band_best) {
      band_best = got;
      band_turn = t;
    }
  }
  /* So may a lone line, blurred, whose search came near a name but not near enough: the
   * way up that came nearest is read from its soft strips, taken as the search is. Most
   * lone lines are rules text and art, which seldom come as near: few are read again. */
  if (!candidate->has_quad && band_best >= SOFT_LINE_SCORE && out->score < reader->name_score) {
    double title[4][2];
    ts_rectify_quad_turn (candidate->title, 2 * band_turn, title);
    if (read_soft (reader, image, title, -1, 0.5, SURE_SCORE, SHORT_CONF, out))
      take_row_turn (reader, out, candidate, title, band_turn, row_title);
  }
  /* A line that matched may be part of a longer name; one that did not may be a word cut
   * off from the rest of its name. Either way the lengthened line is worth a read, also when
   * the best of the readings so far is a letter or two and another read the piece of a name
   * (synthetic old scene 7008: a line over "H" of "Demonic Hordes", searched as a band
   * "Nic Ho"). */
  gboolean longer = FALSE;
  if (!candidate->has_quad && longer_worth (reader, out)) {
    enter_path (reader, TS_READ_PATH_LONGER);
    reader->short_line = FALSE;  /* the lengthened line is searched as any other */
    longer = try_longer (reader, image, out);
  }
  /* A lone line read by searching it as a band gives the text row found there as its
   * title: the band reaches over the titles of stacked cards around it (synthetic hard
   * scene 2010: of three "Elvish Archers" stacked, two were taken for one). */
  if (!longer && row_title[0][0] >= 0)
    memcpy (out->title, row_title, sizeof out->title);
  out->tapped = ts_rectify_angle_is_tapped (out->angle_deg);
  if (out->score < reader->min_score) {
    out->name = NULL;
    out->card = NULL;
  }
  account (reader, out);
  g_debug ("read: %s %.3f \"%s\"", out->name ? out->name : "-", out->score,
           out->text ? out->text : "");
  return out->name != NULL;
}
