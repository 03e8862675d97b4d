/* detect.h — finding cards and title lines in one image, fast enough for every frame.
 *
 * Detection is split from reading (reader.h): the detector only looks at geometry and
 * contrast, so a tracker can run it on every frame and read titles off the frame loop.
 * Two kinds of candidates come out of one call:
 *   - a whole card: a card-shaped quadrilateral (63 x 88 mm aspect, under any rotation and
 *     mild perspective) with its title band placed inside it;
 *   - a title line on its own: a band of text that looks like a card's name line, found even
 *     when the card's outline is hidden (fanned hands, stacked cards).
 * A title that lies inside a found card is reported once, with the card.
 *
 * Coordinates are image pixels of the input image (x right, y down). Quadrilaterals start at
 * the card's (or title's) own top-left corner and go clockwise as seen on the card, so the
 * first edge runs along the card's top. Angles are degrees turned clockwise from upright in
 * the image, in [0, 360).
 *
 * One TsDetector may be used by one thread at a time (it keeps scratch buffers); use one
 * detector per thread. */
#pragma once

#include "image.h"

G_BEGIN_DECLS

typedef struct {
  /* The image is shrunk so its longer side is at most this many pixels before searching.
   * Raising it finds smaller cards and titles; time grows with its square. An image at
   * most a quarter larger than this is searched at full size. */
  int work_size;
  /* Smallest card to report, as a fraction of the image area. Lowering it finds smaller
   * (farther) cards but lets more non-card rectangles through. */
  double min_card_area;
  /* How far the quadrilateral's aspect (long / short side) may stray from 88/63 (relative).
   * Raising it accepts cards under stronger perspective and more false rectangles. */
  double aspect_tolerance;
  /* An outline longer than a card by more than this (relative) with a straight edge across
   * it a card's length from one end is cut into two stacked cards (synthetic tuning: one
   * more old-frame name of 156). 0 or less: never cut; the live table leaves it off, as a
   * hand over the cards makes card-long outlines to cut (a recorded session lost a third of
   * its events). */
  double stack_margin;
  /* Title lines shorter than this (pixels, input image) are not searched for: below about
   * 12 px OCR fails anyway. Lowering it costs time and false candidates. */
  double min_title_height;
  /* Title lines taller than this fraction of the image's shorter side are ignored. */
  double max_title_height;
  /* Search for title lines outside found cards (the fanned-hand case). Turning it off halves
   * the time on a busy frame but misses cards whose outline is hidden. */
  gboolean find_titles;
  /* Keep at most this many candidates, best first. */
  int max_candidates;
  /* Look a second time for title lines the first look cut into fragments (large bold
   * names, whose letters' top and foot runs look like frame lines), adding the whole line
   * as one more candidate. Finds a few more names on stacks and fans (synthetic title
   * coverage +1..2%) at about 1 ms per 1280x720 frame and a few more candidates to read;
   * off by default: on the dev photos it found one more name and read two wrong. */
  gboolean second_look;
  /* Also look for title lines at half the work size, where large titles (out of focus ones
   * most: their letters are soft ramps that break apart at full size) are crisp strokes.
   * On the dev photos it finds 13 more of the 362 name lines (detector coverage 0.953 ->
   * 0.989) for about 2.4 more candidates a photo to read; it costs about a quarter more
   * title-line time (some 1.5 ms a 1920x1080 frame, 2.5 ms at 1280x720, on one core).
   * Turning it off saves that and misses large blurred titles. */
  gboolean coarse_titles;
  /* Count as frame lines (taken out before letters are joined) only straight runs that join
   * into something longer than a short name. Bold short names ("Lure", "Fear") are then no
   * longer cut lengthwise into strips: synthetic titles missed 32 -> 26 of 250, dev photos
   * unchanged. Off, every straight run as long as three letters are tall is a frame line;
   * the live tuning turns it off, because on recorded 1280x720 sessions it let more stray
   * lines through to the tracker (event precision 0.74 -> 0.58, recall 0.69 -> 0.53). */
  gboolean long_frame_lines;
  /* A card outline whose corners stray further than this from square (degrees) is not a
   * card: an outline run together with a straight line of the table (wood grain, a mat's
   * edge) can still be card-shaped by its sides, and, being the larger, it hid the card's
   * own outline inside it. Cards seen under mild perspective stay within a few degrees;
   * 0 turns the test off. */
  double max_corner_skew;
  /* Keep a title line cut free of a crossing stroke (a card side, the frame of a card
   * stacked over it) when it is short, three to four times as long as it is thick, but
   * solid: a short bold name ("Fear") whose letters run together. Such lines are otherwise
   * dropped, as pieces cut out of larger blobs are mostly art and fragments of longer
   * names. Synthetic tuning scenes: 4 more names read (of 156), dev photos unchanged. Off,
   * a line cut free must be four times as long as it is thick. */
  gboolean short_solid_lines;
  /* Take the closed outline of a modern frame's name bar (a light bar some 55 x 4.3 mm around
   * the name) lying outside every card found as a title line too, where the name inside it
   * was missed or found only in part: the bar's edge ring stays whole where the card's
   * outline is lost (a dark card on a dark table, a card under another) and where the
   * letters alone make no line (short bold names, blur). Synthetic tuning scenes: 3 more
   * names read of 156 (hard 29 -> 32 of 36); dev photos 2 more of 362, none wrong. It costs
   * reads: 15.4 -> 17.1 candidates a dev photo (reading time +9 %), hard scenes 16.2 -> 17.2;
   * and about 0.3 ms a 1080p frame. Off by default: on the live table's recorded sessions the
   * tracker took the extra lines for cards coming and going (three 1280x720 sessions: event
   * precision 0.78 -> 0.70, recall 0.70 -> 0.68); the recognize command turns it on for
   * still photos. */
  gboolean name_bars;
  /* Cut an outline shaped like a tapped card in two when it holds, instead of its own name
   * line, a name line across the top of each half, each beginning at the half's left edge
   * and the two of a size: two upright cards side by side (lands in a row, touching) give
   * one such outline. The scripted session's two Mountains were one tapped card before.
   * Synthetic scenes and dev photos read the same with it (one dev photo cut a card's lower
   * part in two at its mana cost until the name had to begin at the left edge). */
  gboolean split_pairs;
  /* Read alone a line that was a card's name line until a higher line on the card took its
   * place: the higher one may be print on the playmat that the outline took in with the
   * card (easy scene 3002: "Championship" over a Time Vault, which then read nothing). */
  gboolean displaced_lines;
  /* Complete the outline of a card the image's border cuts, at least 60 % of it inside:
   * the sides that run out are extended to a whole card's length, or a corner cut off is
   * put back where the other three give it. Photos only: on the live table it gave piles at
   * the frame's edge their outlines, but also cards carried in and out across the border,
   * which the tracker took for the cards that had just left there (eight 1080p games:
   * event precision 0.976 -> 0.934, recall 0.941 -> 0.927). Kept to the pile areas it still
   * lost (0.959, 0.927): a card put on a pile so outlined got a track of its own, and its
   * move to the graveyard was reported as a departure to nowhere. Again on 2026-12-02, with
   * the tracker's wait for a pile to read a replaced card (ghost_new): tuned eight 295 -> 291
   * of 303 events found, 298 -> 301 reported; sixth eight 265 found both, 282 -> 285. Kept
   * to the piles once more the same day (each completed outline placed by the observer, kept
   * only on a library or graveyard): tuned eight 295 -> 293 found, 298 reported both; sixth
   * eight 265 found both, 282 -> 285 reported. Departures were read on their graveyards
   * sooner (seed 281's Red Ward found), but pile tracks changed shape as outlines came and
   * went, and took cards carried past (seed 283: two Phantom Monsters mixed up). */
  gboolean cut_cards;
  /* Complete the outline of a card whose edge ring runs into another's (a tapped card
   * against its neighbour, a dark border against a dark card, a card partly under others):
   * where a contour turns two right angles in a row around a whole side and its two sides
   * run on for at least 60 % of a card's length, the card is completed from those three
   * sides, if it is as long as the cards found whole (within a fifth; none when there are
   * none). Lines across its text within it are not its own: they lie on cards over it.
   * Photos only: the same names (synthetic sets and dev photos), two more cards of 424
   * reported with their outline on 144 synthetic scenes. On the live table, at any angle,
   * cards caught mid-turn split tracks (seventh eight 278 -> 274 of 297 found, 298 -> 292
   * reported; eighth 276 -> 279 of 303, 289 -> 290, against 281 and 292 from fresh detections without it: the
   * cached 431 was stale), and kept to cards lying within 15
   * degrees of the picture's axes it changed little (seventh 277 found, 297 reported;
   * eighth 278, 290; tuned seed 11 37 -> 36 of 37 found, 38 -> 39 reported). */
  gboolean joined_cards;
  /* Look for title lines once more in a copy whose contrast is equalised tile by tile
   * (CLAHE), keeping only lines no other look found: light letters on a mid-toned band in a
   * dim corner (an old frame's red or green band under poor light) stay below the stroke
   * split that the picture's strong edges set. Synthetic sets: 943 -> 947 of 977 names
   * (hard 193 -> 196 of 225, old 206 -> 207), none wrong; dev photos the same 350 names
   * (1,580 -> 2,133 candidates, Tesseract calls 6,082 -> 8,069, OCR a photo +20 %). It
   * costs some 5.4 ms of CPU a 1920x1080 frame (8 to 15 ms at 1280x720, searched whole:
   * CLAHE and its stroke map about 2 ms, the rest finding lines). Photos only: the live
   * table's frame budget has no room for it, and its recorded sessions were not measured
   * with it. */
  gboolean equalized_titles;
  /* A thick straight run along a line, reaching the picture's edge and longer than a name's
   * letters ever run together (12 times the smallest title height), is a frame line, not
   * bold letters. At the live table's work size a card's dark border along the top of its
   * name bar is as thick as a small name's letters and joins the name into one blob; the
   * line cut back from that blob was the bar's empty end, which reads nothing (a graveyard
   * at the picture's right edge, its top card's outline run out of the picture). Only runs
   * that reach the picture's edge are taken: taken anywhere, every title's lines changed
   * (whole cards' titles 6-14 px thinner) and the live table lost more events than it
   * gained. Off in the defaults (the still photos were not measured with it); the live
   * table turns it on. */
  gboolean long_solid_frames;
} TsDetectorParams;

/* Fills params with defaults tuned on 1024..2048 px photos and 1080p frames. */
void ts_detector_params_init (TsDetectorParams *params);
/* The still-photo tuning: the defaults with name_bars, cut_cards, joined_cards and
 * equalized_titles on. A photo is read once, not tracked, so the name bars of cards whose
 * outline is lost are worth their reads (the live table keeps to the defaults' whole
 * outlines and lines: see name_bars). */
void ts_detector_params_init_photo (TsDetectorParams *params);

typedef struct TsDetector TsDetector;

typedef struct {
  double quad[4][2];   /* card outline; meaningful only when has_quad */
  gboolean has_quad;   /* FALSE when only the title line was found */
  double title[4][2];  /* name line outline: top-left, top-right, bottom-right, bottom-left */
  /* Degrees clockwise from upright. From geometry alone a card's up and down can't always be
   * told apart: when upright_known is FALSE the angle may be 180 degrees off; the reader
   * (ts_reader_read) settles it by reading the title both ways. */
  double angle_deg;
  gboolean upright_known;
  /* The card's long side lies along the image horizontal (a quarter turn either way). This
   * does not depend on the 180 degree ambiguity. */
  gboolean tapped;
  double confidence;   /* 0..1: how card-like / title-like the candidate looks */
  /* The outline was completed from three sides (TsDetectorParams.joined_cards): part of the
   * card may lie under others. */
  gboolean completed;
} TsCardCandidate;

/* params NULL means defaults. Never fails. Free with ts_detector_free(). */
TsDetector *ts_detector_new (const TsDetectorParams *params);
void ts_detector_free (TsDetector *detector);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsDetector, ts_detector_free)

const TsDetectorParams *ts_detector_get_params (const TsDetector *detector);

/* Appends the candidates found in image (1, 3 or 4 channels) to out, a GArray of
 * TsCardCandidate (g_array_new (FALSE, FALSE, sizeof (TsCardCandidate))), best first.
 * Returns the number appended. ms_out, if not NULL, receives the wall time spent (ms). */
guint ts_detector_detect (TsDetector *detector, const TsImage *image, GArray *out,
                          double *ms_out);

/* Where the last ts_detector_detect() call spent its time: CPU milliseconds of the calling
 * thread, so with OpenCV held to one thread (ts_cv_set_num_threads) they are the cost on one
 * core, not swollen by whatever else the machine runs. */
typedef struct {
  double ms_prepare;   /* grey conversion and shrinking */
  double ms_cards;     /* card outlines: edges, contours, quadrilaterals */
  double ms_text_map;  /* the text-stroke map the title search starts from */
  double ms_lines;     /* title lines: morphology and blobs, both orientations */
  double ms_group;     /* joining words into lines, placing them on cards */
  double ms_equalized; /* the equalised title look (TsDetectorParams.equalized_titles) */
  double ms_total;
} TsDetectorTiming;

void ts_detector_get_timing (const TsDetector *detector, TsDetectorTiming *out);

G_END_DECLS
