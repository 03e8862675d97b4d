/* cv.cpp — the thin C++ layer over OpenCV. Nothing else in tablesight includes OpenCV.
 * Every entry point catches cv::Exception and reports it as a GError. */
#include "cv.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
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
  TsImage *image = ts_image_new_unset (mat.cols, mat.rows, mat.channels ());
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
    /* optimised Huffman tables: the same pixels in about 14 % fewer bytes */
    std::vector<int> params = { cv::IMWRITE_JPEG_QUALITY, quality, cv::IMWRITE_JPEG_OPTIMIZE, 1 };
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

/* Both write into the new image's pixels: a cv::Mat of OpenCV's own, then copied, cost a
 * 1080p frame's grey conversion a fifth more (and fresh pages to fault in every frame). */
TsImage *
ts_cv_convert_channels (const TsImage *image, int channels)
{
  cv::Mat src = wrap (image);
  TsImage *out = ts_image_new_unset (image->width, image->height, channels);
  cv::Mat dst = wrap (out);
  int from = image->channels;
  if (from == channels)
    src.copyTo (dst);
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
  return out;
}

TsImage *
ts_cv_resize (const TsImage *image, int width, int height)
{
  TsImage *out = ts_image_new_unset (width, height, image->channels);
  cv::Mat dst = wrap (out);
  int interp = (width < image->width) ? cv::INTER_AREA : cv::INTER_LINEAR;
  cv::resize (wrap (image), dst, cv::Size (width, height), 0, 0, interp);
  return out;
}

/* ---- capture and calibration (live table) ---- */

#include <opencv2/calib3d.hpp>
#include <opencv2/videoio.hpp>

struct _TsCvVideo {
  cv::VideoCapture cap;
  bool is_device;
  char *name;
};

static TsCvVideo *
video_open (const char *name, bool is_device, int width, int height, GError **error)
{
  TsCvVideo *v = new TsCvVideo ();
  v->is_device = is_device;
  v->name = g_strdup (name);
  try {
    bool ok = is_device ? v->cap.open (name, cv::CAP_V4L2) : v->cap.open (name, cv::CAP_ANY);
    if (ok && is_device && width > 0 && height > 0) {
      v->cap.set (cv::CAP_PROP_FRAME_WIDTH, width);
      v->cap.set (cv::CAP_PROP_FRAME_HEIGHT, height);
    }
    if (!ok || !v->cap.isOpened ()) {
      g_set_error (error, TS_VISION_ERROR,
                   is_device ? TS_VISION_ERROR_DEVICE : TS_VISION_ERROR_IO,
                   is_device ? "%s: cannot open the camera (missing, unplugged or busy)"
                             : "%s: cannot open the video (missing or unsupported format)",
                   name);
      ts_cv_video_free (v);
      return NULL;
    }
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE, "%s: %s", name, e.what ());
    ts_cv_video_free (v);
    return NULL;
  }
  return v;
}

TsCvVideo *
ts_cv_video_open_file (const char *path, GError **error)
{
  return video_open (path, false, 0, 0, error);
}

TsCvVideo *
ts_cv_video_open_v4l2 (const char *device, int width, int height, GError **error)
{
  return video_open (device, true, width, height, error);
}

TsImage *
ts_cv_video_read (TsCvVideo *video, double *out_pos_ms, GError **error)
{
  try {
    cv::Mat frame;
    if (!video->cap.read (frame) || frame.empty ()) {
      if (video->is_device)
        g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE,
                     "%s: the camera stopped delivering frames (unplugged?)", video->name);
      return NULL;
    }
    if (out_pos_ms)
      *out_pos_ms = video->is_device ? -1 : video->cap.get (cv::CAP_PROP_POS_MSEC);
    if (frame.channels () == 3)
      return from_mat (frame);
    cv::Mat bgr;
    cv::cvtColor (frame, bgr, frame.channels () == 1 ? cv::COLOR_GRAY2BGR : cv::COLOR_BGRA2BGR);
    return from_mat (bgr);
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR,
                 video->is_device ? TS_VISION_ERROR_DEVICE : TS_VISION_ERROR_DECODE,
                 "%s: %s", video->name, e.what ());
    return NULL;
  }
}

void
ts_cv_video_free (TsCvVideo *video)
{
  if (video == NULL)
    return;
  try {
    video->cap.release ();
  } catch (const cv::Exception &) {
  }
  g_free (video->name);
  delete video;
}

gboolean
ts_cv_find_chessboard (const TsImage *image, int cols, int rows, double *corners)
{
  try {
    cv::Mat src = wrap (image), grey;
    if (image->channels == 1)
      grey = src;
    else
      cv::cvtColor (src, grey, image->channels == 3 ? cv::COLOR_BGR2GRAY : cv::COLOR_BGRA2GRAY);
    std::vector<cv::Point2f> found;
    if (!cv::findChessboardCorners (grey, cv::Size (cols, rows), found,
                                    cv::CALIB_CB_ADAPTIVE_THRESH | cv::CALIB_CB_NORMALIZE_IMAGE))
      return FALSE;
    cv::cornerSubPix (grey, found, cv::Size (5, 5), cv::Size (-1, -1),
                      cv::TermCriteria (cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 30,
                                        0.01));
    for (size_t i = 0; i < found.size (); i++) {
      corners[2 * i] = found[i].x;
      corners[2 * i + 1] = found[i].y;
    }
    return TRUE;
  } catch (const cv::Exception &) {
    return FALSE;
  }
}

double
ts_cv_calibrate_camera (int n_views, int n_points, const double *object, const double *image,
                        int width, int height, double k[9], double dist[5], GError **error)
{
  try {
    std::vector<std::vector<cv::Point3f>> obj (n_views);
    std::vector<std::vector<cv::Point2f>> img (n_views);
    for (int v = 0; v < n_views; v++)
      for (int i = 0; i < n_points; i++) {
        const double *o = object + 2 * ((size_t) v * n_points + i);
        const double *p = image + 2 * ((size_t) v * n_points + i);
        obj[v].push_back (cv::Point3f ((float) o[0], (float) o[1], 0.f));
        img[v].push_back (cv::Point2f ((float) p[0], (float) p[1]));
      }
    cv::Mat km, dm;
    std::vector<cv::Mat> rvecs, tvecs;
    double rms = cv::calibrateCamera (obj, img, cv::Size (width, height), km, dm, rvecs, tvecs);
    for (int i = 0; i < 9; i++)
      k[i] = km.at<double> (i / 3, i % 3);
    for (int i = 0; i < 5; i++)
      dist[i] = i < (int) dm.total () ? dm.at<double> (i) : 0.0;
    return rms;
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED, "calibration failed: %s",
                 e.what ());
    return -1;
  }
}

void
ts_cv_undistort_points (const double k[9], const double dist[5], double *points, int n)
{
  try {
    cv::Mat km (3, 3, CV_64F, (void *) k);
    cv::Mat dm (1, 5, CV_64F, (void *) dist);
    cv::Mat src (n, 1, CV_64FC2, points), dst;
    cv::undistortPoints (src, dst, km, dm, cv::noArray (), km);
    for (int i = 0; i < n; i++) {
      cv::Vec2d p = dst.at<cv::Vec2d> (i);
      points[2 * i] = p[0];
      points[2 * i + 1] = p[1];
    }
  } catch (const cv::Exception &) {
    /* A camera matrix OpenCV refuses: the points stay as they were. */
  }
}

TsImage *
ts_cv_undistort (const TsImage *image, const double k[9], const double dist[5])
{
  cv::Mat km (3, 3, CV_64F, (void *) k);
  cv::Mat dm (1, 5, CV_64F, (void *) dist);
  TsImage *out = ts_image_new_unset (image->width, image->height, image->channels);
  cv::Mat dst = wrap (out);
  try {
    cv::undistort (wrap (image), dst, km, dm);
  } catch (const cv::Exception &) {
    wrap (image).copyTo (dst);  /* a camera matrix OpenCV refuses: left as captured */
  }
  return out;
}

gboolean
ts_cv_find_homography (int n, const double *src, const double *dst, double h[9], GError **error)
{
  try {
    std::vector<cv::Point2d> s, d;
    for (int i = 0; i < n; i++) {
      s.push_back (cv::Point2d (src[2 * i], src[2 * i + 1]));
      d.push_back (cv::Point2d (dst[2 * i], dst[2 * i + 1]));
    }
    cv::Mat m = cv::findHomography (s, d, 0);
    if (m.empty () || std::abs (cv::determinant (m)) < 1e-12) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED,
                   "the points do not define a plane (repeated or three on a line?)");
      return FALSE;
    }
    for (int i = 0; i < 9; i++)
      h[i] = m.at<double> (i / 3, i % 3);
    return TRUE;
  } catch (const cv::Exception &e) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED, "homography: %s", e.what ());
    return FALSE;
  }
}

/* ---- detection, rectification and drawing ------------------------------------------------ */

TsImage *
ts_cv_morphology (const TsImage *src, TsCvMorph op, int kw, int kh, gboolean ellipse)
{
  static const int ops[] = { cv::MORPH_ERODE, cv::MORPH_DILATE, cv::MORPH_OPEN,
                             cv::MORPH_CLOSE, cv::MORPH_GRADIENT, cv::MORPH_TOPHAT,
                             cv::MORPH_BLACKHAT };
  TsImage *out = ts_image_new_unset (src->width, src->height, src->channels);
  cv::Mat dst = wrap (out);
  cv::Mat k = cv::getStructuringElement (ellipse ? cv::MORPH_ELLIPSE : cv::MORPH_RECT,
                                         cv::Size (MAX (kw, 1), MAX (kh, 1)));
  cv::morphologyEx (wrap (src), dst, ops[op], k);
  return out;
}

void
ts_cv_keep_long_regions (TsImage *binary, int min_extent, gboolean vertical)
{
  /* Outlines rather than a labelling pass: a sparse map has few, so this is cheap. */
  cv::Mat m = wrap (binary);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours (m, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (size_t i = 0; i < contours.size (); i++) {
    cv::Rect r = cv::boundingRect (contours[i]);
    if ((vertical ? r.height : r.width) < min_extent)
      cv::drawContours (m, contours, (int) i, cv::Scalar (0), cv::FILLED, cv::LINE_8);
  }
}

TsImage *
ts_cv_threshold (const TsImage *gray, double thresh, gboolean invert, double *used)
{
  TsImage *out = ts_image_new_unset (gray->width, gray->height, 1);
  cv::Mat dst = wrap (out);
  int type = invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY;
  if (thresh < 0)
    type |= cv::THRESH_OTSU;
  double t = cv::threshold (wrap (gray), dst, thresh < 0 ? 0 : thresh, 255, type);
  if (used)
    *used = t;
  return out;
}

TsImage *
ts_cv_canny (const TsImage *gray, double low, double high)
{
  TsImage *out = ts_image_new_unset (gray->width, gray->height, 1);
  cv::Mat dst = wrap (out);
  cv::Canny (wrap (gray), dst, low, high);
  return out;
}

TsImage *
ts_cv_subtract (const TsImage *a, const TsImage *b)
{
  TsImage *out = ts_image_new_unset (a->width, a->height, a->channels);
  cv::Mat dst = wrap (out);
  cv::subtract (wrap (a), wrap (b), dst);
  return out;
}

void
ts_cv_flood_fill (TsImage *gray, int x, int y, guint8 value)
{
  cv::Mat m = wrap (gray);
  cv::floodFill (m, cv::Point (x, y), cv::Scalar (value), nullptr, cv::Scalar (0),
                 cv::Scalar (0), 4);
}

void
ts_cv_normalize (TsImage *gray)
{
  cv::Mat m = wrap (gray);
  cv::normalize (m, m, 0, 255, cv::NORM_MINMAX);
}

TsImage *
ts_cv_equalize (const TsImage *gray, double clip, int tiles)
{
  TsImage *out = ts_image_new_unset (gray->width, gray->height, 1);
  cv::Mat dst = wrap (out);
  cv::Ptr<cv::CLAHE> clahe = cv::createCLAHE (clip, cv::Size (tiles, tiles));
  clahe->apply (wrap (gray), dst);
  return out;
}

TsImage *
ts_cv_rotate90 (const TsImage *src, int quarter_turns)
{
  int q = ((quarter_turns % 4) + 4) % 4;
  if (q == 0)
    return ts_image_copy (src);
  cv::Mat dst;
  static const int codes[] = { 0, cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180,
                               cv::ROTATE_90_COUNTERCLOCKWISE };
  cv::rotate (wrap (src), dst, codes[q]);
  return from_mat (dst);
}

TsCvContours *
ts_cv_find_contours (const TsImage *binary, gboolean external_only)
{
  std::vector<std::vector<cv::Point>> contours;
  /* OpenCV 4 leaves its input as it was (it searches a bordered copy of its own). */
  cv::findContours (wrap (binary), contours, external_only ? cv::RETR_EXTERNAL : cv::RETR_LIST,
                    cv::CHAIN_APPROX_SIMPLE);
  guint total = 0;
  for (const auto &contour : contours)
    total += (guint) contour.size ();
  TsCvContours *c = g_new0 (TsCvContours, 1);
  c->points = g_array_sized_new (FALSE, FALSE, sizeof (float), 2 * total);
  c->starts = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint) contours.size () + 1);
  g_array_set_size (c->points, 2 * total);
  g_array_set_size (c->starts, (guint) contours.size () + 1);
  float *xy = (float *) (void *) c->points->data;
  guint *starts = (guint *) (void *) c->starts->data;
  guint start = 0;
  for (size_t i = 0; i < contours.size (); i++) {
    starts[i] = start;
    for (const auto &p : contours[i]) {
      xy[2 * start] = (float) p.x;
      xy[2 * start + 1] = (float) p.y;
      start++;
    }
  }
  starts[contours.size ()] = start;
  return c;
}

void
ts_cv_contours_free (TsCvContours *contours)
{
  if (!contours)
    return;
  g_array_unref (contours->points);
  g_array_unref (contours->starts);
  g_free (contours);
}

guint
ts_cv_contours_count (const TsCvContours *contours)
{
  return contours->starts->len - 1;
}

const float *
ts_cv_contours_get (const TsCvContours *contours, guint i, guint *n_points)
{
  guint a = g_array_index (contours->starts, guint, i);
  guint b = g_array_index (contours->starts, guint, i + 1);
  *n_points = b - a;
  return &g_array_index (contours->points, float, 2 * a);
}

static cv::Mat
wrap_points (const float *pts, guint n)
{
  return cv::Mat ((int) n, 1, CV_32FC2, (void *) pts);
}

double
ts_cv_contour_area (const float *pts, guint n)
{
  if (n < 3)
    return 0;
  return cv::contourArea (wrap_points (pts, n));
}

void
ts_cv_min_area_rect (const float *pts, guint n, double out[4][2])
{
  cv::RotatedRect r = cv::minAreaRect (wrap_points (pts, n));
  cv::Point2f p[4];
  r.points (p);
  for (int i = 0; i < 4; i++) {
    out[i][0] = p[i].x;
    out[i][1] = p[i].y;
  }
}

guint
ts_cv_approx_hull (const float *pts, guint n, double eps, double (*out)[2], guint max)
{
  if (n < 3)
    return 0;
  cv::Mat contour = wrap_points (pts, n);
  std::vector<cv::Point2f> hull, approx;
  cv::convexHull (contour, hull);
  cv::approxPolyDP (hull, approx, eps * cv::arcLength (hull, true), true);
  if (approx.size () > max)
    return (guint) approx.size ();
  for (size_t i = 0; i < approx.size (); i++) {
    out[i][0] = approx[i].x;
    out[i][1] = approx[i].y;
  }
  return (guint) approx.size ();
}

GArray *
ts_cv_approx_poly (const float *pts, guint n, double eps)
{
  GArray *out = g_array_new (FALSE, FALSE, 2 * sizeof (double));
  if (n < 3)
    return out;
  std::vector<cv::Point2f> approx;
  cv::approxPolyDP (wrap_points (pts, n), approx, eps, true);
  for (const auto &p : approx) {
    double xy[2] = { p.x, p.y };
    g_array_append_val (out, xy);
  }
  return out;
}

gboolean
ts_cv_approx_quad (const float *pts, guint n, double eps, double out[4][2])
{
  double q[4][2];
  if (n < 4 || ts_cv_approx_hull (pts, n, eps, q, 4) != 4)
    return FALSE;
  std::vector<cv::Point2f> corners;
  for (int i = 0; i < 4; i++)
    corners.emplace_back ((float) q[i][0], (float) q[i][1]);
  if (!cv::isContourConvex (corners))
    return FALSE;
  memcpy (out, q, sizeof q);
  return TRUE;
}

static cv::Scalar
colour (const TsImage *image, int r, int g, int b)
{
  return image->channels == 1 ? cv::Scalar ((r + g + b) / 3) : cv::Scalar (b, g, r, 255);
}

void
ts_cv_draw_polygon (TsImage *image, const double (*pts)[2], int n, int r, int g, int b,
                    int thickness)
{
  std::vector<cv::Point> poly;
  for (int i = 0; i < n; i++)
    poly.emplace_back ((int) lround (pts[i][0]), (int) lround (pts[i][1]));
  cv::Mat m = wrap (image);
  cv::polylines (m, poly, true, colour (image, r, g, b), thickness, cv::LINE_AA);
}

void
ts_cv_draw_text (TsImage *image, const char *text, double x, double y, double scale, int r,
                 int g, int b)
{
  cv::Mat m = wrap (image);
  cv::Point at ((int) x, (int) y);
  cv::putText (m, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar (0, 0, 0, 255),
               (int) (3 * scale + 2), cv::LINE_AA);
  cv::putText (m, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, colour (image, r, g, b),
               (int) (scale + 1), cv::LINE_AA);
}

/* ---- live table: threading ---- */

void
ts_cv_set_num_threads (int n)
{
  cv::setNumThreads (n);
}

/* ---- title reading: connected components ---- */

GArray *
ts_cv_components (const TsImage *binary, guint32 **labels_out)
{
  cv::Mat labels, stats, centroids;
  int n = cv::connectedComponentsWithStats (wrap (binary), labels, stats, centroids, 8, CV_32S);
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (TsCvComponent), (guint) MAX (n, 0));
  for (int i = 0; i < n; i++) {
    TsCvComponent c;
    c.x = stats.at<int> (i, cv::CC_STAT_LEFT);
    c.y = stats.at<int> (i, cv::CC_STAT_TOP);
    c.w = stats.at<int> (i, cv::CC_STAT_WIDTH);
    c.h = stats.at<int> (i, cv::CC_STAT_HEIGHT);
    c.area = stats.at<int> (i, cv::CC_STAT_AREA);
    g_array_append_val (out, c);
  }
  if (labels_out) {
    guint32 *l = g_new (guint32, (gsize) binary->width * binary->height);
    for (int y = 0; y < binary->height; y++)
      memcpy (l + (gsize) y * binary->width, labels.ptr<int> (y),
              (gsize) binary->width * sizeof (guint32));
    *labels_out = l;
  }
  return out;
}

/* ---- title reading: blur ---- */

double
ts_cv_edge_sigma (const TsImage *gray)
{
  cv::Mat m = wrap (gray), gx, gy, mag;
  if (m.rows < 3 || m.cols < 3)
    return 0;
  cv::Sobel (m, gx, CV_32F, 1, 0, 3, 1.0 / 8);
  cv::Sobel (m, gy, CV_32F, 0, 1, 3, 1.0 / 8);
  cv::magnitude (gx, gy, mag);
  std::vector<float> g (mag.begin<float> (), mag.end<float> ());
  std::vector<uint8_t> v (m.begin<uint8_t> (), m.end<uint8_t> ());
  size_t hi_g = g.size () * 99 / 100;
  std::nth_element (g.begin (), g.begin () + hi_g, g.end ());
  size_t lo = v.size () * 3 / 100, hi = v.size () * 97 / 100;
  std::nth_element (v.begin (), v.begin () + lo, v.end ());
  uint8_t v_lo = v[lo];
  std::nth_element (v.begin (), v.begin () + hi, v.end ());
  uint8_t v_hi = v[hi];
  if (g[hi_g] <= 0 || v_hi <= v_lo)
    return 0;
  return (v_hi - v_lo) / (g[hi_g] * std::sqrt (2 * M_PI));
}

void
ts_cv_deblur_gaussian (TsImage *gray, double sigma, int iterations)
{
  if (sigma <= 0 || iterations <= 0)
    return;
  cv::Mat m = wrap (gray), observed, estimate, blurred, ratio;
  m.convertTo (observed, CV_32F, 1.0 / 255, 1.0 / 255);
  estimate = observed.clone ();
  for (int i = 0; i < iterations; i++) {
    cv::GaussianBlur (estimate, blurred, cv::Size (0, 0), sigma, 0, cv::BORDER_REPLICATE);
    cv::divide (observed, cv::max (blurred, 1e-3), ratio);
    cv::GaussianBlur (ratio, ratio, cv::Size (0, 0), sigma, 0, cv::BORDER_REPLICATE);
    cv::multiply (estimate, ratio, estimate);
  }
  estimate.convertTo (m, CV_8U, 255, -1);
}
