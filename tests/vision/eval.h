/* eval.h — scoring recognition against ground truth: name recall and precision over lines
 * of ICDAR 2015 style ground truth (x1,y1,...,x4,y4,Name: the name line's outline). */
#pragma once

#include "recognize.h"

typedef struct {
  guint n_truth;         /* ground-truth name lines */
  guint n_truth_known;   /* of which the text is a card name in the database */
  guint n_found;         /* cards reported */
  guint n_correct;       /* reported with the right name at the right place */
  guint n_images;
  double ms_total;       /* wall time in ts_recognize_image, summed */
  TsRecognizeStats stats;/* summed over images */
  GString *misses;       /* one line per missed or wrong card, for reading */
  /* Synthetic scenes (ground truth with visibility and tapped state): */
  guint n_readable;      /* truth cards with the whole name line visible, >= 18 px tall */
  guint n_readable_correct;
  guint n_tapped_checked;/* correct names whose tapped state was compared */
  guint n_tapped_correct;
  guint n_upright_correct; /* ... whose angle was within 20 degrees of the truth */
  double angle_err_sum;  /* degrees, over tapped-checked cards */
} TsEval;

/* Scores one recognition of a synthetic scene against its ground truth JSON (the shape
 * `tablesight synth` writes). */
gboolean ts_eval_scene_json (TsEval *eval, TsDetector *detector, TsReader *reader,
                             const TsCardDb *db, const char *image_path, const char *json_path,
                             GError **error);

struct _TsSynthScene;
/* Scores an in-memory scene (TsSynthScene from synth.h). */
void ts_eval_scene (TsEval *eval, TsDetector *detector, TsReader *reader, const TsCardDb *db,
                    const void *synth_scene, const char *label);

void ts_eval_init (TsEval *eval);
void ts_eval_clear (TsEval *eval);

/* Recognises image_path and scores it against gt_path. FALSE with error when either cannot
 * be read. */
gboolean ts_eval_image (TsEval *eval, TsDetector *detector, TsReader *reader,
                        const TsCardDb *db, const char *image_path, const char *gt_path,
                        GError **error);

/* Runs ts_eval_image over the first max_images (0 = all) photos of a visions-style folder
 * (images/IMG_x.jpg with gt/gt_IMG_x.txt), every step-th one. */
gboolean ts_eval_folder (TsEval *eval, TsDetector *detector, TsReader *reader,
                         const TsCardDb *db, const char *folder, guint step, guint max_images,
                         GError **error);

/* The reader alone, given each readable card's true geometry: [0] its card outline (the
 * title band placed on it, which way up unknown), [1] its name line alone. */
typedef struct {
  guint n[2], right[2];
  double ms[2];
  GString *misses;
} TsEvalReader;

void ts_eval_scene_reader (TsEvalReader *eval, TsReader *reader, const TsCardDb *db,
                           const void *synth_scene, const char *label);

double ts_eval_recall (const TsEval *eval);
double ts_eval_precision (const TsEval *eval);
