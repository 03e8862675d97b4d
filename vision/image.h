/* image.h — the plain image type every vision module passes around. No OpenCV or Cairo type
 * appears in a public header: images are width, height, stride and bytes. */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

#define TS_VISION_ERROR (ts_vision_error_quark ())
GQuark ts_vision_error_quark (void);

typedef enum {
  TS_VISION_ERROR_IO,      /* file missing or unreadable */
  TS_VISION_ERROR_DECODE,  /* not an image, or a corrupt one */
  TS_VISION_ERROR_OCR,     /* Tesseract could not start (missing language data, ...) */
  TS_VISION_ERROR_DEVICE,  /* camera missing, unplugged or busy */
  TS_VISION_ERROR_FAILED,
} TsVisionError;

/* channels: 1 = grey, 3 = BGR, 4 = BGRA (Cairo's ARGB32 in memory on little-endian).
 * Pixel (x, y), channel c is data[y * stride + x * channels + c]. */
typedef struct {
  int width;     /* pixels */
  int height;    /* pixels */
  int stride;    /* bytes per row, >= width * channels */
  int channels;
  uint8_t *data; /* owned by the image */
} TsImage;

/* A new image, zero-filled. Free with ts_image_free(). */
TsImage *ts_image_new (int width, int height, int channels);
/* A new image whose pixels are not set: for one the caller writes whole (clearing a 1080p
 * frame's worth of images cost the detector a tenth of its time). */
TsImage *ts_image_new_unset (int width, int height, int channels);
TsImage *ts_image_copy (const TsImage *image);
void ts_image_free (TsImage *image);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsImage, ts_image_free)

/* Loads any format OpenCV reads (JPEG, PNG, ...) as BGR. NULL and error on failure. */
TsImage *ts_image_load (const char *path, GError **error);
/* Writes by file extension (.png, .jpg). */
gboolean ts_image_save (const TsImage *image, const char *path, GError **error);

G_END_DECLS
