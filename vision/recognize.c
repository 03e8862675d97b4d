/* recognize.c — detect, read every candidate, merge duplicates: the still-photo path. */
#include "recognize.h"
#include "rectify.h"

#include <math.h>
#include <string.h>

static void
recognized_free (gpointer data)
{
  TsRecognizedCard *r = data;
  g_free (r->text);
  g_free (r);
}

/* Two readings of one card: the same name with overlapping titles. */
static gboolean
same_card (const TsRecognizedCard *a, const TsRecognizedCard *b)
{
  if (g_strcmp0 (a->name, b->name) != 0)
    return FALSE;
  double ax, ay, bx, by;
  ts_rectify_quad_center (a->title, &ax, &ay);
  ts_rectify_quad_center (b->title, &bx, &by);
  double h = MAX (ts_rectify_quad_edge (a->title, 1), ts_rectify_quad_edge (b->title, 1));
  return hypot (ax - bx, ay - by) < 1.5 * h ||
         ts_rectify_quad_contains (a->title, bx, by) ||
         ts_rectify_quad_contains (b->title, ax, ay);
}

GPtrArray *
ts_recognize_image (TsDetector *detector, TsReader *reader, const TsImage *image,
                    TsRecognizeStats *stats)
{
  g_return_val_if_fail (detector && reader && image, NULL);
  GPtrArray *result = g_ptr_array_new_with_free_func (recognized_free);
  TsRecognizeStats st = { 0 };
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_detector_detect (detector, image, cands, &st.ms_detect);

  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    TsReading rd;
    gboolean ok = ts_reader_read (reader, image, c, &rd);
    st.n_candidates++;
    st.ms_rectify += rd.ms_rectify;
    st.ms_ocr += rd.ms_ocr;
    st.ms_match += rd.ms_match;
    if (!ok) {
      ts_reading_clear (&rd);
      continue;
    }
    TsRecognizedCard *r = g_new0 (TsRecognizedCard, 1);
    r->name = rd.name;
    r->card = rd.card;
    r->score = rd.score;
    r->tapped = rd.tapped;
    r->angle_deg = rd.angle_deg;
    r->has_quad = c->has_quad;
    memcpy (r->title, rd.title, sizeof r->title);
    /* The reading settled which end is the top, and whether the outline was the card's. */
    if (c->has_quad)
      memcpy (r->quad, rd.quad, sizeof r->quad);
    r->text = g_steal_pointer (&rd.text);
    ts_reading_clear (&rd);

    gboolean dup = FALSE;
    for (guint j = 0; j < result->len && !dup; j++) {
      TsRecognizedCard *o = g_ptr_array_index (result, j);
      if (!same_card (o, r))
        continue;
      dup = TRUE;
      /* Keep the better reading, and the outline whichever had one; but a lone line much
       * taller than the other reading's title is a band run over stacked cards' titles
       * (three "Crystal Rod" cards, each title read right): the tight title is the card's,
       * and the band, kept, would swallow the other cards' readings as duplicates. */
      double hr = ts_rectify_quad_edge (r->title, 1), ho = ts_rectify_quad_edge (o->title, 1);
      gboolean r_band = !r->has_quad && hr > 1.5 * ho;
      gboolean o_band = !o->has_quad && ho > 1.5 * hr;
      if (o_band || (!r_band && (r->score > o->score || (r->has_quad && !o->has_quad)))) {
        g_ptr_array_index (result, j) = r;
        if (!r->has_quad && o->has_quad) {
          r->has_quad = TRUE;
          memcpy (r->quad, o->quad, sizeof r->quad);
        }
        recognized_free (o);
        r = NULL;
      }
    }
    if (!dup)
      g_ptr_array_add (result, r);
    else if (r)
      recognized_free (r);
  }
  if (stats)
    *stats = st;
  return result;
}
