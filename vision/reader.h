/* reader.h — reading a card's name off its title line: rectify, decide which way is up,
 * OCR (Tesseract, single-line mode) and match against the card database.
 *
 * A TsReader owns one Tesseract engine, created once and reused for every title, plus a
 * user-words file of the database's card names. It is NOT thread-safe: one reader per
 * thread (reading is the slow part; a tracker runs it off the frame loop).
 *
 * Speed: Tesseract's LSTM runs OpenMP threads that spin; on a busy machine a read becomes
 * ten times slower. libgomp reads OMP_THREAD_LIMIT when the program loads, so a program
 * that reads titles should run with OMP_THREAD_LIMIT=1 in its environment (the recognize
 * command re-executes itself with it).
 *
 * How a candidate is read. A band placed on a card outline is searched for its text row:
 * warped to a strip, flattened against its own ground (shadow and band colour divided out,
 * strokes under glare stretched to the contrast of the deepest strokes near them), cleared
 * of frame lines and band ends; the polarity (dark or light name) is voted twice: the side
 * of Otsu's split with fewer pixels over both polarities' rows, and the polarity whose
 * row's ground goes on round it. Otsu's vote stands; when the votes disagree and the
 * reading matches nothing, the other polarity is read too (a lone line searched as a band
 * has a third vote, the polarity its first read took over the whole line: glare on a light
 * name's dark band turns both of the band's votes). The leftmost run of letters is
 * the name (the mana cost stands apart at the right). Only that row is warped again, to
 * letters about 36 px tall, everything else white, and read. A line found alone is read as
 * found: a strip 44 px tall, made dark on light, cleared of what touches its edges. OCR is
 * single-line; the text, with up to two stray tokens dropped at its start and three at its
 * end (a long word dropped from the start costs most), is matched. A name is accepted only when the whole of it was read (few edits for
 * its length, none for names of five letters or fewer; a letter read as one of like shape,
 * "n" for "m", counts half to let a reading in), it is not a short lower-case word (rules
 * text) nor a lower-case piece from within another name's word ("carrin" of "Scarring" is
 * not "Carrion") and no card type stands beside it (the type line). The other way up is
 * tried when the first reading is not sure, then the other polarity; a card outline is
 * also read as if it were the inner edge of the black border (that reading replaces a name
 * already read only when clearly better: the grown band can reach the card above); a line
 * found alone is read again lengthened, in case it was one word of a longer name. A reading
 * that matched no name is spelt again towards each name it nearly matched from the letters
 * Tesseract weighed but put second ("Craw Wom": "u" weighed for "o"), at most two and each
 * costing score, and that spelling is matched as a reading is. A short
 * name found by searching a lone line as a band needs Tesseract's confidence (texture
 * stretched to full contrast can look like a short word). A card's band that still gave no
 * name is read from soft strips: its text row as warped, only its ground divided out and
 * its contrast stretched, then the same with a wide unsharp mask, then deblurred first
 * (Richardson-Lucy with a Gaussian as wide as the blur its edges show). A blurred title's
 * strokes fade into grey that the clean strip's ink levels cut into pieces, while Tesseract
 * reads the grey letters whole, and the deblurred ones where they had run together. So is
 * a lone line whose search as a band came near a name but not near enough, at the way up
 * that came nearest.
 *
 * Most candidates are no title (rules text, art, texture) and go through every retry, so
 * retries are spared where they cannot help: a band's text row lighter than three letters
 * is not read; Tesseract reads an unsure line inverted as well only where no read of ours
 * covers the other polarity (a line's first read and its raw-line read); a lone line is read
 * lengthened only when what was read may be part of a longer name (a name that is a run of
 * another card's words, a name not read sure, a token beginning or ending a word of some
 * name, or a word read with high confidence). ts_reader_get_timing() tells where the time went.
 *
 * To look at what Tesseract is given: with TS_READER_DUMP=DIR in the environment when the
 * reader is made, every strip it reads is written to DIR as a numbered PNG named by its path
 * and the text read (nothing is written otherwise).
 */
#pragma once

#include "image.h"
#include "detect.h"
#include "cards.h"

G_BEGIN_DECLS

typedef struct TsReader TsReader;

typedef struct {
  const char *name;      /* matched card (or face) name, owned by the card database;
                          * NULL when the best match scored below the reader's min score */
  const TsCard *card;    /* the matched card, or NULL with name */
  double score;          /* 0..1 matcher score of the best match, even when name is NULL */
  char *text;            /* raw OCR text of the reading that won; owned, may be "" */
  double angle_deg;      /* the card's angle as settled by reading (degrees clockwise) */
  gboolean tapped;
  double title[4][2];    /* the title outline that was read, card's top-left first (of a
                          * line found alone and searched as a band, the text row found) */
  /* The card's outline as settled by reading, card's top-left first: the candidate's quad
   * turned to the top that was read, and grown to the whole card when the name was read on
   * that assumption (the outline found was the inner edge of the black border). Valid only
   * when the candidate has a quad. */
  double quad[4][2];
  double ms_rectify;     /* CPU time of the calling thread (ms): warp and binarisation */
  double ms_ocr;         /* Tesseract */
  double ms_match;       /* ts_matcher_match */
} TsReading;

/* The paths a reading can take (see the top of this file), for timing. A retry nested in
 * another path (the other polarity read when the votes disagree, Tesseract's raw-line
 * mode) is charged to its own path. */
typedef enum {
  TS_READ_PATH_FIRST,     /* the band or line as found, the other way up, the grown band */
  TS_READ_PATH_POLARITY,  /* the other polarity, read when the two votes disagree */
  TS_READ_PATH_OTHER,     /* a card's band: the best try's other polarity, when nothing matched */
  TS_READ_PATH_RAW,       /* a lone line that read empty, read again as one raw line */
  TS_READ_PATH_BAND,      /* a lone line searched as a band */
  TS_READ_PATH_WIDER,     /* a lone line searched as a band with more room above */
  TS_READ_PATH_LONGER,    /* a lone line read again lengthened */
  TS_READ_PATH_SOFT,      /* a card's band or a near lone line read from its soft strips */
  TS_READ_N_PATHS
} TsReadPath;

/* Short name of a path ("first", "polarity", ...), static. */
const char *ts_read_path_to_string (TsReadPath path);

/* CPU time (ms, calling thread) spent on one path, summed over candidates. */
typedef struct {
  guint n_runs;          /* candidates on which the path ran */
  guint n_ocr;           /* Tesseract calls */
  guint n_choices;       /* of those, calls that weighed each letter's alternatives */
  guint n_gave;          /* candidates whose name (the reading kept) this path read */
  double ms_rectify;
  double ms_ocr;
  double ms_match;
} TsReadPathTiming;

typedef struct {
  guint n_reads;         /* candidates read */
  double ms;             /* their CPU time, all paths */
  TsReadPathTiming path[TS_READ_N_PATHS];
} TsReadOutcomeTiming;

/* Where the reader's time went since it was made or last reset, split by how each
 * candidate ended: with a name, or without (mostly candidates that are no card's title). */
typedef struct {
  TsReadOutcomeTiming named;
  TsReadOutcomeTiming unnamed;
} TsReaderTiming;

/* Frees what a TsReading owns (text) and zeroes it. */
void ts_reading_clear (TsReading *reading);

/* db and matcher must outlive the reader. Writes the user-words list to a temporary file
 * (removed by ts_reader_free) and starts Tesseract with English data. Fails with
 * TS_VISION_ERROR_OCR when the language data is missing. */
TsReader *ts_reader_new (const TsCardDb *db, const TsMatcher *matcher, GError **error);
void ts_reader_free (TsReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsReader, ts_reader_free)

/* Matches scoring below this are reported with name NULL. Default 0.80. Lowering it reads
 * more worn or blurred titles and lets more wrong names through; the reader still looks
 * further (other polarity, band search, longer line) until a reading scores the default,
 * so it reports every name the default would. Raising it makes it look further still. */
void ts_reader_set_min_score (TsReader *reader, double min_score);
double ts_reader_get_min_score (const TsReader *reader);

/* Copies the reader's timing totals into out. */
void ts_reader_get_timing (const TsReader *reader, TsReaderTiming *out);
void ts_reader_reset_timing (TsReader *reader);

/* Reads candidate's title from image (the image the candidate was detected in). Fills out
 * (the caller clears it with ts_reading_clear). Returns TRUE when a name was matched. */
gboolean ts_reader_read (TsReader *reader, const TsImage *image,
                         const TsCardCandidate *candidate, TsReading *out);

G_END_DECLS
