/* cv.cpp — the thin C++ layer over OpenCV. Nothing else in tablesight includes OpenCV.
 * Every entry point catches cv::Exception and reports it as a GError. */
#include "cv.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>
#include <vector>

static int
cv_type (int channels)
{
  return channels == 1 ? CV_8UC1 : channels == 3 ? CV_8UC3 : CV_8UC4;
}

/* A cv::Mat header over a TsImage's pixels; no copy. */
static cv::Mat
wrap (const TsImage *image)
{
  return cv::Mat (image->height, image->width, cv_type (image->channels), image->data,
                  (size_t) image->stride);
}

static TsImage *
from_mat (const cv::Mat &mat)
{
  TsImage *image = ts_image_new (mat.cols, mat.rows, mat.channels ());
  cv::Mat dst = wrap (image);
  mat.copyTo (dst);
  return image;
}

TsImage *
ts_cv_imread (const char *path, GError **error)
{
  try {
    cv::Mat mat = cv::imread (path, cv::IMREAD_COLOR);
    if (mat.empty ()) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DECODE,
                   "%s: not an image OpenCV can read, or a corrupt one", path);
      return NULL;
    }
    return from_mat (mat);
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DECODE, "%s: %s", path, e.what ());
    return NULL;
  }
}

gboolean
ts_cv_imwrite (const TsImage *image, const char *path, GError **error)
{
  try {
    if (!cv::imwrite (path, wrap (image))) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO, "%s: could not write image",
                   path);
      return FALSE;
    }
    return TRUE;
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_IO, "%s: %s", path, e.what ());
    return FALSE;
  }
}

TsImage *
ts_cv_imdecode (const guint8 *bytes, gsize n_bytes, GError **error)
{
  try {
    cv::Mat buf (1, (int) n_bytes, CV_8UC1, (void *) bytes);
    cv::Mat mat = cv::imdecode (buf, cv::IMREAD_COLOR);
    if (mat.empty ()) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DECODE, "corrupt image data");
      return NULL;
    }
    return from_mat (mat);
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DECODE, "%s", e.what ());
    return NULL;
  }
}

GBytes *
ts_cv_encode_jpeg (const TsImage *image, int quality, GError **error)
{
  try {
    std::vector<uchar> out;
    std::vector<int> params = { cv::IMWRITE_JPEG_QUALITY, quality };
    cv::Mat src = wrap (image);
    cv::Mat bgr;
    if (image->channels == 4)
      cv::cvtColor (src, bgr, cv::COLOR_BGRA2BGR);
    else
      bgr = src;
    if (!cv::imencode (".jpg", bgr, out, params)) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED, "JPEG encoding failed");
      return NULL;
    }
    return g_bytes_new (out.data (), out.size ());
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED, "%s", e.what ());
    return NULL;
  }
}

void
ts_cv_perspective_transform_get (const double src[4][2], const double dst[4][2], double h[9])
{
  cv::Point2f s[4], d[4];
  for (int i = 0; i < 4; i++) {
    s[i] = cv::Point2f ((float) src[i][0], (float) src[i][1]);
    d[i] = cv::Point2f ((float) dst[i][0], (float) dst[i][1]);
  }
  cv::Mat m = cv::getPerspectiveTransform (s, d);
  for (int i = 0; i < 9; i++)
    h[i] = m.at<double> (i / 3, i % 3);
}

void
ts_cv_warp_perspective (const TsImage *src, TsImage *dst, const double h[9])
{
  cv::Mat m (3, 3, CV_64F, (void *) h);
  cv::Mat d = wrap (dst);
  cv::warpPerspective (wrap (src), d, m, d.size (), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
}

void
ts_cv_gaussian_blur (TsImage *image, double sigma)
{
  if (sigma <= 0)
    return;
  cv::Mat m = wrap (image);
  cv::GaussianBlur (m, m, cv::Size (0, 0), sigma);
}

TsImage *
ts_cv_convert_channels (const TsImage *image, int channels)
{
  cv::Mat src = wrap (image), dst;
  int from = image->channels;
  if (from == channels)
    dst = src;
  else if (from == 1 && channels == 3)
    cv::cvtColor (src, dst, cv::COLOR_GRAY2BGR);
  else if (from == 1 && channels == 4)
    cv::cvtColor (src, dst, cv::COLOR_GRAY2BGRA);
  else if (from == 3 && channels == 1)
    cv::cvtColor (src, dst, cv::COLOR_BGR2GRAY);
  else if (from == 3 && channels == 4)
    cv::cvtColor (src, dst, cv::COLOR_BGR2BGRA);
  else if (from == 4 && channels == 1)
    cv::cvtColor (src, dst, cv::COLOR_BGRA2GRAY);
  else
    cv::cvtColor (src, dst, cv::COLOR_BGRA2BGR);
  return from_mat (dst);
}

TsImage *
ts_cv_resize (const TsImage *image, int width, int height)
{
  cv::Mat dst;
  int interp = (width < image->width) ? cv::INTER_AREA : cv::INTER_LINEAR;
  cv::resize (wrap (image), dst, cv::Size (width, height), 0, 0, interp);
  return from_mat (dst);
}
