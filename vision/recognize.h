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
} TsRecognizedCard;

typedef struct {
  double ms_detect;     /* wall time in ts_detector_detect */
  double ms_rectify;    /* summed over every candidate read */
  double ms_ocr;
  double ms_match;
  guint n_candidates;   /* candidates read */
  guint n_skipped;      /* candidates not read: lines across a title already named */
} TsRecognizeStats;

/* Runs detector and reader over image. Returns a GPtrArray of TsRecognizedCard (freed with
 * the array), one per recognised card, duplicates (the same title found twice) merged.
 * stats may be NULL. Never fails: an image without cards gives an empty array. */
GPtrArray *ts_recognize_image (TsDetector *detector, TsReader *reader, const TsImage *image,
                               TsRecognizeStats *stats);

G_END_DECLS
