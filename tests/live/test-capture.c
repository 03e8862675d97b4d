/* test-capture.c — frame sources: folders of frames in order with timestamps, bad frames and
 * bad specs reported clearly, and a camera that disappears being retried and resumed. */
#include "capture.h"

#include <glib/gstdio.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

static char *
make_frames_dir (int n, gboolean with_bad)
{
  char *dir = g_dir_make_tmp ("ts-capture-XXXXXX", NULL);
  assert_non_null (dir);
  for (int i = 0; i < n; i++) {
    g_autoptr (TsImage) img = ts_image_new (32, 24, 3);
    memset (img->data, 10 * (i + 1), (size_t) img->stride * img->height);
    /* Unpadded numbers: only a natural sort reads them in order. */
    g_autofree char *name = g_strdup_printf ("%s/frame%d.png", dir, i + 1);
    assert_true (ts_image_save (img, name, NULL));
  }
  if (with_bad) {
    g_autofree char *bad = g_strdup_printf ("%s/frame%d.png", dir, n + 1);
    assert_true (g_file_set_contents (bad, "not a png", -1, NULL));
    g_autoptr (TsImage) img = ts_image_new (32, 24, 3);
    memset (img->data, 200, (size_t) img->stride * img->height);
    g_autofree char *after = g_strdup_printf ("%s/frame%d.png", dir, n + 2);
    assert_true (ts_image_save (img, after, NULL));
  }
  g_autofree char *other = g_strdup_printf ("%s/notes.txt", dir);
  assert_true (g_file_set_contents (other, "ground truth lives elsewhere", -1, NULL));
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)) != NULL) {
    g_autofree char *p = g_build_filename (dir, name, NULL);
    g_unlink (p);
  }
  g_rmdir (dir);
}

static void
test_capture_dir__natural_order_and_timestamps (void **state)
{
  g_autofree char *dir = make_frames_dir (12, FALSE);
  g_autofree char *spec = g_strdup_printf ("dir:%s?fps=10", dir);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCaptureSource) src = ts_capture_open (spec, &error);
  assert_null (error);
  assert_false (ts_capture_is_live (src));
  for (int i = 0; i < 12; i++) {
    TsImage *frame = NULL;
    gint64 t = -1;
    assert_int_equal (ts_capture_read (src, &frame, &t, &error), TS_CAPTURE_FRAME);
    assert_int_equal (frame->data[0], 10 * (i + 1));
    assert_int_equal (t, i * 100000);
    ts_image_free (frame);
  }
  TsImage *frame = NULL;
  assert_int_equal (ts_capture_read (src, &frame, NULL, &error), TS_CAPTURE_END);
  assert_null (frame);
  assert_int_equal (ts_capture_get_frame_count (src), 12);
  remove_dir (dir);
}

static void
test_capture_dir__bad_frame_is_reported_and_skipped (void **state)
{
  g_autofree char *dir = make_frames_dir (2, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCaptureSource) src = ts_capture_open (dir, &error);  /* bare path = dir: */
  assert_non_null (src);
  int frames = 0, again = 0;
  for (;;) {
    TsImage *frame = NULL;
    g_autoptr (GError) e = NULL;
    TsCaptureStatus st = ts_capture_read (src, &frame, NULL, &e);
    if (st == TS_CAPTURE_END)
      break;
    if (st == TS_CAPTURE_AGAIN) {
      again++;
      assert_non_null (e);
      assert_non_null (strstr (e->message, "frame3.png"));
      continue;
    }
    assert_int_equal (st, TS_CAPTURE_FRAME);
    frames++;
    if (frames == 3)
      assert_int_equal (frame->data[0], 200);  /* the frame after the bad one */
    ts_image_free (frame);
  }
  assert_int_equal (frames, 3);
  assert_int_equal (again, 1);
  remove_dir (dir);
}

static void
test_capture_open__bad_specs_name_the_problem (void **state)
{
  static const char *const specs[] = { "dir:/no/such/folder", "file:/no/such.png",
                                       "video:/no/such.mp4", "dir:/tmp?fps=fast",
                                       "v4l2:/no/such/video9", NULL };
  for (int i = 0; specs[i]; i++) {
    g_autoptr (GError) error = NULL;
    TsCaptureSource *src = ts_capture_open (specs[i], &error);
    assert_null (src);
    assert_non_null (error);
    assert_true (strstr (error->message, "/no/such") != NULL || strstr (error->message, "fast"));
  }
  /* An empty folder is not a recorded session. */
  g_autofree char *empty = g_dir_make_tmp ("ts-capture-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  assert_null (ts_capture_open (empty, &error));
  assert_non_null (strstr (error->message, "no image"));
  g_rmdir (empty);
}

static void
test_capture_file__one_frame_or_looped (void **state)
{
  g_autofree char *dir = make_frames_dir (1, FALSE);
  g_autofree char *spec = g_strdup_printf ("file:%s/frame1.png?loop=1", dir);
  g_autoptr (TsCaptureSource) src = ts_capture_open (spec, NULL);
  assert_non_null (src);
  for (int i = 0; i < 3; i++) {
    g_autoptr (TsImage) frame = NULL;
    gint64 t;
    assert_int_equal (ts_capture_read (src, &frame, &t, NULL), TS_CAPTURE_FRAME);
    assert_int_equal (frame->width, 32);
  }
  remove_dir (dir);
}

/* A fake camera: delivers good_before frames, then is unplugged; reopening fails
 * down_attempts times; then it comes back. */
typedef struct {
  int good_before, down_attempts;
  int delivered, open_calls, close_calls;
  gboolean plugged;
} FakeCam;

static gboolean
fake_open (gpointer data, GError **error)
{
  FakeCam *c = data;
  c->open_calls++;
  if (!c->plugged) {
    if (c->down_attempts-- > 0) {
      g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE, "no such device");
      return FALSE;
    }
    c->plugged = TRUE;
  }
  return TRUE;
}

static TsImage *
fake_read (gpointer data, gint64 *t, GError **error)
{
  FakeCam *c = data;
  if (c->delivered == c->good_before) {
    c->plugged = FALSE;
    c->good_before = -1;
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE, "read failed: EIO");
    return NULL;
  }
  TsImage *img = ts_image_new (8, 8, 3);
  img->data[0] = (uint8_t) c->delivered++;
  *t = c->delivered * 1000;
  return img;
}

static void
fake_close (gpointer data)
{
  ((FakeCam *) data)->close_calls++;
}

static const TsCaptureBackend fake_backend = {
  .open = fake_open, .read = fake_read, .close = fake_close, .free = NULL,
};

static void
test_capture_lost_camera__retried_with_backoff_and_resumed (void **state)
{
  FakeCam cam = { .good_before = 5, .down_attempts = 3, .plugged = TRUE };
  g_autoptr (TsCaptureSource) src = ts_capture_new_custom (&fake_backend, &cam, "fake", TRUE);
  ts_capture_set_retry (src, 1, 8, 0);
  int frames = 0, again = 0;
  gint64 start = g_get_monotonic_time ();
  gboolean saw_lost = FALSE, saw_retry = FALSE;
  while (frames < 10) {
    TsImage *frame = NULL;
    g_autoptr (GError) e = NULL;
    TsCaptureStatus st = ts_capture_read (src, &frame, NULL, &e);
    assert_true (st == TS_CAPTURE_FRAME || st == TS_CAPTURE_AGAIN);
    if (st == TS_CAPTURE_AGAIN) {
      again++;
      assert_true (g_error_matches (e, TS_VISION_ERROR, TS_VISION_ERROR_DEVICE));
      saw_lost |= strstr (e->message, "camera lost") != NULL;
      saw_retry |= strstr (e->message, "retrying in") != NULL;
      continue;
    }
    assert_int_equal (frame->data[0], frames);  /* frames resume in order, none invented */
    frames++;
    ts_image_free (frame);
  }
  assert_true (saw_lost);
  assert_true (saw_retry);
  assert_int_equal (again, 1 + 3);  /* the loss, then three failed reopens */
  assert_int_equal (ts_capture_get_reconnect_count (src), 1);
  assert_int_equal (cam.close_calls, 1);
  /* Backoff 1 + 2 + 4 + 8 ms at least elapsed before the successful reopen. */
  assert_true (g_get_monotonic_time () - start >= 15 * 1000);
}

static void
test_capture_lost_camera__gives_up_after_max_attempts (void **state)
{
  FakeCam cam = { .good_before = 2, .down_attempts = 100, .plugged = TRUE };
  g_autoptr (TsCaptureSource) src = ts_capture_new_custom (&fake_backend, &cam, "fake", TRUE);
  ts_capture_set_retry (src, 1, 2, 3);
  TsCaptureStatus st;
  int reads = 0;
  g_autoptr (GError) last = NULL;
  do {
    TsImage *frame = NULL;
    g_clear_error (&last);
    st = ts_capture_read (src, &frame, NULL, &last);
    ts_image_free (frame);
    reads++;
  } while (st != TS_CAPTURE_ERROR && reads < 50);
  assert_int_equal (st, TS_CAPTURE_ERROR);
  assert_non_null (strstr (last->message, "gave up after 3"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_capture_dir__natural_order_and_timestamps),
    cmocka_unit_test (test_capture_dir__bad_frame_is_reported_and_skipped),
    cmocka_unit_test (test_capture_open__bad_specs_name_the_problem),
    cmocka_unit_test (test_capture_file__one_frame_or_looped),
    cmocka_unit_test (test_capture_lost_camera__retried_with_backoff_and_resumed),
    cmocka_unit_test (test_capture_lost_camera__gives_up_after_max_attempts),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
