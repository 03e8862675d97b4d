/* cv.h — the C face of the one C++ file (cv.cpp) that calls OpenCV. Every OpenCV call in
 * tablesight goes through here. Functions return FALSE/NULL with a GError on failure and
 * never throw. Points are image pixels; homographies are row-major 3x3 doubles. */
#pragma once

#include "image.h"

G_BEGIN_DECLS

TsImage *ts_cv_imread (const char *path, GError **error);
gboolean ts_cv_imwrite (const TsImage *image, const char *path, GError **error);
/* Decodes an encoded image held in memory (JPEG, PNG). */
TsImage *ts_cv_imdecode (const guint8 *bytes, gsize n_bytes, GError **error);
/* Encodes as JPEG at quality 0..100; returns the bytes (free with g_bytes_unref). */
GBytes *ts_cv_encode_jpeg (const TsImage *image, int quality, GError **error);

/* h maps src to dst: the homography taking the four points src[i] to dst[i]. */
void ts_cv_perspective_transform_get (const double src[4][2], const double dst[4][2],
                                      double h[9]);
/* dst(x, y) = src(h^-1 (x, y)); dst keeps its size; pixels mapped from outside src are
 * left as they were in dst (so a warped card can be drawn over a background); so are the
 * pixels within one pixel of src's right and bottom edges. */
void ts_cv_warp_perspective (const TsImage *src, TsImage *dst, const double h[9]);
/* In place. sigma in pixels. */
void ts_cv_gaussian_blur (TsImage *image, double sigma);
/* A new image of the same size with the given channel count (1, 3 or 4). */
TsImage *ts_cv_convert_channels (const TsImage *image, int channels);
/* A new image scaled to width x height (area interpolation when shrinking). */
TsImage *ts_cv_resize (const TsImage *image, int width, int height);

/* ---- detection, rectification and drawing (detect.c, reader.c, cmd-recognize.c) ------- */

typedef enum {
  TS_CV_MORPH_ERODE,
  TS_CV_MORPH_DILATE,
  TS_CV_MORPH_OPEN,
  TS_CV_MORPH_CLOSE,
  TS_CV_MORPH_GRADIENT,
  TS_CV_MORPH_TOPHAT,
  TS_CV_MORPH_BLACKHAT,
} TsCvMorph;

/* A new image: op with a kw x kh (pixels) rectangular or elliptic structuring element. */
TsImage *ts_cv_morphology (const TsImage *src, TsCvMorph op, int kw, int kh, gboolean ellipse);
/* In place on a 0/255 image: clears the 8-connected regions whose bounding box spans fewer
 * than min_extent pixels along x (along y when vertical). */
void ts_cv_keep_long_regions (TsImage *binary, int min_extent, gboolean vertical);
/* A new 0/255 image of a grey one: pixels above thresh become 255 (0 if invert). thresh < 0
 * picks Otsu's threshold; the threshold used is returned. */
TsImage *ts_cv_threshold (const TsImage *gray, double thresh, gboolean invert, double *used);
/* A new 0/255 image: Canny edges of a grey image, thresholds on gradient magnitude. */
TsImage *ts_cv_canny (const TsImage *gray, double low, double high);
/* A new image: a - b, saturating at 0 (same size and channels). */
TsImage *ts_cv_subtract (const TsImage *a, const TsImage *b);
/* In place on a grey image: the 4-connected region of pixels equal to the one at (x, y)
 * takes value. */
void ts_cv_flood_fill (TsImage *gray, int x, int y, guint8 value);
/* In place: stretches a grey image so its darkest pixel is 0 and its brightest 255. */
void ts_cv_normalize (TsImage *gray);
/* A new grey image: CLAHE (contrast-limited adaptive histogram equalisation). */
TsImage *ts_cv_equalize (const TsImage *gray, double clip, int tiles);
/* A new image rotated by a multiple of 90 degrees clockwise. */
TsImage *ts_cv_rotate90 (const TsImage *src, int quarter_turns);

/* Contours of a 0/255 image, as one flat list of points (image pixels). */
typedef struct {
  GArray *points;  /* float x, y pairs */
  GArray *starts;  /* guint: contour i is points [starts[i], starts[i+1]) (in points) */
} TsCvContours;

TsCvContours *ts_cv_find_contours (const TsImage *binary, gboolean external_only);
void ts_cv_contours_free (TsCvContours *contours);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsCvContours, ts_cv_contours_free)
guint ts_cv_contours_count (const TsCvContours *contours);
/* The points of contour i (x, y float pairs) and their count. */
const float *ts_cv_contours_get (const TsCvContours *contours, guint i, guint *n_points);

/* Area (pixels^2) of the polygon pts[0..n). */
double ts_cv_contour_area (const float *pts, guint n);
/* The smallest rotated rectangle around pts: its corners (clockwise in image coordinates
 * from the one OpenCV names first) into out. */
void ts_cv_min_area_rect (const float *pts, guint n, double out[4][2]);
/* Simplifies the closed polygon pts to eps (fraction of its perimeter); TRUE and the four
 * corners (clockwise in the image) when the result is a convex quadrilateral. */
gboolean ts_cv_approx_quad (const float *pts, guint n, double eps, double out[4][2]);
/* Simplifies the convex hull of pts to eps (fraction of its perimeter) and writes its
 * corners, clockwise in the image, into out (at most max of them). Returns how many corners
 * the simplified hull has (more than max: out holds none). */
guint ts_cv_approx_hull (const float *pts, guint n, double eps, double (*out)[2], guint max);

/* Simplifies the closed polygon pts (n points) to within eps pixels and returns its
 * corners, in the contour's order, as a new array of double x, y pairs (free with
 * g_array_unref()). */
GArray *ts_cv_approx_poly (const float *pts, guint n, double eps);

/* Draws a closed polygon / text onto a 3 or 4 channel image. Colour components 0..255. */
void ts_cv_draw_polygon (TsImage *image, const double (*pts)[2], int n, int r, int g, int b,
                         int thickness);
void ts_cv_draw_text (TsImage *image, const char *text, double x, double y, double scale,
                      int r, int g, int b);

G_END_DECLS

/* ---- capture and calibration (live table) ---- */
G_BEGIN_DECLS

/* An OpenCV VideoCapture: a video file, or a V4L2 device by path. */
typedef struct _TsCvVideo TsCvVideo;
TsCvVideo *ts_cv_video_open_file (const char *path, GError **error);
/* width/height: the size to ask the device for, 0 = its default. */
TsCvVideo *ts_cv_video_open_v4l2 (const char *device, int width, int height, GError **error);
/* A new BGR frame and its position in milliseconds (files; -1 when unknown). NULL without error
 * at the end of a file; NULL with a TS_VISION_ERROR_DEVICE error when a device stops. */
TsImage *ts_cv_video_read (TsCvVideo *video, double *out_pos_ms, GError **error);
void ts_cv_video_free (TsCvVideo *video);

/* Finds the cols x rows inner corners of a chessboard; corners receives cols*rows (x, y) pixel
 * pairs, refined to sub-pixel, row by row. FALSE (no error) when the board is not found. */
gboolean ts_cv_find_chessboard (const TsImage *image, int cols, int rows, double *corners);
/* Camera intrinsics from n_views views of a planar target: object holds n_points (x, y) in
 * target units per view, image the matching pixels. k receives the 3x3 camera matrix (row
 * major), dist the 5 distortion coefficients (k1 k2 p1 p2 k3). Returns the RMS reprojection
 * error in pixels, or a negative value with an error. */
double ts_cv_calibrate_camera (int n_views, int n_points, const double *object,
                               const double *image, int width, int height, double k[9],
                               double dist[5], GError **error);
/* Undistorts n pixel points in place (output again in pixels of the ideal camera k). */
void ts_cv_undistort_points (const double k[9], const double dist[5], double *points, int n);
/* A new undistorted copy of image. */
TsImage *ts_cv_undistort (const TsImage *image, const double k[9], const double dist[5]);
/* Least-squares homography taking n >= 4 points src to dst (row-major 3x3). FALSE with an
 * error when the points are degenerate (collinear, repeated). */
gboolean ts_cv_find_homography (int n, const double *src, const double *dst, double h[9],
                                GError **error);

G_END_DECLS

/* ---- live table: threading ---- */
G_BEGIN_DECLS
/* How many threads OpenCV may use inside one call (1 = measure on one core). */
void ts_cv_set_num_threads (int n);
G_END_DECLS

/* ---- title reading: connected components (reader.c) ---- */
G_BEGIN_DECLS
/* One 8-connected region of a 0/255 image: bounding box (pixels) and pixel count. */
typedef struct {
  int x, y, w, h;
  int area;
} TsCvComponent;
/* The 8-connected components of a 0/255 image, as a GArray of TsCvComponent indexed by
 * label (entry 0 is the background). labels_out, if not NULL, receives a new array of
 * width * height labels, row by row, owned by the caller (g_free). */
GArray *ts_cv_components (const TsImage *binary, guint32 **labels_out);
G_END_DECLS

/* ---- title reading: blur (reader.c) ---- */
G_BEGIN_DECLS
/* The blur of a grey image's edges as the sigma (pixels) of a Gaussian that would blur a
 * sharp step of its contrast (its 3rd to 97th percentile) to its steepest gradients (their
 * 99th percentile); 0 when it has no contrast. Strokes thinner than the blur read a little
 * low. */
double ts_cv_edge_sigma (const TsImage *gray);
/* In place on a grey image: iterations of Richardson-Lucy deconvolution with a Gaussian
 * point spread function of sigma (pixels). */
void ts_cv_deblur_gaussian (TsImage *gray, double sigma, int iterations);
G_END_DECLS
