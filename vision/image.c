/* image.c — allocation, copying, loading and saving of TsImage. */
#include "image.h"
#include "cv.h"

#include <string.h>

G_DEFINE_QUARK (ts-vision-error-quark, ts_vision_error)

static TsImage *
image_alloc (int width, int height, int channels, gboolean clear)
{
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  g_return_val_if_fail (channels == 1 || channels == 3 || channels == 4, NULL);

  TsImage *image = g_new0 (TsImage, 1);
  image->width = width;
  image->height = height;
  image->channels = channels;
  image->stride = width * channels;
  gsize size = (gsize) image->stride * (gsize) height;
  image->data = clear ? g_malloc0 (size) : g_malloc (size);
  return image;
}

TsImage *
ts_image_new (int width, int height, int channels)
{
  return image_alloc (width, height, channels, TRUE);
}

TsImage *
ts_image_new_unset (int width, int height, int channels)
{
  return image_alloc (width, height, channels, FALSE);
}

TsImage *
ts_image_copy (const TsImage *image)
{
  TsImage *copy = ts_image_new_unset (image->width, image->height, image->channels);
  for (int y = 0; y < image->height; y++)
    memcpy (copy->data + (gsize) y * copy->stride, image->data + (gsize) y * image->stride,
            (gsize) copy->stride);
  return copy;
}

void
ts_image_free (TsImage *image)
{
  if (image == NULL)
    return;
  g_free (image->data);
  g_free (image);
}

TsImage *
ts_image_load (const char *path, GError **error)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS)) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO, "%s: no such file", path);
    return NULL;
  }
  if (g_file_test (path, G_FILE_TEST_IS_DIR)) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO, "%s: is a folder, not an image",
                 path);
    return NULL;
  }
  return ts_cv_imread (path, error);
}

gboolean
ts_image_save (const TsImage *image, const char *path, GError **error)
{
  return ts_cv_imwrite (image, path, error);
}
