/* ocr-noise.h — corrupts card names the way OCR of a title line does, for matcher tests and
 * the benchmark. Deterministic for a given GRand state. */
#pragma once

#include <glib.h>

/* Applies n_edits OCR-style edits to name (UTF-8): confusable glyphs (rn/m, cl/d, l/I/1/|,
 * O/0, e/c, vv/w, li/h, ...), lost or extra letters, wrong letters, wrong case, lost accents
 * and apostrophes, merged or split words, and the end of the title cut off. Newly allocated. */
char *ts_ocr_corrupt (const char *name, guint n_edits, GRand *rand);
