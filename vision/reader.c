/* reader.c — one title: warp it upright, clean it up, OCR it with Tesseract (single line)
 * and match the text against the card database, trying the other way up when the first
 * reading does not match. */
#include "reader.h"
#include "cv.h"
#include "rectify.h"

#include <tesseract/capi.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

/* Tesseract's LSTM reads best with capitals about 30 px tall; the title band is warped to
 * this height (pixels), text included with its margins. */
#define OCR_HEIGHT 44
#define OCR_MAX_WIDTH 1400
/* A reading at or above this score is taken without trying the other way up. */
#define SURE_SCORE 0.93

struct TsReader {
  const TsCardDb *db;
  const TsMatcher *matcher;
  TessBaseAPI *api;
  char *words_path;
  double min_score;
};

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
  reader->min_score = 0.80;
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
  g_free (reader);
}

void
ts_reader_set_min_score (TsReader *reader, double min_score)
{
  reader->min_score = min_score;
}

double
ts_reader_get_min_score (const TsReader *reader)
{
  return reader->min_score;
}

static double
ms_since (gint64 t0)
{
  return (g_get_monotonic_time () - t0) / 1000.0;
}

static gboolean
is_type_word (const char *t)
{
  static const char *const types[] = { "Creature", "Artifact", "Enchantment", "Instant",
                                       "Sorcery", "Legendary", "Summon", "Tribal", "Kindred",
                                       "Planeswalker", "Interrupt", "Basic", NULL };
  for (guint i = 0; types[i]; i++)
    if (g_ascii_strcasecmp (t, types[i]) == 0)
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
  /* Costs in half edits: a space put in or left out by OCR costs half a letter. */
  g_autofree guint *row = g_new (guint, lb + 1);
  row[0] = 0;
  for (gsize j = 1; j <= lb; j++)
    row[j] = row[j - 1] + (fb[j - 1] == ' ' ? 1 : 2);
  for (gsize i = 1; i <= la; i++) {
    guint diag = row[0];
    row[0] += fa[i - 1] == ' ' ? 1 : 2;
    for (gsize j = 1; j <= lb; j++) {
      guint up = row[j];
      guint best = diag + (fa[i - 1] != fb[j - 1] ? 2 : 0);
      best = MIN (best, up + (fa[i - 1] == ' ' ? 1 : 2));
      best = MIN (best, row[j - 1] + (fb[j - 1] == ' ' ? 1 : 2));
      row[j] = best;
      diag = up;
    }
  }
  double edits = row[lb] / 2.0;
  /* Short names must be read exactly: one letter off "Well" is "Wel", a word of its own. */
  double allowed = lb <= 5 ? 0 : lb <= 9 ? 1 : lb <= 14 ? 2 : 3;
  *out_close = edits <= allowed;
  /* A name cut short by the band's end leaves a stub of its last word ("Wall of if" for
   * "Wall of Ice"): a short last word, when the words line up, must be read exactly. */
  const char *wa = strrchr (fa, ' '), *wb = strrchr (fb, ' ');
  if (*out_close && wa && wb && strlen (wb + 1) <= 3 && strcmp (wa, wb) != 0) {
    guint na = 0, nb = 0;
    for (const char *p = fa; *p; p++)
      na += *p == ' ';
    for (const char *p = fb; *p; p++)
      nb += *p == ' ';
    if (na == nb)
      *out_close = FALSE;
  }
  return 1.0 - edits / MAX (la, lb);
}

#define N_MATCHES 5

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
       * subtypes are often card names too. */
      for (guint k = 0; k < a; k++)
        if (is_type_word (tokens[k]))
          penalty = 0;
      for (guint k = 0; k < a; k++)
        penalty *= wordlike (tokens[k]) ? 0.85 : 1;
      for (guint k = b; k < n; k++)
        penalty *= wordlike (tokens[k]) ? 0.85 : 1;
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
        /* Names are capitalised; a short lower-case word is rules text ("call", "fog."). */
        const char *first = sub;
        while (*first && !g_ascii_isalpha (*first))
          first++;
        if (g_ascii_islower (*first) && strlen (m[k].name) <= 6)
          score = MIN (score, 0.5);
        if (score > best->score) {
          *best = m[k];
          best->score = score;
        }
      }
    }
  }
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
 * side of Otsu's split holding fewer pixels is the text. */
static void
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
    return;
  for (int y = 0; y < strip->height; y++) {
    uint8_t *row = strip->data + (gsize) y * strip->stride;
    for (int x = 0; x < strip->width; x++)
      row[x] = (uint8_t) (255 - row[x]);
  }
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

/* Tesseract finds letters that touch the image's edge poorly: the strip is framed with a
 * margin of its own ground, a quarter of its height on every side. */
static TsImage *
pad_strip (const TsImage *strip, int ground)
{
  int m = MAX (2, strip->height / 4);
  TsImage *out = ts_image_new (strip->width + 2 * m, strip->height + 2 * m, 1);
  for (int y = 0; y < out->height; y++)
    memset (out->data + (gsize) y * out->stride, ground, (gsize) out->width);
  for (int y = 0; y < strip->height; y++)
    memcpy (out->data + (gsize) (y + m) * out->stride + m,
            strip->data + (gsize) y * strip->stride, (gsize) strip->width);
  return out;
}

/* OCRs the title quad q (corner 0 = the text's top-left). Returns the cleaned text. */
/* The strip of image under quad q, h pixels tall, grey, dark text on a clean light ground. */
static TsImage *
warp_strip (const TsImage *image, const double q[4][2], int h, gboolean flip, gboolean pad)
{
  double qw = (ts_rectify_quad_edge (q, 0) + ts_rectify_quad_edge (q, 2)) / 2;
  double qh = (ts_rectify_quad_edge (q, 1) + ts_rectify_quad_edge (q, 3)) / 2;
  int w = (int) CLAMP (lround (qw * h / MAX (qh, 1)), 8, OCR_MAX_WIDTH);
  g_autoptr (TsImage) warped = ts_rectify_warp (image, q, w, h);
  TsImage *strip = ts_cv_convert_channels (warped, 1);
  ts_cv_normalize (strip);
  make_text_dark (strip, flip);
  int ground = clear_band_edges (strip);
  if (!pad)
    return strip;
  TsImage *padded = pad_strip (strip, ground);
  ts_image_free (strip);
  return padded;
}

/* Narrows q to the rows that hold the text (the band found by the detector, or placed on a
 * card, is taller than the letters), so the second warp gives Tesseract letters of the
 * size it reads best. FALSE when no clear text rows are found. */
static gboolean
tighten (const TsImage *strip, const double q[4][2], double out[4][2])
{
  g_autoptr (TsImage) ink = ts_cv_threshold (strip, -1, TRUE, NULL);
  int top = -1, bottom = -1;
  for (int y = 0; y < ink->height; y++) {
    int n = 0;
    for (int x = 0; x < ink->width; x++)
      n += ink->data[(gsize) y * ink->stride + x] != 0;
    /* A row inked over half its width is a frame line, not letters. */
    if (n > ink->width / 50 + 1 && n < ink->width / 2) {
      if (top < 0)
        top = y;
      bottom = y;
    }
  }
  if (top < 0)
    return FALSE;
  double span = bottom - top + 1;
  if (span < 0.2 * ink->height || span > 0.85 * ink->height)
    return FALSE;
  double v0 = MAX (0, (top - 0.25 * span) / ink->height);
  double v1 = MIN (1, (bottom + 1 + 0.25 * span) / ink->height);
  for (int k = 0; k < 2; k++) {
    out[0][k] = q[0][k] + (q[3][k] - q[0][k]) * v0;
    out[1][k] = q[1][k] + (q[2][k] - q[1][k]) * v0;
    out[2][k] = q[1][k] + (q[2][k] - q[1][k]) * v1;
    out[3][k] = q[0][k] + (q[3][k] - q[0][k]) * v1;
  }
  return TRUE;
}

/* OCRs the title quad q (corner 0 = the text's top-left). Returns the cleaned text. */
static char *
ocr_title (TsReader *reader, const TsImage *image, const double q[4][2], gboolean loose,
           gboolean flip, TsReading *out)
{
  gint64 t0 = g_get_monotonic_time ();
  double w = (ts_rectify_quad_edge (q, 0) + ts_rectify_quad_edge (q, 2)) / 2;
  double h = (ts_rectify_quad_edge (q, 1) + ts_rectify_quad_edge (q, 3)) / 2;
  if (w < 4 || h < 4)
    return g_strdup ("");
  g_autoptr (TsImage) strip = warp_strip (image, q, OCR_HEIGHT, flip, FALSE);
  double tight[4][2];
  if (loose) {
    /* A band much taller than its letters holds frame rows that the first look counts as
     * text; a second look at the narrowed band finds the letters alone. */
    double cur[4][2];
    memcpy (cur, q, sizeof cur);
    for (int pass = 0; pass < 2 && tighten (strip, cur, tight); pass++) {
      memcpy (cur, tight, sizeof cur);
      g_clear_pointer (&strip, ts_image_free);
      strip = warp_strip (image, cur, OCR_HEIGHT, flip, FALSE);
    }
    g_clear_pointer (&strip, ts_image_free);
    strip = warp_strip (image, cur, OCR_HEIGHT, flip, TRUE);
  }
  out->ms_rectify += ms_since (t0);
  t0 = g_get_monotonic_time ();
  TessBaseAPISetImage (reader->api, strip->data, strip->width, strip->height, 1, strip->stride);
  TessBaseAPISetSourceResolution (reader->api, 300);
  char *raw = TessBaseAPIGetUTF8Text (reader->api);
  char *text = clean_text (raw ? raw : "");
  TessDeleteText (raw);
  TessBaseAPIClear (reader->api);
  out->ms_ocr += ms_since (t0);
  return text;
}

/* A title found as a text line may be only part of its line ("Stand" of "Make a Stand")
 * when a word did not join the others; a part can itself be a card name. The line is read
 * again, lengthened both ways, and a longer name found there wins. */
static void
try_longer (TsReader *reader, const TsImage *image, TsReading *out)
{
  double q[4][2];
  double h = (ts_rectify_quad_edge (out->title, 1) + ts_rectify_quad_edge (out->title, 3)) / 2;
  double w = (ts_rectify_quad_edge (out->title, 0) + ts_rectify_quad_edge (out->title, 2)) / 2;
  if (w < 1)
    return;
  double grow = 3.5 * h / w;
  for (int k = 0; k < 2; k++) {
    double top = out->title[1][k] - out->title[0][k];
    double bottom = out->title[2][k] - out->title[3][k];
    q[0][k] = out->title[0][k] - top * grow;
    q[1][k] = out->title[1][k] + top * grow;
    q[2][k] = out->title[2][k] + bottom * grow;
    q[3][k] = out->title[3][k] - bottom * grow;
  }
  g_autofree char *text = ocr_title (reader, image, q, FALSE, FALSE, out);
  TsMatch m = { 0 };
  gint64 tm = g_get_monotonic_time ();
  if (*text)
    match_text (reader, text, &m);
  out->ms_match += ms_since (tm);
  gboolean had = out->name && out->score >= reader->min_score;
  if (m.name && m.score >= reader->min_score && (!had || strlen (m.name) > strlen (out->name))) {
    out->name = m.name;
    out->card = m.card;
    out->score = m.score;
    g_free (out->text);
    out->text = g_steal_pointer (&text);
    memcpy (out->title, q, sizeof q);
  }
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

gboolean
ts_reader_read (TsReader *reader, const TsImage *image, const TsCardCandidate *candidate,
                TsReading *out)
{
  g_return_val_if_fail (reader && image && candidate && out, FALSE);
  memset (out, 0, sizeof *out);
  /* The reading as detected, then the card turned half way round. A card outline may be
   * the inner edge of the card's black border rather than the card's edge: each way up is
   * also read with the band placed on the outline grown to a whole card. */
  int per_turn = candidate->has_quad ? 2 : 1;
  int n_tries = (candidate->upright_known ? 1 : 2) * per_turn;
  double best_score = -1;
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
    g_autofree char *text = ocr_title (reader, image, title, candidate->has_quad, FALSE, out);
    TsMatch m = { 0 };
    gint64 tm = g_get_monotonic_time ();
    if (*text)
      match_text (reader, text, &m);
    out->ms_match += ms_since (tm);
    g_debug ("read try %d: \"%s\" -> %s %.2f", i, text, m.name ? m.name : "-", m.score);
    if (m.score > best_score) {
      best_score = m.score;
      g_free (out->text);
      out->text = g_steal_pointer (&text);
      out->score = m.score;
      out->name = m.name;
      out->card = m.card;
      memcpy (out->title, title, sizeof title);
      memcpy (out->quad, card, sizeof card);
      out->angle_deg = fmod (candidate->angle_deg + 180.0 * t, 360.0);
    }
    if (best_score >= SURE_SCORE)
      break;
  }
  /* Glare over a light name on a dark band can fool the choice of which side is text: a
   * card that gave nothing is read once more with the other choice. */
  if (candidate->has_quad && out->score < reader->min_score) {
    double title[4][2];
    memcpy (title, out->title, sizeof title);
    g_autofree char *text = ocr_title (reader, image, title, TRUE, TRUE, out);
    TsMatch m = { 0 };
    gint64 tm = g_get_monotonic_time ();
    if (*text)
      match_text (reader, text, &m);
    out->ms_match += ms_since (tm);
    if (m.score > out->score) {
      g_free (out->text);
      out->text = g_steal_pointer (&text);
      out->score = m.score;
      out->name = m.name;
      out->card = m.card;
    }
  }
  /* A line that matched may be part of a longer name; one that did not may be a word cut
   * off from the rest of its name. Either way the lengthened line is worth a read. */
  if (!candidate->has_quad && out->text && strlen (out->text) >= 3)
    try_longer (reader, image, out);
  out->tapped = ts_rectify_angle_is_tapped (out->angle_deg);
  if (out->score < reader->min_score) {
    out->name = NULL;
    out->card = NULL;
  }
  return out->name != NULL;
}
