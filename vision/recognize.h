/* recognize.h — the one-call path from an image to named cards: detect, then read each
 * candidate, keep those whose name was matched. For still photos and the recognize command;
 * live video uses detect.h and reader.h separately. */
#pragma once

#include "detect.h"
#include "reader.h"

G_BEGIN_DECLS

typedef struct {
  const char *name;     /* owned by the card database */
  const TsCard *card;
  double score;         /* 0..1 */
  gboolean tapped;
  double angle_deg;     /* degrees clockwise from upright, [0, 360) */
  gboolean has_quad;
  double quad[4][2];    /* image pixels, card's top-left first, clockwise; valid if has_quad */
  double title[4][2];   /* image pixels, same convention */
  char *text;           /* raw OCR text; owned by the result */
  /* The outline was completed from three sides: part of the card may lie under others. */
  gboolean completed;
} TsRecognizedCard;

typedef struct {
  double ms_detect;     /* wall time in ts_detector_detect */
  double ms_rectify;    /* summed over every candidate read */
  double ms_ocr;
  double ms_match;
  guint n_candidates;   /* candidates read */
  guint n_skipped;      /* candidates not read: pieces of a card already named */
} TsRecognizeStats;

/* TRUE when candidate c can only read as a piece of card r, already named: a lone line
 * within r's outline (its rules text, its type line, its title again), or one turned across
 * r's title and lying within it (a letter's stroke taken for a line). A card lying over r
 * hides r's outline, which is then not found whole; when it was completed (r->completed), a
 * line across r's text within it may be the title of a card over it, and is no piece.
 * ts_recognize_image() reads no such candidate. */
gboolean ts_recognize_is_part_of (const TsCardCandidate *c, const TsRecognizedCard *r);

/* Runs detector and reader over image. Returns a GPtrArray of TsRecognizedCard (freed with
 * the array), one per recognised card, duplicates (the same title found twice) merged.
 * stats may be NULL. Never fails: an image without cards gives an empty array. */
GPtrArray *ts_recognize_image (TsDetector *detector, TsReader *reader, const TsImage *image,
                               TsRecognizeStats *stats);

G_END_DECLS
